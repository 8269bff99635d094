import type { Page } from "@playwright/test";
import { test, expect, DEMO, open, signIn, signedInPage, type Demo } from "./fixtures";
import { ok } from "./api-helpers";
import { pickPerson } from "./people-picker";

/**
 * Promotion calibration sessions, the HR partner's pages (issue 14): the HR partner sees her people's
 * nominations, creates a session from them (the form's errors next to their fields), edits it while a draft,
 * asks endorsers and reads the endorsement status dialog, activates it once the cycle is in calibration,
 * decides each nomination with a reason (the history strikes the replaced decision through), comments, and
 * progresses it to review. The test builds its own cycle through the admin API and the nominations through
 * the manager's API (no seeded data is touched).
 *
 * Cast: HR partner Priya Partner; manager Morgan Manager nominates Eli Employee and one more of the seeded
 * employees; panelist Harper Ops; sign-off party Carmen Chief; endorsers Ada Admin and Carmen Chief.
 */

const CARMEN: Demo = { email: "carmen.chief@example.com", name: "Carmen Chief" };

async function transition(admin: Page, cycleId: number, name: string) {
  await ok(await admin.request.patch(`/api/v1/admin/cycles/${cycleId}/${name}`));
}

/** The nomination id of `who`'s card on the session page. */
async function cardId(page: Page, who: { name: string }): Promise<number> {
  const card = page.locator("article").filter({ has: page.getByRole("heading", { name: who.name, exact: true }) });
  await expect(card).toHaveCount(1);
  return Number((await card.getAttribute("data-testid"))!.replace("nomination-", ""));
}

