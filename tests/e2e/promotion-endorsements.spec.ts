import type { Page } from "@playwright/test";
import { test, expect, DEMO, open, signIn, signedInPage, type Demo } from "./fixtures";
import { ok } from "./api-helpers";
import { pickPerson } from "./people-picker";

/**
 * Endorsement requests (issue 14): the HR partner asks two people to endorse a nomination of her promotion
 * session; one accepts and writes the endorsement (the form's errors next to its fields), the other rejects
 * with a reason; each reads their list and the request's view page; the HR partner's status dialog shows
 * both; an employee who is not the endorser gets the 403 page on the request. The test builds its own cycle
 * through the admin API, the nomination through the manager's API and the session through the HR partner's
 * pages (no seeded data is touched).
 *
 * Cast: HR partner Priya Partner; manager Morgan Manager nominates Eli Employee; panelist Morgan Manager;
 * sign-off party Ada Admin; endorsers Carmen Chief (endorses) and Harper Ops (rejects).
 */

const CARMEN: Demo = { email: "carmen.chief@example.com", name: "Carmen Chief" };
const RATIONALE = "Eli led the billing migration and mentors two engineers.";
const ENDORSEMENT = "I worked with Eli on the migration: they already operate at the senior level.";

/** The id of the request about `nominee` in the signed-in user's list (from its View link). */
async function requestId(page: Page, nominee: string): Promise<number> {
  const row = page.getByTestId("endorsements-table").locator("tbody tr").filter({ hasText: nominee });
  await expect(row).toHaveCount(1);
  const href = await row.getByRole("link", { name: /^View/ }).getAttribute("href");
  const m = /\/endorsements\/(\d+)\/view\?cycle_id=\d+$/.exec(href ?? "");
  expect(m, `view link: ${href}`).not.toBeNull();
  return Number(m![1]);
}

