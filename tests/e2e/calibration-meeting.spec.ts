import type { Page } from "@playwright/test";
import { test, expect, DEMO, open, signIn, signedInPage } from "./fixtures";
import { CEO, ok, userId } from "./api-helpers";

/**
 * Calibration meetings (issue 13 items 4, 5, 6, 8): two panelists follow the same session live, the session
 * admin runs it (rating changes with their history, the 9-box, a move, a termination, progress to review),
 * and the sign-off party sends it back once and then closes it. The test builds its own cycle and sessions
 * through the admin API (no seeded session is touched): a cycle in the calibration stage, session A (active)
 * with four participants and session B (draft, the move's target).
 *
 * Cast: session admin Priya Partner, panelists Morgan Manager and Harper Ops, sign-off party Carmen Chief.
 */

const GUIDELINE = { 1: 5, 2: 15, 3: 50, 4: 20, 5: 10 };

type SpRow = { id: number; participant_id: number; user: { email: string; name: string } };

type Created = { calibration_session: { id: number } };
type Users = { users: Array<{ id: number; email: string }> };

/** A cycle in the calibration stage with `emails` as participants (no manager feedback: nobody has a proposed rating). */
async function calibrationCycle(admin: Page, emails: string[]): Promise<number> {
  const created = await ok<{ cycle: { id: number } }>(await admin.request.post("/api/v1/admin/cycles", { data: { name: `E2E Calibration ${Date.now()}`, start_date: "2027-01-04", planned_end_date: "2027-03-31" } }), 201);
  const cycleId: number = created.cycle.id;
  for (const email of emails) await ok(await admin.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data: { email } }), 201);
  for (const step of ["start", "progress_to_spu_feedback", "progress_to_manager_feedback", "progress_to_calibration"]) {
    await ok(await admin.request.patch(`/api/v1/admin/cycles/${cycleId}/${step}`));
  }
  return cycleId;
}

