import type { Page } from "@playwright/test";
import { test, expect, DEMO, open, signIn, signedInPage } from "./fixtures";

/**
 * Manager feedback and promotion nominations (issue [3/3] item 5): the demo manager reads a reviewer's
 * feedback about the demo employee, writes and submits manager feedback, and nominates them for promotion.
 * The cycle is driven through the admin API (its workflow runs the stage effects); the employee's self
 * review is given through the 360 feedback API in the employee's own session.
 */

const SELF_ANSWERS = {
  accomplishments: "Shipped the billing migration without downtime.",
  strengths: "Careful planning and clear updates.",
  growth_areas: "Delegate more of the routine work.",
  overall_impact: 4,
};

async function transition(admin: Page, cycleId: number, name: string) {
  const res = await admin.request.patch(`/api/v1/admin/cycles/${cycleId}/${name}`);
  expect(res.status(), `${name}: ${await res.text()}`).toBe(200);
}

test.describe("manager feedback and promotion nominations", () => {
  // An incomplete submit and a too-short rationale answer 400 or 422 (ADR 0060) (shown in the page).
  test.use({ allowHttpErrors: [400, 422] });

  test("a manager reads a reviewer's feedback, writes and submits manager feedback, and nominates for promotion", async ({ page, browser }) => {
    test.setTimeout(180_000);
    const name = `E2E Manager Cycle ${Date.now()}`;

    // ── The admin sets up a cycle: the employee reports to the manager; both take part. ──
    const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
    const created = await admin.page.request.post("/api/v1/admin/cycles", { data: { name, start_date: "2027-01-04", planned_end_date: "2027-03-31" } });
    expect(created.status()).toBe(201);
    const cycleId: number = (await created.json()).cycle.id;
    for (const data of [{ email: DEMO.manager.email }, { email: DEMO.employee.email, manager_email: DEMO.manager.email }]) {
      const added = await admin.page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data });
      expect(added.status(), await added.text()).toBe(201);
    }
    await transition(admin.page, cycleId, "start");
    await transition(admin.page, cycleId, "progress_to_spu_feedback");

    // ── The employee submits their self review through the 360 feedback API. ──
    const employee = await signedInPage(browser, DEMO.employee, "/app/home");
    const selfReview = await employee.page.request.post(`/api/v1/cycles/${cycleId}/participants/${encodeURIComponent(DEMO.employee.email)}/feedback/submit`, {
      data: { answers: SELF_ANSWERS },
    });
    expect(selfReview.status(), await selfReview.text()).toBe(200);
    await employee.close();

    await transition(admin.page, cycleId, "progress_to_manager_feedback");

    // ── The manager's team list. ──
    await signIn(page, DEMO.manager, `/app/my-reportees/feedbacks?cycle_id=${cycleId}`);
    await expect(page.getByRole("heading", { name: "Manager Feedback and Promotion Nominations" })).toBeVisible();
    const eli = DEMO.employee.email;
    const row = page.getByTestId(`reportee-row-${eli}`);
    await expect(row).toContainText(DEMO.employee.name);
    await expect(page.getByTestId(`reportee-received-${eli}`)).toHaveText("1 of 1 given");
    await expect(page.getByTestId(`reportee-manager-feedback-${eli}`)).toHaveText("Not started");
    await expect(page.getByTestId(`reportee-nomination-${eli}`)).toHaveText("Not nominated");

    // ── Read the employee's self review, by name. ──
    await page.getByTestId(`reportee-feedback-link-${eli}`).click();
    await expect(page).toHaveURL(new RegExp(`/app/my-reportees/${encodeURIComponent(eli).replace(/[.]/g, "\\.")}/feedback\\?cycle_id=${cycleId}$`));
    await expect(page.getByTestId("report-feedback-title")).toHaveText(`Feedback for ${DEMO.employee.name}`);
    await expect(page.getByTestId(`reviewer-row-${eli}`)).toContainText(DEMO.employee.name);
    await expect(page.getByTestId(`reviewer-type-${eli}`)).toHaveText("Self");
    await expect(page.getByTestId(`reviewer-status-${eli}`)).toHaveText("Submitted");
    await page.getByTestId(`reviewer-read-${eli}`).click();
    await expect(page.getByTestId("reviewer-feedback-title")).toHaveText(`${DEMO.employee.name}'s feedback on ${DEMO.employee.name}`);
    await expect(page.getByTestId("reviewer-feedback-type")).toHaveText("Self");
    await expect(page.getByTestId("answer-text-accomplishments")).toHaveText(SELF_ANSWERS.accomplishments);
    await expect(page.getByTestId("answer-text-overall_impact")).toHaveText("4 - Exceeds expectations");
    await page.getByRole("link", { name: `← Feedback for ${DEMO.employee.name}` }).click();
    await expect(page.getByTestId("report-feedback-title")).toBeVisible();

    // ── Manager feedback: a draft, an incomplete submit refused per question, then the full submit. ──
    await expect(page.getByTestId("manager-feedback-state")).toHaveText("Not started");
    await page.getByTestId("answer-strengths").fill("Owns hard problems end to end and keeps everyone informed.");
    await page.getByTestId("manager-feedback-save").click();
    await expect(page.getByText("Manager feedback saved")).toBeVisible();
    await expect(page.getByTestId("manager-feedback-state")).toHaveText("Draft");

    await page.getByTestId("manager-feedback-submit").click();
    await expect(page.getByTestId("manager-feedback-error")).toHaveText("Some answers need attention");
    await expect(page.getByTestId("answer-error-growth_areas")).toHaveText("This question is required");
    await expect(page.getByTestId("manager-feedback-state")).toHaveText("Draft");

    await page.getByTestId("answer-growth_areas").fill("Delegate routine work to grow the team.");
    await page.getByTestId("answer-overall_impact").getByLabel("4 - Exceeds expectations").check();
    await page.getByTestId("answer-trajectory").getByLabel("Ready for more scope").check();
    await page.getByTestId("manager-feedback-submit").click();
    await expect(page.getByText("Manager feedback submitted")).toBeVisible();
    await expect(page.getByTestId("manager-feedback-state")).toHaveText("Submitted");
    await expect(page.getByTestId("manager-feedback-submit")).toHaveCount(0);
    await expect(page.getByTestId("manager-feedback-save")).toHaveText("Save changes");

    // A fresh load shows what was stored.
    await open(page, `/app/my-reportees/${encodeURIComponent(eli)}/feedback?cycle_id=${cycleId}`);
    await expect(page.getByTestId("answer-growth_areas")).toHaveValue("Delegate routine work to grow the team.");
    await expect(page.getByTestId("answer-overall_impact").getByLabel("4 - Exceeds expectations")).toBeChecked();

    // ── Promotion nomination. ──
    await page.getByTestId("report-promotion-link").click();
    await expect(page.getByTestId("promotion-title")).toHaveText(`Promotion nomination: ${DEMO.employee.name}`);
    await expect(page.getByTestId("nomination-status")).toHaveText("Not nominated");
    await page.getByTestId("nomination-rationale-input").fill("Ready");
    await page.getByTestId("nomination-submit").click();
    await expect(page.getByText(/Rationale must be at least 20 characters/)).toBeVisible();
    const rationale = "Leads the billing migration end to end and mentors two engineers.";
    await page.getByTestId("nomination-rationale-input").fill(rationale);
    await page.getByTestId("nomination-submit").click();
    await expect(page.getByText("Nominated for promotion")).toBeVisible();
    await expect(page.getByTestId("nomination-status")).toHaveText("Nominated");
    await expect(page.getByTestId("nomination-rationale")).toHaveText(rationale);
    await expect(page.getByTestId("nomination-submit")).toHaveText("Update rationale");

    // ── The team list shows both, and the API agrees. ──
    await page.getByRole("link", { name: "← My Reportees" }).click();
    await expect(page).toHaveURL(new RegExp(`/app/my-reportees\\?cycle_id=${cycleId}$`));
    await expect(page.getByTestId(`reportee-manager-feedback-${eli}`)).toHaveText("Submitted");
    await expect(page.getByTestId(`reportee-nomination-${eli}`)).toHaveText("Nominated");
    const nominations = await page.request.get(`/api/v1/cycles/${cycleId}/promotion_nominations`);
    expect(nominations.status()).toBe(200);
    expect((await nominations.json()).promotion_nominations).toEqual([
      expect.objectContaining({ participant_email: eli, status: "nominated", rationale, nominated_by: { email: DEMO.manager.email, name: DEMO.manager.name } }),
    ]);

    // ── Withdraw, with the confirmation. ──
    await page.getByTestId(`reportee-promotion-link-${eli}`).click();
    await page.getByTestId("nomination-withdraw").click();
    await expect(page.getByTestId("nomination-withdraw-dialog")).toContainText("Withdraw the nomination?");
    await page.getByTestId("nomination-withdraw-confirm").click();
    await expect(page.getByTestId("nomination-status")).toHaveText("Withdrawn");
    await expect(page.getByTestId("nomination-withdraw-dialog")).toBeHidden();

    await admin.close();
  });
});