test.describe("endorsement requests", () => {
  // The endorsement form answers invalid input with 400 or 422 (ADR 0060); the error pages answer 403 and 404.
  test.use({ allowHttpErrors: [400, 422, 403, 404] });

  test("one endorser accepts and endorses, another rejects; the lists, views and status dialog show it; others get 403", async ({ page, browser }) => {
    test.setTimeout(360_000);
    const stamp = Date.now();

    // ── The admin's cycle: Eli reports to Morgan, Priya is his HR partner; Morgan nominates him. ──
    const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
    const created = await ok<{ cycle: { id: number } }>(await admin.page.request.post("/api/v1/admin/cycles", { data: { name: `E2E Endorsements ${stamp}` } }), 201);
    const cycleId = created.cycle.id;
    await ok(
      await admin.page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, {
        data: { email: DEMO.employee.email, manager_email: DEMO.manager.email, hr_partner_email: DEMO.peoplePartner.email },
      }),
      201,
    );
    for (const t of ["start", "progress_to_spu_feedback"]) await ok(await admin.page.request.patch(`/api/v1/admin/cycles/${cycleId}/${t}`));
    await admin.close();
    const morgan = await signedInPage(browser, DEMO.manager);
    await ok(await morgan.page.request.post(`/api/v1/cycles/${cycleId}/promotion_nominations`, { data: { email: DEMO.employee.email, rationale: RATIONALE } }), 201);
    await morgan.close();

    // ── The HR partner creates a session with the nomination and asks Carmen and Harper to endorse it. ──
    await signIn(page, DEMO.peoplePartner, `/app/promotions/hr-partners/create-session?cycle_id=${cycleId}`);
    await page.getByTestId("session-name").fill(`E2E Endorsement session ${stamp}`);
    await page.getByRole("checkbox", { name: `Include ${DEMO.employee.name}` }).check();
    await pickPerson(page, "session-panelists-input", DEMO.manager);
    await pickPerson(page, "session-sign-off-input", { name: "Ada Admin", email: DEMO.superAdmin.email });
    await page.getByTestId("session-save").click();
    await expect(page).toHaveURL(/\/app\/promotions\/hr-partners\/sessions\/\d+\?cycle_id=\d+$/);
    const sessionPath = new URL(page.url()).pathname + new URL(page.url()).search;
    const card = page.locator("article").filter({ has: page.getByRole("heading", { name: DEMO.employee.name, exact: true }) });
    const nominationId = Number((await card.getAttribute("data-testid"))!.replace("nomination-", ""));
    await page.getByTestId(`request-endorsers-${nominationId}`).click();
    await pickPerson(page, "request-endorsers-input", CARMEN);
    await pickPerson(page, "request-endorsers-input", DEMO.hrOps);
    await page.getByTestId("request-endorsers-submit").click();
    await expect(page.getByText("Asked 2 endorsers")).toBeVisible();

    // ── Carmen: her list, then accept and endorse. ──
    const carmen = await signedInPage(browser, CARMEN, "/app/promotions/endorsements");
    const c = carmen.page;
    await expect(c.getByRole("heading", { name: "Endorsement Requests" })).toBeVisible();
    const carmenId = await requestId(c, DEMO.employee.name);
    await expect(c.getByTestId(`endorsement-status-${carmenId}`)).toHaveText("Requested");
    await expect(c.getByTestId(`endorsement-outcome-${carmenId}`)).toHaveText("Pending");
    await expect(c.getByTestId(`endorsement-row-${carmenId}`)).toContainText(`E2E Endorsements ${stamp}`);
    await c.getByTestId(`endorsement-answer-${carmenId}`).click();
    await expect(c).toHaveURL(new RegExp(`/app/promotions/endorsements/${carmenId}/endorse\\?cycle_id=${cycleId}$`));
    await expect(c.getByTestId("endorsement-title")).toHaveText(`Endorse ${DEMO.employee.name}`);
    await expect(c.getByTestId("endorsement-rationale")).toHaveText(RATIONALE);
    await expect(c.getByTestId("endorsement-nominated-by")).toHaveText(DEMO.manager.name);
    await expect(c.getByTestId("endorsement-status")).toHaveText("Requested");
    await expect(c.getByTestId("endorsement-submit")).toHaveCount(0);
    await c.getByTestId("endorsement-accept").click();
    await expect(c.getByText("Endorsement request accepted")).toBeVisible();
    await expect(c.getByTestId("endorsement-status")).toHaveText("Accepted");
    await expect(c.getByTestId("endorsement-accept")).toHaveCount(0);
    // The form: outcome and text are required.
    await c.getByTestId("endorsement-submit").click();
    await expect(c.getByTestId("endorsement-outcome-error")).toBeVisible();
    await c.getByTestId("endorsement-outcome-endorsed").check();
    await c.getByTestId("endorsement-submit").click();
    await expect(c.getByText("endorsement is required")).toBeVisible();
    await c.getByTestId("endorsement-text").fill(ENDORSEMENT);
    await c.getByTestId("endorsement-submit").click();
    await expect(c.getByText("Endorsement submitted")).toBeVisible();
    await expect(c.getByTestId("endorsement-closed")).toContainText("This request is closed (completed)");
    await expect(c.getByTestId("endorsement-status")).toHaveText("Completed");
    await expect(c.getByTestId("endorsement-outcome")).toHaveText("Endorsed");
    await expect(c.getByTestId("endorsement-body")).toHaveText(ENDORSEMENT);
    await expect(c.getByTestId("endorsement-submit")).toHaveCount(0);
    // The list and the view page.
    await c.getByTestId("endorsement-back").click();
    await expect(c.getByTestId(`endorsement-status-${carmenId}`)).toHaveText("Completed");
    await expect(c.getByTestId(`endorsement-outcome-${carmenId}`)).toHaveText("Endorsed");
    await expect(c.getByTestId(`endorsement-answer-${carmenId}`)).toHaveCount(0);
    await c.getByTestId(`endorsement-view-${carmenId}`).click();
    await expect(c.getByTestId("endorsement-title")).toHaveText(`Endorsement: ${DEMO.employee.name}`);
    await expect(c.getByTestId("endorsement-outcome")).toHaveText("Endorsed");
    await expect(c.getByTestId("endorsement-body")).toHaveText(ENDORSEMENT);
    await expect(c.getByTestId("endorsement-answer")).toHaveCount(0);
    await carmen.close();

    // ── Harper rejects, with a reason. ──
    const harper = await signedInPage(browser, DEMO.hrOps, "/app/promotions/endorsements");
    const h = harper.page;
    const harperId = await requestId(h, DEMO.employee.name);
    await h.getByTestId(`endorsement-answer-${harperId}`).click();
    await h.getByTestId("endorsement-reject").click();
    await h.getByTestId("reject-dialog-comment").fill("I have not worked with Eli this year.");
    await h.getByTestId("reject-dialog-confirm").click();
    await expect(h.getByText("Endorsement request rejected")).toBeVisible();
    await expect(h.getByTestId("endorsement-status")).toHaveText("Rejected");
    await expect(h.getByTestId("endorsement-reject-reason")).toHaveText("I have not worked with Eli this year.");
    await expect(h.getByTestId("endorsement-accept")).toHaveCount(0);
    await open(h, "/app/promotions/endorsements");
    await expect(h.getByTestId(`endorsement-status-${harperId}`)).toHaveText("Rejected");
    await expect(h.getByTestId(`endorsement-outcome-${harperId}`)).toHaveText("Declined");
    await expect(h.getByTestId(`endorsement-answer-${harperId}`)).toHaveCount(0);
    await harper.close();

    // ── Eli (the nominee, not an endorser): Carmen's request is not in his list; its endorse page answers 403. ──
    const eli = await signedInPage(browser, DEMO.employee, "/app/promotions/endorsements");
    await expect(eli.page.getByRole("heading", { name: "Endorsement Requests" })).toBeVisible();
    await expect(eli.page.getByTestId(`endorsement-row-${carmenId}`)).toHaveCount(0);
    await expect(eli.page.getByTestId(`endorsement-row-${harperId}`)).toHaveCount(0);
    await open(eli.page, `/app/promotions/endorsements/${carmenId}/endorse?cycle_id=${cycleId}`);
    await expect(eli.page.getByTestId("error-view")).toHaveText("You don't have access to this page");
    // What an endorser wrote is not his to read: the view page does not even say it exists.
    await open(eli.page, `/app/promotions/endorsements/${carmenId}/view?cycle_id=${cycleId}`);
    await expect(eli.page.getByTestId("error-view")).toHaveText("Not found");
    await eli.close();

    // ── The HR partner's status dialog: both endorsers with their status and outcome. ──
    await open(page, sessionPath);
    await expect(page.getByTestId(`nomination-endorsement-summary-${nominationId}`)).toHaveText("1 of 2 completed");
    await expect(page.getByTestId(`nomination-${nominationId}`)).toContainText(ENDORSEMENT);
    await page.getByTestId(`nomination-endorsements-${nominationId}`).click();
    const dialog = page.getByTestId(`nomination-endorsements-${nominationId}-dialog`);
    await expect(dialog.locator("thead th")).toHaveText(["Name", "Email", "Endorsement Request Status", "Endorsement Outcome"]);
    await expect(dialog.getByTestId(`nomination-endorsements-${nominationId}-dialog-row-${carmenId}`).locator("td")).toHaveText([CARMEN.name, CARMEN.email, "Completed", "Endorsed"]);
    await expect(dialog.getByTestId(`nomination-endorsements-${nominationId}-dialog-row-${harperId}`).locator("td")).toHaveText([DEMO.hrOps.name, DEMO.hrOps.email, "Rejected", "Declined"]);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    // A session member reads an endorsement's view page too; the endorse page is the endorser's only.
    await open(page, `/app/promotions/endorsements/${carmenId}/view?cycle_id=${cycleId}`);
    await expect(page.getByTestId("endorsement-body")).toHaveText(ENDORSEMENT);
    await open(page, `/app/promotions/endorsements/${carmenId}/endorse?cycle_id=${cycleId}`);
    await expect(page.getByTestId("error-view")).toHaveText("You don't have access to this page");
  });
});
