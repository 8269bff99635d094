import { test, expect, DEMO, signIn, signedInPage } from "./fixtures";
import { CEO, ok, userId } from "./api-helpers";

/**
 * The admin promotion dashboard (issue 14 item 4): the counts of a cycle as charts with a table view, how they
 * move when the sign-off party approves a session's outcome, closing one session and all of them, and the
 * no-access message for anyone but a super admin. The test builds its own cycle through the API: Morgan
 * Manager nominates five direct reports and withdraws one; session A (two nominations, one endorsement
 * written and one never answered) goes to review with its decisions; sessions B and C stay drafts.
 */

test.describe("promotion dashboard: access", () => {
  test.use({ allowHttpErrors: [403] });

  test("an employee gets the no-access message", async ({ browser }) => {
    const eli = await signedInPage(browser, DEMO.employee, "/app/admin/promotion-dashboard");
    await expect(eli.page.getByTestId("error-view")).toHaveText("You do not have access to this page");
    await expect(eli.page.getByRole("heading", { name: "Promotion Dashboard" })).toHaveCount(0);
    await eli.close();
  });
});

test.describe("promotion dashboard", () => {
  test("the counts as charts and tables, moving when a session's outcome is approved; closing sessions", async ({ page, browser }) => {
    test.setTimeout(240_000);

    // ── Setup through the API. ──
    const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
    const a = admin.page;
    const { users } = await ok<{ users: Array<{ id: number; email: string }> }>(await a.request.get("/api/v1/admin/users?role[]=EMPLOYEE&page_size=100"));
    const taken = new Set<string>([DEMO.employee.email, DEMO.manager.email, CEO.email]);
    const others = users.filter((u) => !taken.has(u.email)).slice(20, 25);
    expect(others.length).toBe(5);
    const nominees = [DEMO.employee.email, ...others.slice(0, 4).map((u) => u.email)];
    const [eli, inA, inB, inC, withdrawn] = nominees as [string, string, string, string, string];
    const endorser2 = others[4]!;

    const cycleName = `E2E Promotion dashboard ${Date.now()}`;
    const cycleId = (
      await ok<{ cycle: { id: number } }>(
        await a.request.post("/api/v1/admin/cycles", { data: { name: cycleName, start_date: "2027-01-04", planned_end_date: "2027-03-31" } }),
        201
      )
    ).cycle.id;
    for (const email of nominees) {
      await ok(await a.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data: { email, manager_email: DEMO.manager.email } }), 201);
    }
    for (const step of ["start", "progress_to_spu_feedback", "progress_to_manager_feedback"])
      await ok(await a.request.patch(`/api/v1/admin/cycles/${cycleId}/${step}`));
    const morgan = await signedInPage(browser, DEMO.manager);
    for (const email of nominees) {
      await ok(
        await morgan.page.request.post(`/api/v1/cycles/${cycleId}/promotion_nominations`, {
          data: { email, rationale: `Ready for the next level (${email}).` },
        }),
        201
      );
    }
    await ok(await morgan.page.request.delete(`/api/v1/cycles/${cycleId}/promotion_nominations/${encodeURIComponent(withdrawn)}`));
    await ok(await a.request.patch(`/api/v1/admin/cycles/${cycleId}/progress_to_calibration`));

    const pool = await ok<{ promotion_nominations: Array<{ id: number; nominee: { email: string } }> }>(
      await a.request.get(`/api/v1/admin/cycles/${cycleId}/promotion_nominations`)
    );
    const nid = (email: string) => pool.promotion_nominations.find((n) => n.nominee.email === email)!.id;
    const members = { panelist_ids: [await userId(a, DEMO.hrOps.email)], sign_off_ids: [await userId(a, CEO.email)] };
    const create = async (name: string, emails: string[]) =>
      (
        await ok<{ promotion_calibration_session: { id: number } }>(
          await a.request.post(`/api/v1/admin/cycles/${cycleId}/promotion_calibration_sessions`, {
            data: { name, nomination_ids: emails.map(nid), ...members },
          }),
          201
        )
      ).promotion_calibration_session.id;
    const sessionA = await create("E2E dashboard A", [eli, inA]);
    const sessionB = await create("E2E dashboard B", [inB]);
    const sessionC = await create("E2E dashboard C", [inC]);

    const morganId = await userId(a, DEMO.manager.email);
    const runner = `/api/v1/cycles/${cycleId}/hr_partner/promotion_calibration_sessions/${sessionA}/promotion_nominations`;
    await ok(await a.request.post(`${runner}/${nid(eli)}/endorsements`, { data: { endorser_ids: [morganId, endorser2.id] } }), 201);
    const answer = `/api/v1/cycles/${cycleId}/nominations/${nid(eli)}/endorsements/${morganId}`;
    await ok(await morgan.page.request.post(`${answer}/accept`));
    await ok(await morgan.page.request.post(`${answer}/endorse`, { data: { outcome: "endorsed", endorsement: "A clear yes." } }));
    await morgan.close();
    await ok(await a.request.patch(`/api/v1/admin/cycles/${cycleId}/promotion_calibration_sessions/${sessionA}/transition?event=activate`));
    await ok(await a.request.patch(`${runner}/${nid(eli)}/decision`, { data: { decision: "PROMOTED", reason: "The panel agrees." } }));
    await ok(await a.request.patch(`${runner}/${nid(inA)}/decision`, { data: { decision: "NOT_PROMOTED", reason: "Not yet." } }));
    await ok(await a.request.patch(`/api/v1/cycles/${cycleId}/promotion_calibration_sessions/${sessionA}/transition?event=progress_to_review`, { data: {} }));
    await admin.close();

    // ── The dashboard before the sign-off. ──
    await signIn(page, DEMO.superAdmin, `/app/admin/promotion-dashboard?cycle_id=${cycleId}`);
    await expect(page.getByRole("heading", { name: "Promotion Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByTestId("nominations-per-cycle-summary")).toHaveText(`${cycleName}: 4 nominations, 1 withdrawn, 0 decided, 0 promoted`);
    await expect(page.getByTestId("nominations-per-cycle-chart").locator("svg").first()).toBeVisible();
    await page.getByTestId("nominations-per-cycle-view-table").click();
    await expect(page.getByTestId("nominations-per-cycle-chart")).toHaveCount(0);
    await expect(page.getByTestId(`cycle-nominated-${cycleId}`)).toHaveText("4");
    await expect(page.getByTestId(`cycle-withdrawn-${cycleId}`)).toHaveText("1");
    await expect(page.getByTestId(`cycle-decided-${cycleId}`)).toHaveText("0");
    await expect(page.getByTestId(`cycle-promoted-${cycleId}`)).toHaveText("0");

    await expect(page.getByTestId("endorsement-completion-summary")).toHaveText("1 of 2 requests completed (50%)");
    await page.getByTestId("endorsement-completion-view-table").click();
    await expect(page.getByTestId("endorsement-count-endorsed")).toHaveText("1");
    await expect(page.getByTestId("endorsement-count-requested")).toHaveText("1");

    await expect(page.getByTestId("session-progress-summary")).toHaveText("3 sessions · 2 of 4 nominations decided");
    await page.getByTestId("session-progress-view-table").click();
    await expect(page.getByTestId("progress-sessions-in_review")).toHaveText("1");
    await expect(page.getByTestId("progress-sessions-draft")).toHaveText("2");
    await expect(page.getByTestId("progress-decided-in_review")).toHaveText("2");
    // No signed-off decision yet: the approval rates say so.
    await expect(page.getByTestId("rates-by-department-empty")).toContainText("No decisions yet");
    await expect(page.getByTestId("rates-by-manager-empty")).toBeVisible();
    await expect(page.getByTestId(`dashboard-session-state-${sessionA}`)).toHaveText("In review");
    await expect(page.getByTestId(`dashboard-session-decided-${sessionA}`)).toHaveText("2");

    // ── The sign-off party approves session A (API); the counts move. ──
    const carmen = await signedInPage(browser, CEO);
    await ok(
      await carmen.page.request.patch(`/api/v1/cycles/${cycleId}/promotion_calibration_sessions/${sessionA}/transition?event=progress_to_close`, {
        data: { comment: "Approved." },
      })
    );
    await carmen.close();
    await page.reload();
    await expect(page.getByTestId("nominations-per-cycle-summary")).toHaveText(`${cycleName}: 4 nominations, 1 withdrawn, 2 decided, 1 promoted`);
    await page.getByTestId("nominations-per-cycle-view-table").click();
    await expect(page.getByTestId(`cycle-decided-${cycleId}`)).toHaveText("2");
    await expect(page.getByTestId(`cycle-promoted-${cycleId}`)).toHaveText("1");
    // The unanswered request was cancelled with the session's close: 1 of 1 asked (not cancelled) completed.
    await expect(page.getByTestId("endorsement-completion-summary")).toHaveText("1 of 1 request completed (100%)");
    await expect(page.getByTestId("rates-by-manager-summary")).toHaveText("1 of 2 decisions promoted");
    await expect(page.getByTestId("rates-by-manager-chart").locator("svg").first()).toBeVisible();
    await page.getByTestId("rates-by-manager-view-table").click();
    await expect(page.getByTestId("rates-by-manager-table")).toContainText("Morgan Manager");
    await expect(page.getByTestId("rates-by-manager-table")).toContainText("50%");
    await page.getByTestId("session-progress-view-table").click();
    await expect(page.getByTestId("progress-sessions-closed")).toHaveText("1");
    await expect(page.getByTestId(`dashboard-session-state-${sessionA}`)).toHaveText("Closed");
    await expect(page.getByTestId(`close-session-${sessionA}`)).toHaveCount(0);

    // ── Close one session, then all the others (each after a confirmation). ──
    await page.getByTestId(`close-session-${sessionB}`).click();
    const closeOne = page.getByTestId("close-session-dialog");
    await expect(closeOne.getByRole("heading", { name: "Close E2E dashboard B?" })).toBeVisible();
    await closeOne.getByTestId("close-session-dialog-confirm").click();
    await expect(page.getByText("Closed E2E dashboard B")).toBeVisible();
    await expect(page.getByTestId(`dashboard-session-state-${sessionB}`)).toHaveText("Closed");
    await expect(page.getByTestId(`dashboard-session-state-${sessionC}`)).toHaveText("Draft");

    await page.getByTestId("close-all-sessions").click();
    const closeAll = page.getByTestId("close-all-dialog");
    await expect(closeAll).toContainText("Close all 1 open promotion session of this cycle");
    await closeAll.getByTestId("close-all-dialog-confirm").click();
    await expect(page.getByText("Closed 1 promotion session")).toBeVisible();
    await expect(page.getByTestId(`dashboard-session-state-${sessionC}`)).toHaveText("Closed");
    await expect(page.getByTestId("close-all-sessions")).toBeDisabled();
    await expect(page.getByTestId("session-progress-summary")).toHaveText("3 sessions · 2 of 4 nominations decided");

    // The nominations download starts a DOWNLOAD_NOMINATIONS job and opens its page.
    await page.getByTestId("download-nominations").click();
    await expect(page).toHaveURL(new RegExp(`/app/admin/cycles/${cycleId}/download-nomination-jobs/\\d+$`));

    // A cycle id that is not one: the page says so.
    await page.goto("/app/admin/promotion-dashboard?cycle_id=abc");
    await expect(page.getByTestId("cycle-message")).toHaveText("Invalid Cycle ID");
  });
});