test.describe("calibration meeting", () => {
  test("panelists follow a session live; the session admin runs it; the sign-off party sends it back and closes it", async ({ page, browser }) => {
    test.setTimeout(360_000);

    // ── Setup through the admin API. ──
    const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
    // Four more employees besides Eli (none of them a member of the sessions).
    const { users } = await ok<Users>(await admin.page.request.get("/api/v1/admin/users?role[]=EMPLOYEE&page_size=100"));
    const taken = new Set<string>([DEMO.employee.email, DEMO.manager.email, CEO.email]);
    const others = users.map((u) => u.email).filter((e) => !taken.has(e));
    const picked = [DEMO.employee.email, ...others.slice(0, 4)];
    expect(picked.length).toBe(5);
    const cycleId = await calibrationCycle(admin.page, picked);
    const pool = await ok<{ participants: Array<{ participant_id: number; user: { email: string } }> }>(
      await admin.page.request.get(`/api/v1/admin/cycles/${cycleId}/calibration_sessions/all_participants`),
    );
    const pidOf = (email: string) => pool.participants.find((p) => p.user.email === email)!.participant_id;
    const members = {
      session_admin_id: await userId(admin.page, DEMO.peoplePartner.email),
      panelist_ids: [await userId(admin.page, DEMO.manager.email), await userId(admin.page, DEMO.hrOps.email)],
      sign_off_ids: [await userId(admin.page, CEO.email)],
      guideline: GUIDELINE,
    };
    const base = `/api/v1/admin/cycles/${cycleId}/calibration_sessions`;
    const a = await ok<Created>(await admin.page.request.post(base, { data: { name: "E2E meeting A", participant_ids: picked.slice(0, 4).map(pidOf), ...members } }), 201);
    const b = await ok<Created>(await admin.page.request.post(base, { data: { name: "E2E meeting B", participant_ids: [pidOf(picked[4]!)], ...members } }), 201);
    const sessionId: number = a.calibration_session.id;
    const targetId: number = b.calibration_session.id;
    await ok(await admin.page.request.patch(`${base}/${sessionId}/activate`));
    await admin.close();

    // ── The session admin's view of the participants (their session participant ids). ──
    await signIn(page, DEMO.peoplePartner, `/app/session-admin/calibration-sessions?cycle_id=${cycleId}`);
    await expect(page.getByRole("heading", { name: "Run Calibration Session" })).toBeVisible();
    await expect(page.getByTestId(`meeting-session-state-${sessionId}`)).toHaveText("Active");
    const { participants: sps } = await ok<{ participants: SpRow[] }>(
      await page.request.get(`/api/v1/cycles/${cycleId}/calibration_session_admin/calibration_sessions/${sessionId}/participants`),
    );
    const spOf = (email: string) => sps.find((s) => s.user.email === email)!;
    const eli = spOf(DEMO.employee.email);
    const moving = spOf(picked[1]!);
    const leaving = spOf(picked[2]!);

    // ── Two panelists open the same session. ──
    const morgan = await signedInPage(browser, DEMO.manager, `/app/ratings/calibration-panelist/sessions?cycle_id=${cycleId}`);
    await morgan.page.getByTestId(`meeting-session-link-${sessionId}`).click();
    await expect(morgan.page.getByTestId("meeting-title")).toHaveText("E2E meeting A");
    await expect(morgan.page.getByTestId("session-state")).toHaveText("Active");
    const harper = await signedInPage(browser, DEMO.hrOps, `/app/ratings/calibration-panelist/sessions/${sessionId}?cycle_id=${cycleId}`);
    await expect(harper.page.getByTestId(`sp-proposals-${eli.id}`)).toHaveText("None");
    await harper.page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

    // The first proposes a rating with a justification and comments.
    await morgan.page.getByTestId(`sp-link-${eli.id}`).click();
    await expect(morgan.page.getByTestId("meeting-title")).toHaveText(`Calibration rating: ${DEMO.employee.name}`);
    await expect(morgan.page.getByTestId("feedback-summary")).toBeVisible();
    await morgan.page.getByTestId("proposal-rating").click();
    await morgan.page.getByRole("option", { name: "4 - Exceeds Expectations" }).click();
    await morgan.page.getByTestId("proposal-justification").fill("Led the billing migration; above the bar for the level.");
    await morgan.page.getByTestId("proposal-submit").click();
    await expect(morgan.page.getByText("Rating proposed")).toBeVisible();
    await expect(morgan.page.getByTestId(`proposal-row-${members.panelist_ids[0]}`)).toContainText("Led the billing migration");
    await morgan.page.getByTestId("participant-comments-input").fill("Peers mention the migration runbook too.");
    await morgan.page.getByTestId("participant-comments-submit").click();
    await expect(morgan.page.getByTestId("participant-comments-thread")).toContainText("Peers mention the migration runbook too.");

    // The second sees both on their open page, without reloading.
    await expect(harper.page.getByTestId(`sp-proposals-${eli.id}`)).toHaveText("Morgan Manager: 4", { timeout: 5_000 });
    await expect(harper.page.getByTestId(`sp-comments-${eli.id}`)).toHaveText("1", { timeout: 5_000 });
    expect(await harper.page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    // ── The session admin runs the meeting. ──
    await page.getByTestId(`meeting-session-link-${sessionId}`).click();
    await expect(page.getByTestId("meeting-title")).toHaveText("E2E meeting A");
    await expect(page.getByTestId(`sp-proposals-${eli.id}`)).toHaveText("Morgan Manager: 4");
    await expect(page.getByTestId("distribution-table")).toBeVisible();

    const setRating = async (sp: SpRow, rating: string, reason: string, potential?: string) => {
      await page.getByTestId(`sp-set-rating-${sp.id}`).click();
      const dialog = page.getByTestId("rating-dialog");
      await dialog.getByTestId("rating-dialog-rating").click();
      await page.getByRole("option", { name: rating }).click();
      if (potential) {
        await dialog.getByTestId("rating-dialog-potential").click();
        await page.getByRole("option", { name: potential }).click();
      }
      await dialog.getByTestId("rating-dialog-reason").fill(reason);
      await dialog.getByTestId("rating-dialog-save").click();
      await expect(dialog).toBeHidden();
    };
    await setRating(eli, "2 - Partially Meets Expectations", "Missed two of the quarter's goals.", "Medium potential");
    await expect(page.getByTestId(`sp-rating-${eli.id}`)).toHaveText("2 - Partially Meets Expectations");
    await setRating(eli, "3 - Meets Expectations", "The goals moved mid-quarter; the panel agrees on meets.");
    await expect(page.getByTestId(`sp-rating-${eli.id}`)).toHaveText("3 - Meets Expectations");
    await expect(page.getByTestId("distribution-count-3")).toHaveText("1");
    // The history: the newest change strikes the old value through; the replaced change is struck through whole.
    const rows = page.getByTestId("history-table").locator("tbody tr");
    await expect(rows.first()).toContainText("The goals moved mid-quarter");
    await expect(rows.first().locator("del").first()).toHaveText("2 - Partially Meets Expectations");
    await expect(rows.first().locator("ins")).toHaveText("3 - Meets Expectations");
    await expect(rows.first()).toContainText("Priya Partner");
    const replaced = page.getByTestId("history-table").locator('tbody tr[data-superseded="true"]').filter({ hasText: "Missed two of the quarter's goals." }).filter({ hasText: "Rating" });
    await expect(replaced.locator("del")).toHaveText(["—", "2 - Partially Meets Expectations"]);
    // The panelists see the new rating live.
    await expect(harper.page.getByTestId(`sp-rating-${eli.id}`)).toHaveText("3 - Meets Expectations", { timeout: 5_000 });

    // The 9-box: drag Eli from Meets / Medium to Above / High, with a reason.
    await expect(page.getByTestId("ninebox-cell-2-2").getByTestId(`ninebox-card-${eli.id}`)).toBeVisible();
    await page.getByTestId(`ninebox-card-${eli.id}`).dragTo(page.getByTestId("ninebox-cell-3-3"));
    const boxDialog = page.getByTestId("rating-dialog");
    await expect(boxDialog.getByTestId("rating-dialog-summary")).toContainText("Rating: 3 - Meets Expectations → 4 - Exceeds Expectations");
    await expect(boxDialog.getByTestId("rating-dialog-summary")).toContainText("Potential: Medium potential → High potential");
    await boxDialog.getByTestId("rating-dialog-reason").fill("Ready for a larger scope.");
    await boxDialog.getByTestId("rating-dialog-save").click();
    await expect(boxDialog).toBeHidden();
    await expect(page.getByTestId("ninebox-cell-3-3").getByTestId(`ninebox-card-${eli.id}`)).toBeVisible();
    await expect(page.getByTestId(`sp-rating-${eli.id}`)).toHaveText("4 - Exceeds Expectations");
    // The keyboard alternative: the card's "Move to box…" menu.
    await page.getByRole("button", { name: `Move ${DEMO.employee.name} to box…` }).click();
    await expect(page.getByRole("menuitem", { name: "Above / High potential" })).toBeDisabled();
    await page.keyboard.press("Escape");

    // Move a participant to session B.
    await page.getByRole("row").filter({ has: page.getByTestId(`sp-name-${moving.id}`) }).getByRole("checkbox").check();
    await page.getByTestId("move-target").click();
    await page.getByTestId(`move-target-${targetId}`).click();
    await page.getByTestId("move-submit").click();
    await expect(page.getByText("Moved 1 participant")).toBeVisible();
    await expect(page.getByTestId(`sp-name-${moving.id}`)).toHaveCount(0);
    await expect(harper.page.getByTestId(`sp-link-${moving.id}`)).toHaveCount(0, { timeout: 5_000 });

    // Terminate one who left the company (confirmation).
    await page.getByTestId(`sp-terminate-${leaving.id}`).click();
    await page.getByTestId("terminate-dialog-confirm").click();
    await expect(page.getByTestId(`sp-terminated-${leaving.id}`)).toBeVisible();

    // Progress to review (confirmation).
    await page.getByTestId("progress-to-review").click();
    await page.getByTestId("progress-dialog-confirm").click();
    await expect(page.getByTestId("session-state")).toHaveText("In review");
    await expect(page.getByTestId("progress-to-review")).toHaveCount(0);
    await expect(page.getByTestId(`sp-set-rating-${eli.id}`)).toHaveCount(0);
    await expect(harper.page.getByTestId("session-state")).toHaveText("In review", { timeout: 5_000 });
    await morgan.close();
    await harper.close();

    // ── The sign-off party sends it back with a comment. ──
    const carmen = await signedInPage(browser, CEO, `/app/sign-off-party/calibration-sessions/${sessionId}?cycle_id=${cycleId}`);
    const signOff = carmen.page;
    await expect(signOff.getByTestId("session-state")).toHaveText("In review");
    await expect(signOff.getByTestId(`outcome-rating-${eli.id}`)).toContainText("4 - Exceeds Expectations");
    await expect(signOff.getByTestId(`outcome-rating-${leaving.id}`)).toHaveText("No outcome");
    await expect(signOff.getByTestId("distribution-count-4")).toHaveText("1");
    await signOff.getByTestId("request-revision").click();
    await signOff.getByTestId("revision-dialog-comment").fill("Explain the jump to 4 for Eli in the notes.");
    await signOff.getByTestId("revision-dialog-confirm").click();
    await expect(signOff.getByTestId("session-state")).toHaveText("Revision requested");
    await expect(signOff.getByTestId("session-comments-thread")).toContainText("Revision requested: Explain the jump to 4 for Eli in the notes.");
    await expect(signOff.getByTestId("close-session")).toHaveCount(0);

    // The session admin's open page follows; they answer and progress to review again.
    await expect(page.getByTestId("session-state")).toHaveText("Revision requested", { timeout: 5_000 });
    await expect(page.getByTestId("session-comments-thread")).toContainText("Explain the jump to 4");
    await page.getByTestId("session-comments-input").fill("Eli led the migration end to end; see the history.");
    await page.getByTestId("session-comments-submit").click();
    await expect(page.getByTestId("session-comments-thread")).toContainText("Eli led the migration end to end");
    await page.getByTestId("progress-to-review").click();
    await page.getByTestId("progress-dialog-confirm").click();
    await expect(page.getByTestId("session-state")).toHaveText("In review");

    // ── The sign-off party closes it. ──
    await expect(signOff.getByTestId("session-state")).toHaveText("In review", { timeout: 5_000 });
    await expect(signOff.getByTestId("session-comments-thread")).toContainText("Eli led the migration end to end");
    await signOff.getByTestId("close-session").click();
    await signOff.getByTestId("close-dialog-confirm").click();
    await expect(signOff.getByTestId("session-state")).toHaveText("Closed");
    await expect(signOff.getByTestId("close-session")).toHaveCount(0);
    await expect(page.getByTestId("session-state")).toHaveText("Closed", { timeout: 5_000 });
    await carmen.close();

    // The list shows the closed session.
    await open(page, `/app/session-admin/calibration-sessions?cycle_id=${cycleId}`);
    await expect(page.getByTestId(`meeting-session-state-${sessionId}`)).toHaveText("Closed");
  });
});
