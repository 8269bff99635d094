import { test, expect, DEMO, signedInPage } from "./fixtures";
import { CEO, ok, userId } from "./api-helpers";

/**
 * The promotion panel (issue 14 item 2): a panelist reads each nomination of a promotion session (the nominee,
 * the rationale, the endorsements and what the endorsers wrote, the feedback summary), votes and comments; the
 * sign-off party sends the outcome back with a comment and, after the session's runner sends it for review
 * again, approves it. The test builds its own cycle, nominations and session through the API (no seeded
 * session is touched): Morgan Manager nominates two direct reports, the super admin (who creates the session,
 * so runs it as its HR partner) asks for endorsements, Morgan endorses one, the session is activated.
 *
 * Cast: HR partner Ada Admin (creator), session admin Priya Partner, panelist Harper Ops, sign-off party Carmen Chief.
 */

test.describe("promotion panel", () => {
  // The blank send-back comment answers 400 or 422 (ADR 0060) (the dialog shows why).
  test.use({ allowHttpErrors: [400, 422] });

  test("a panelist votes and comments; the sign-off party sends the outcome back, then approves it", async ({ browser }) => {
    test.setTimeout(240_000);

    // ── Setup through the API. ──
    const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
    const a = admin.page;
    const { users } = await ok<{ users: Array<{ id: number; email: string; name: string }> }>(
      await a.request.get("/api/v1/admin/users?role[]=EMPLOYEE&page_size=100")
    );
    const taken = new Set<string>([DEMO.employee.email, DEMO.manager.email, CEO.email]);
    const others = users.filter((u) => !taken.has(u.email));
    const second = others[10]!; // a second nominee: Morgan's direct report in this cycle
    const endorser2 = others[11]!; // asked to endorse Eli; never answers

    const cycleData = { name: `E2E Promotions ${Date.now()}`, start_date: "2027-01-04", planned_end_date: "2027-03-31" };
    const cycleId = (await ok<{ cycle: { id: number } }>(await a.request.post("/api/v1/admin/cycles", { data: cycleData }), 201)).cycle.id;
    for (const email of [DEMO.employee.email, second.email]) {
      await ok(await a.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data: { email, manager_email: DEMO.manager.email } }), 201);
    }
    for (const step of ["start", "progress_to_spu_feedback", "progress_to_manager_feedback"])
      await ok(await a.request.patch(`/api/v1/admin/cycles/${cycleId}/${step}`));

    const morgan = await signedInPage(browser, DEMO.manager);
    const rationale = "Eli led the billing migration end to end and mentors two engineers.";
    await ok(await morgan.page.request.post(`/api/v1/cycles/${cycleId}/promotion_nominations`, { data: { email: DEMO.employee.email, rationale } }), 201);
    await ok(
      await morgan.page.request.post(`/api/v1/cycles/${cycleId}/promotion_nominations`, { data: { email: second.email, rationale: "Owns the on-call rota." } }),
      201
    );
    await ok(await a.request.patch(`/api/v1/admin/cycles/${cycleId}/progress_to_calibration`));

    type PoolRow = { id: number; nominee: { email: string } };
    const pool = await ok<{ promotion_nominations: PoolRow[] }>(await a.request.get(`/api/v1/admin/cycles/${cycleId}/promotion_nominations`));
    const eliNid = pool.promotion_nominations.find((n) => n.nominee.email === DEMO.employee.email)!.id;
    const secondNid = pool.promotion_nominations.find((n) => n.nominee.email === second.email)!.id;
    const morganId = await userId(a, DEMO.manager.email);
    const harperId = await userId(a, DEMO.hrOps.email);
    const session = await ok<{ promotion_calibration_session: { id: number } }>(
      await a.request.post(`/api/v1/admin/cycles/${cycleId}/promotion_calibration_sessions`, {
        data: {
          name: "E2E promotion panel",
          nomination_ids: [eliNid, secondNid],
          session_admin_id: await userId(a, DEMO.peoplePartner.email),
          panelist_ids: [harperId],
          sign_off_ids: [await userId(a, CEO.email)],
        },
      }),
      201
    );
    const sessionId = session.promotion_calibration_session.id;
    const runner = `/api/v1/cycles/${cycleId}/hr_partner/promotion_calibration_sessions/${sessionId}/promotion_nominations`;
    await ok(
      await a.request.post(`${runner}/${eliNid}/endorsements`, {
        data: { endorser_ids: [morganId, endorser2.id] },
      }),
      201
    );
    const answer = `/api/v1/cycles/${cycleId}/nominations/${eliNid}/endorsements/${morganId}`;
    await ok(await morgan.page.request.post(`${answer}/accept`));
    const written = "Eli raised the bar for the whole team this year.";
    await ok(
      await morgan.page.request.post(`${answer}/endorse`, {
        data: { outcome: "endorsed", endorsement: written },
      })
    );
    await morgan.close();
    await ok(await a.request.patch(`/api/v1/admin/cycles/${cycleId}/promotion_calibration_sessions/${sessionId}/transition?event=activate`));

    // ── The panelist reads the nominations. ──
    const harper = await signedInPage(browser, DEMO.hrOps, `/app/promotions/calibration-panelist/sessions?cycle_id=${cycleId}`);
    const p = harper.page;
    await expect(p.getByRole("heading", { name: "Review Promotion Calibration Session" })).toBeVisible();
    await expect(p.getByTestId(`promotion-session-state-${sessionId}`)).toHaveText("Active");
    await p.getByTestId(`promotion-session-link-${sessionId}`).click();
    await expect(p.getByTestId("meeting-title")).toHaveText("E2E promotion panel");
    await expect(p.getByTestId("session-state")).toHaveText("Active");
    const eliCard = p.getByTestId(`nomination-${eliNid}`);
    await expect(eliCard.getByTestId(`nomination-name-${eliNid}`)).toHaveText(DEMO.employee.name);
    await expect(eliCard).toContainText("Morgan Manager");
    await expect(eliCard.getByTestId(`nomination-rationale-${eliNid}`)).toHaveText(rationale);
    await expect(eliCard.getByTestId(`nomination-endorsement-summary-${eliNid}`)).toHaveText("1 of 2 completed");
    await expect(eliCard).toContainText(written);
    // The endorsement status dialog: Name, Email, Endorsement Request Status, Endorsement Outcome, Close.
    await eliCard.getByTestId(`nomination-endorsements-${eliNid}`).click();
    const statusDialog = p.getByTestId(`nomination-endorsements-${eliNid}-dialog`);
    await expect(statusDialog.getByRole("columnheader")).toHaveText(["Name", "Email", "Endorsement Request Status", "Endorsement Outcome"]);
    await expect(statusDialog).toContainText("Completed");
    await expect(statusDialog).toContainText(endorser2.email);
    await statusDialog.getByRole("button", { name: "Close" }).click();
    await expect(statusDialog).toBeHidden();

    // Votes: Promote Eli with a note, Defer the second nominee.
    await eliCard.getByLabel("Promote", { exact: true }).check();
    await eliCard.getByTestId(`vote-note-${eliNid}`).fill("Clear case: the migration shipped on time.");
    await eliCard.getByTestId(`vote-submit-${eliNid}`).click();
    await expect(p.getByText("Vote saved: Promote")).toBeVisible();
    await expect(eliCard.getByTestId(`nomination-tally-${eliNid}`)).toHaveText("Promote: 1 · Do not promote: 0 · Defer: 0");
    await expect(eliCard.getByTestId(`nomination-vote-${eliNid}-${harperId}`)).toContainText("Clear case: the migration shipped on time.");
    await expect(eliCard.getByTestId(`my-vote-${eliNid}`)).toHaveText("Your vote: Promote");
    const secondCard = p.getByTestId(`nomination-${secondNid}`);
    await secondCard.getByLabel("Defer").check();
    await secondCard.getByTestId(`vote-submit-${secondNid}`).click();
    await expect(secondCard.getByTestId(`my-vote-${secondNid}`)).toHaveText("Your vote: Defer");
    await expect(p.getByTestId("my-vote-count")).toHaveText("You have voted on 2 of 2 nominations.");

    // Comments and the feedback summary of one nomination (opened in the address).
    await eliCard.getByTestId(`discussion-toggle-${eliNid}`).click();
    await expect(p).toHaveURL(new RegExp(`nomination=${eliNid}`));
    await expect(p.getByTestId("nomination-comments-empty")).toBeVisible();
    await p.getByTestId("nomination-comments-input").fill("Peers mention the migration runbook too.");
    await p.getByTestId("nomination-comments-submit").click();
    await expect(p.getByTestId("nomination-comments-thread")).toContainText("Peers mention the migration runbook too.");
    await expect(eliCard.getByTestId(`discussion-toggle-${eliNid}`)).toHaveText("Hide comments");
    await p.getByTestId("summary-toggle").click();
    await expect(p.getByTestId("feedback-summary")).toBeVisible();
    await expect(p.getByTestId("summary-reviewee")).toHaveText(DEMO.employee.name);
    // The other nomination's thread is its own.
    await secondCard.getByTestId(`discussion-toggle-${secondNid}`).click();
    await expect(p.getByTestId("nomination-comments-empty")).toBeVisible();
    await expect(eliCard.getByTestId(`discussion-toggle-${eliNid}`)).toHaveText("Comments (1) · Feedback summary");

    // ── The runner decides and sends the session for review; the panelist's open page follows. ──
    await ok(
      await a.request.patch(`${runner}/${eliNid}/decision`, {
        data: { decision: "PROMOTED", reason: "The panel agrees." },
      })
    );
    await ok(
      await a.request.patch(`${runner}/${secondNid}/decision`, {
        data: { decision: "DEFERRED", reason: "Revisit next cycle." },
      })
    );
    const transition = (event: string) =>
      a.request.patch(`/api/v1/cycles/${cycleId}/promotion_calibration_sessions/${sessionId}/transition?event=${event}`, { data: {} });
    await ok(await transition("progress_to_review"));
    await expect(p.getByTestId("session-state")).toHaveText("In review", {
      timeout: 10_000,
    });
    await expect(p.getByTestId(`vote-submit-${eliNid}`)).toHaveCount(0);
    await expect(p.getByTestId(`nomination-decision-${eliNid}`)).toHaveText("Promoted");
    await harper.close();

    // ── The sign-off party sends the outcome back with a comment. ──
    const carmen = await signedInPage(browser, CEO, `/app/promotions/sign-off-party/sessions?cycle_id=${cycleId}`);
    const s = carmen.page;
    await expect(s.getByRole("heading", { name: "Sign-off Promotion Calibration Session" })).toBeVisible();
    await s.getByTestId(`promotion-session-link-${sessionId}`).click();
    await expect(s.getByTestId("session-state")).toHaveText("In review");
    await expect(s.getByTestId(`outcome-decision-${eliNid}`)).toHaveText("Promoted");
    await expect(s.getByTestId(`outcome-decision-${secondNid}`)).toHaveText("Deferred");
    await expect(s.getByTestId(`outcome-tally-${eliNid}`)).toHaveText("Promote 1 · Do not promote 0 · Defer 0");
    await expect(s.getByTestId(`outcome-endorsements-${eliNid}`)).toHaveText("1 of 2 completed · 1 endorsed");
    await expect(s.getByTestId(`outcome-history-${eliNid}`)).toContainText("The panel agrees.");
    // The nomination's comments, and the sign-off party's own.
    await s.getByTestId(`discussion-toggle-${eliNid}`).click();
    await expect(s.getByTestId("nomination-comments-thread")).toContainText("Peers mention the migration runbook too.");
    await s.getByTestId("nomination-comments-input").fill("Agreed on Eli.");
    await s.getByTestId("nomination-comments-submit").click();
    await expect(s.getByTestId("nomination-comments-thread")).toContainText("Agreed on Eli.");

    await s.getByTestId("send-back").click();
    const sendBack = s.getByTestId("send-back-dialog");
    await expect(sendBack.getByRole("heading", { name: "Send the outcome back?" })).toBeVisible();
    // A blank comment is refused (400): the dialog says what is missing.
    await sendBack.getByTestId("send-back-dialog-comment").fill("   ");
    await sendBack.getByTestId("send-back-dialog-confirm").click();
    await expect(sendBack).toContainText("a comment is required to send the outcome back");
    await expect(s.getByTestId("session-state")).toHaveText("In review");
    await sendBack.getByTestId("send-back-dialog-comment").fill("Explain the deferral of the second nominee.");
    await sendBack.getByTestId("send-back-dialog-confirm").click();
    await expect(s.getByText("Outcome sent back for revision")).toBeVisible();
    await expect(sendBack).toBeHidden();
    await expect(s.getByTestId("session-state")).toHaveText("Revision requested");
    await expect(s.getByTestId("session-comments-thread")).toContainText("Explain the deferral of the second nominee.");
    await expect(s.getByTestId("approve")).toHaveCount(0);

    // ── The runner sends it for review again; the open page follows; the sign-off party approves. ──
    await ok(
      await a.request.patch(`${runner}/${secondNid}/decision`, {
        data: {
          decision: "NOT_PROMOTED",
          reason: "Scope is not there yet; the notes say why.",
        },
      })
    );
    await ok(await transition("progress_to_review"));
    await expect(s.getByTestId("session-state")).toHaveText("In review", {
      timeout: 10_000,
    });
    await expect(s.getByTestId(`outcome-decision-${secondNid}`)).toHaveText("Not Promoted");
    await expect(s.getByTestId(`outcome-history-${secondNid}`).locator('[data-superseded="true"]')).toContainText("Revisit next cycle.");
    await s.getByTestId("approve").click();
    const approve = s.getByTestId("approve-dialog");
    await approve.getByTestId("approve-dialog-comment").fill("Approved.");
    await approve.getByTestId("approve-dialog-confirm").click();
    await expect(s.getByText("Outcome approved: the session is closed")).toBeVisible();
    await expect(s.getByTestId("session-state")).toHaveText("Closed");
    await expect(s.getByTestId("send-back")).toHaveCount(0);

    // A second approval (from an out-of-date page or the API) is refused with the service's 409.
    const again = await ok<{ error: { message: string } }>(
      await s.request.patch(`/api/v1/cycles/${cycleId}/promotion_calibration_sessions/${sessionId}/transition?event=progress_to_close`, { data: {} }),
      409
    );
    expect(again.error.message).toContain("closed");
    await carmen.close();
    await admin.close();
  });
});