test.describe("promotion sessions: the HR partner", () => {
  // The forms answer invalid input with 400 or 422 (ADR 0060) and a refused activation with 409 (both shown in the page).
  test.use({ allowHttpErrors: [400, 422, 409] });

  test("creates a session from nominations, asks endorsers, activates it, decides with reasons and progresses it to review", async ({ page, browser }) => {
    test.setTimeout(240_000);
    const stamp = Date.now();
    const name = `E2E Promotions ${stamp}`;

    // ── The admin's cycle: Eli and another employee report to Morgan; Priya is their HR partner. ──
    const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
    const { users } = await ok<{ users: Array<{ email: string; name: string }> }>(await admin.page.request.get("/api/v1/admin/users?role[]=EMPLOYEE&page_size=100"));
    const taken = new Set([DEMO.employee.email, DEMO.manager.email, CARMEN.email]);
    const other = users.find((u) => !taken.has(u.email))!;
    const created = await ok<{ cycle: { id: number } }>(await admin.page.request.post("/api/v1/admin/cycles", { data: { name: `E2E Promotion cycle ${stamp}` } }), 201);
    const cycleId = created.cycle.id;
    for (const email of [DEMO.employee.email, other.email]) {
      await ok(await admin.page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data: { email, manager_email: DEMO.manager.email, hr_partner_email: DEMO.peoplePartner.email } }), 201);
    }
    for (const t of ["start", "progress_to_spu_feedback"]) await transition(admin.page, cycleId, t);

    // ── Morgan nominates both. ──
    const morgan = await signedInPage(browser, DEMO.manager);
    for (const [email, rationale] of [
      [DEMO.employee.email, "Eli led the billing migration and mentors two engineers."],
      [other.email, "Owns the on-call rotation end to end."],
    ] as const) {
      await ok(await morgan.page.request.post(`/api/v1/cycles/${cycleId}/promotion_nominations`, { data: { email, rationale } }), 201);
    }
    await morgan.close();

    // ── The HR partner's nominations page: both nominations, no session yet. ──
    await signIn(page, DEMO.peoplePartner, `/app/promotions/hr-partners/nominations?cycle_id=${cycleId}`);
    await expect(page.getByRole("heading", { name: "Run Promotion Calibration Session" })).toBeVisible();
    await expect(page.getByTestId("hr-sessions-empty")).toBeVisible();
    const rows = page.getByTestId("hr-nominations-table").locator("tbody tr");
    await expect(rows).toHaveCount(2);
    const eliRow = rows.filter({ hasText: DEMO.employee.email });
    await expect(eliRow).toContainText("Morgan Manager");
    await expect(eliRow).toContainText("Not in a session");
    // A malformed cycle id.
    await open(page, "/app/promotions/hr-partners/nominations?cycle_id=abc");
    await expect(page.getByTestId("cycle-message")).toHaveText("Invalid Cycle ID");
    await open(page, `/app/promotions/hr-partners/nominations?cycle_id=${cycleId}`);

    // ── Create: the errors show next to their fields; then a draft with both nominations. ──
    await page.getByTestId("hr-create-session").click();
    await expect(page).toHaveURL(new RegExp(`/app/promotions/hr-partners/create-session\\?cycle_id=${cycleId}$`));
    await expect(page.getByRole("heading", { name: "Create promotion session" })).toBeVisible();
    await page.getByTestId("session-save").click();
    await expect(page.getByText("name is required")).toBeVisible();
    await expect(page.getByTestId("session-nominations-helper")).toHaveText("Pick at least one nomination");
    await expect(page.getByText("Pick at least one panelist")).toBeVisible();
    await expect(page.getByText("Pick a sign-off party")).toBeVisible();
    await page.getByTestId("session-name").fill(name);
    const boxes = page.getByTestId("session-nominations").getByRole("checkbox");
    await expect(boxes).toHaveCount(2);
    await page.getByRole("checkbox", { name: `Include ${DEMO.employee.name}` }).check();
    await page.getByRole("checkbox", { name: `Include ${other.name}` }).check();
    await pickPerson(page, "session-panelists-input", DEMO.hrOps);
    await pickPerson(page, "session-sign-off-input", CARMEN);
    await page.getByTestId("session-save").click();
    await expect(page).toHaveURL(/\/app\/promotions\/hr-partners\/sessions\/\d+\?cycle_id=\d+$/);
    await expect(page.getByText(`Promotion session '${name}' created as a draft`)).toBeVisible();
    const sessionId = Number(/sessions\/(\d+)/.exec(page.url())![1]);
    await expect(page.getByTestId("meeting-title")).toHaveText(name);
    await expect(page.getByTestId("session-state")).toHaveText("Draft");
    await expect(page.getByTestId("session-people")).toContainText("Panelists: Harper Ops · Sign-off: Carmen Chief");
    await expect(page.getByTestId("session-stage-note")).toContainText("can be activated once the cycle reaches the calibration stage");

    // ── Edit while a draft: rename. ──
    await page.getByTestId("session-edit").click();
    await expect(page).toHaveURL(new RegExp(`/sessions/${sessionId}/edit\\?cycle_id=${cycleId}$`));
    await expect(page.getByTestId("session-name")).toHaveValue(name);
    await expect(page.getByRole("checkbox", { name: `Include ${DEMO.employee.name}` })).toBeChecked();
    await page.getByTestId("session-name").fill(`${name} (edited)`);
    await page.getByTestId("session-save").click();
    await expect(page.getByText(`Promotion session '${name} (edited)' saved`)).toBeVisible();
    await expect(page.getByTestId("meeting-title")).toHaveText(`${name} (edited)`);

    // ── Endorsers for Eli; the status dialog shows them with the four columns. ──
    const eliId = await cardId(page, DEMO.employee);
    await page.getByTestId(`request-endorsers-${eliId}`).click();
    const ask = page.getByTestId("request-endorsers-dialog");
    await ask.getByTestId("request-endorsers-submit").click();
    await expect(ask).toContainText("Pick at least one endorser");
    await pickPerson(page, "request-endorsers-input", { name: "Ada Admin", email: DEMO.superAdmin.email });
    await pickPerson(page, "request-endorsers-input", CARMEN);
    await ask.getByTestId("request-endorsers-submit").click();
    await expect(page.getByText("Asked 2 endorsers")).toBeVisible();
    await expect(ask).toBeHidden();
    await expect(page.getByTestId(`nomination-endorsement-summary-${eliId}`)).toHaveText("0 of 2 completed");
    await page.getByTestId(`nomination-endorsements-${eliId}`).click();
    const dialog = page.getByTestId(`nomination-endorsements-${eliId}-dialog`);
    await expect(dialog.locator("thead th")).toHaveText(["Name", "Email", "Endorsement Request Status", "Endorsement Outcome"]);
    await expect(dialog.locator("tbody tr")).toHaveCount(2);
    await expect(dialog.locator("tbody tr").filter({ hasText: CARMEN.email })).toContainText("Requested");
    await expect(dialog.locator("tbody tr").filter({ hasText: CARMEN.email })).toContainText("Pending");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();

    // ── Activation before the calibration stage is refused with the reason; then it works. ──
    await page.getByTestId("session-activate").click();
    await page.getByTestId("activate-dialog-confirm").click();
    await expect(page.getByTestId("activate-dialog-error")).toContainText("calibration stage");
    await page.getByTestId("activate-dialog").getByRole("button", { name: "Cancel" }).click();
    for (const t of ["progress_to_manager_feedback", "progress_to_calibration"]) await transition(admin.page, cycleId, t);
    await admin.close();
    await open(page, `/app/promotions/hr-partners/sessions/${sessionId}?cycle_id=${cycleId}`);
    await expect(page.getByTestId("session-stage-note")).toHaveCount(0);
    await page.getByTestId("session-activate").click();
    await page.getByTestId("activate-dialog-confirm").click();
    await expect(page.getByText("Session activated")).toBeVisible();
    await expect(page.getByTestId("session-state")).toHaveText("Active");
    await expect(page.getByTestId("session-edit")).toHaveCount(0);
    await expect(page.getByTestId("session-progress")).toHaveText("0 of 2 nominations decided · 2 without a decision");

    // ── Decisions with reasons: Eli promoted, then deferred (the first struck through as superseded). ──
    const decide = async (id: number, label: string, reason: string) => {
      await page.getByTestId(`decision-select-${id}`).click();
      await page.getByRole("option", { name: label, exact: true }).click();
      await page.getByTestId(`decision-reason-${id}`).fill(reason);
      await page.getByTestId(`decision-save-${id}`).click();
      await expect(page.getByTestId(`nomination-decision-${id}`)).toHaveText(label);
    };
    // The reason is required.
    await page.getByTestId(`decision-select-${eliId}`).click();
    await page.getByRole("option", { name: "Promoted", exact: true }).click();
    await page.getByTestId(`decision-save-${eliId}`).click();
    await expect(page.getByTestId(`nomination-${eliId}`)).toContainText("reason is required");
    await decide(eliId, "Promoted", "Strong endorsements; the panel agrees.");
    await decide(eliId, "Deferred", "Wait for the billing migration to finish.");
    const history = page.getByTestId(`decision-history-${eliId}-table`).locator("tbody tr");
    await expect(history).toHaveCount(2);
    await expect(history.first()).toContainText("Wait for the billing migration to finish.");
    await expect(history.first().locator("ins")).toHaveText("Deferred");
    await expect(history.nth(1)).toHaveAttribute("data-superseded", "true");
    await expect(history.nth(1).locator("del")).toHaveText(["—", "Promoted"]);
    const otherId = await cardId(page, other);
    await decide(otherId, "Not Promoted", "Not yet at the next level's scope.");
    await expect(page.getByTestId("session-progress")).toHaveText("2 of 2 nominations decided");

    // ── A comment on Eli's nomination. ──
    await page.getByTestId(`nomination-${eliId}-comments-input`).fill("Revisit next cycle once the migration ships.");
    await page.getByTestId(`nomination-${eliId}-comments-submit`).click();
    await expect(page.getByTestId(`nomination-${eliId}-comments-thread`)).toContainText("Revisit next cycle once the migration ships.");

    // ── Progress to review (confirmation): decisions are fixed. ──
    await page.getByTestId("progress-to-review").click();
    await page.getByTestId("progress-dialog-confirm").click();
    await expect(page.getByText("Session sent for review")).toBeVisible();
    await expect(page.getByTestId("session-state")).toHaveText("In review");
    await expect(page.getByTestId("progress-to-review")).toHaveCount(0);
    await expect(page.getByTestId(`decision-save-${eliId}`)).toHaveCount(0);
    await expect(page.getByTestId(`request-endorsers-${eliId}`)).toHaveCount(0);

    // ── The nominations page: the session in review with its decisions. ──
    await page.getByTestId("meeting-back").click();
    await expect(page).toHaveURL(new RegExp(`/app/promotions/hr-partners/nominations\\?cycle_id=${cycleId}$`));
    await expect(page.getByTestId(`hr-session-state-${sessionId}`)).toHaveText("In review");
    await expect(page.getByTestId(`hr-session-decided-${sessionId}`)).toHaveText("2");
    await expect(page.getByTestId(`hr-session-edit-${sessionId}`)).toHaveCount(0);
    await expect(page.getByTestId(`hr-nomination-decision-${eliId}`)).toHaveText("Deferred");
    await expect(page.getByTestId(`hr-nomination-session-${eliId}`)).toHaveText(`${name} (edited)`);
    await page.getByTestId(`hr-nomination-endorsements-${eliId}`).click();
    const listDialog = page.getByTestId(`hr-nomination-endorsements-${eliId}-dialog`);
    await expect(listDialog.locator("tbody tr")).toHaveCount(2);
    await listDialog.getByRole("button", { name: "Close" }).click();
    await expect(listDialog).toBeHidden();
  });
});
