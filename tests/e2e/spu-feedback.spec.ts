import { test, expect, DEMO, open, signIn } from "./fixtures";

// A missing answer (400) and a write after the stage moved on (409) are expected responses.
test.use({ allowHttpErrors: [400, 422, 409] });

test("a reviewer saves a draft, submits, adjusts and reads back 360 feedback; wrong stage and missing answers are explained", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/performance/spu-feedback");

  // A fresh cycle: the admin (a participant reporting to Morgan) and Morgan.
  const created = await page.request.post("/api/v1/admin/cycles", { data: { name: `E2E 360 ${Date.now()}` } });
  expect(created.status()).toBe(201);
  const cycleId = (await created.json()).cycle.id as number;
  for (const data of [{ email: DEMO.superAdmin.email, manager_email: DEMO.manager.email }, { email: DEMO.manager.email }]) {
    const res = await page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data });
    expect(res.status()).toBe(201);
  }
  const move = async (transition: string) => {
    const res = await page.request.patch(`/api/v1/admin/cycles/${cycleId}/${transition}`);
    expect(res.status(), await res.text()).toBe(200);
  };
  const list = `/app/performance/spu-feedback?cycle_id=${cycleId}`;

  // Before the SPU feedback stage nothing is open.
  await move("start");
  await open(page, list);
  await expect(page.getByTestId("spu-closed")).toHaveText("360 feedback opens when the cycle moves to the SPU feedback stage.");
  await expect(page.getByTestId("spu-empty")).toBeVisible();

  // The stage effects open the requests: a self review and upward feedback for the manager.
  await move("progress_to_spu_feedback");
  await open(page, list);
  await expect(page.getByTestId("spu-stage")).toHaveText("Stage 2 - SPU Feedback stage");
  await expect(page.getByTestId("spu-group-SELF")).toContainText("Self review");
  await expect(page.getByTestId("spu-group-DIRECT_REPORT")).toContainText("Upward feedback for your manager");
  await expect(page.getByTestId(`spu-status-${DEMO.manager.email}`)).toHaveText("Not started");

  // Give feedback to the manager: save a partial draft.
  await page.getByTestId(`spu-give-${DEMO.manager.email}`).click();
  await expect(page.getByRole("heading", { name: `Feedback for ${DEMO.manager.name}` })).toBeVisible();
  await expect(page.getByTestId("feedback-reviewer-type")).toHaveText("Direct Report");
  await page.getByTestId("answer-strengths").fill("Clear priorities every week");
  await page.getByTestId("feedback-save-draft").click();
  await expect(page.getByText("Draft saved")).toBeVisible();
  await expect(page.getByTestId("feedback-status")).toHaveText("Draft");
  await expect(page.getByTestId("feedback-progress")).toHaveText("1 of 4 answered · 3 required still open");

  // Submitting with required answers missing names each of them.
  await page.getByTestId("feedback-submit").click();
  await expect(page.getByTestId("feedback-error")).toHaveText("3 answers need your attention before you can submit");
  await expect(page.getByTestId("answer-error-growth_areas")).toHaveText("This question is required");
  await expect(page.getByTestId("answer-error-clear_expectations")).toHaveText("This question is required");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Answer everything and submit with confirmation.
  await page.getByTestId("answer-growth_areas").fill("Share the roadmap earlier");
  await expect(page.getByTestId("answer-error-growth_areas")).toHaveCount(0);
  await page.getByTestId("question-clear_expectations").getByLabel("4 - Agree").check();
  await page.getByTestId("question-support_growth").getByLabel("3 - Neutral").check();
  await page.getByTestId("feedback-submit").click();
  const dialog = page.getByRole("dialog", { name: "Submit your feedback?" });
  await expect(dialog).toContainText(`Your feedback for ${DEMO.manager.name} will be submitted`);
  await dialog.getByTestId("feedback-submit-confirm").click();
  await expect(page.getByText(`Your feedback for ${DEMO.manager.name} has been submitted`)).toBeVisible();
  await expect(page.getByTestId("feedback-status")).toHaveText("Submitted");
  await expect(page.getByTestId("feedback-submitted-note")).toBeVisible();

  // Adjust after submitting: it stays submitted.
  await page.getByTestId("question-support_growth").getByLabel("5 - Strongly agree").check();
  await page.getByTestId("feedback-adjust").click();
  await expect(page.getByText(`Your feedback for ${DEMO.manager.name} has been updated`)).toBeVisible();
  const api = await page.request.get(`/api/v1/cycles/${cycleId}/participants/${encodeURIComponent(DEMO.manager.email)}/feedback`);
  const stored = (await api.json()).feedback;
  expect(stored.status).toBe("submitted");
  expect(stored.answers).toEqual({
    strengths: "Clear priorities every week",
    growth_areas: "Share the roadmap earlier",
    clear_expectations: 4,
    support_growth: 5,
  });

  // Read it back.
  await page.getByTestId("feedback-view-link").click();
  await expect(page.getByRole("heading", { name: `Your feedback for ${DEMO.manager.name}` })).toBeVisible();
  await expect(page.getByTestId("answer-text-support_growth")).toHaveText("5 - Strongly agree");
  await expect(page.getByTestId("answer-text-strengths")).toHaveText("Clear priorities every week");
  // The "updated" toast sits over the back link at the top; a pointer over a toast keeps it open, so wait for it to go.
  await expect(page.getByText(`Your feedback for ${DEMO.manager.name} has been updated`)).toBeHidden({ timeout: 20_000 });
  await page.getByTestId("back-to-list").click();
  await expect(page.getByTestId(`spu-status-${DEMO.manager.email}`)).toHaveText("Submitted");
  await expect(page.getByTestId(`spu-give-${DEMO.manager.email}`)).toHaveText("Adjust");

  // The self review is open in the form when the admin moves the cycle on: saving is refused with the reason.
  await page.getByTestId(`spu-give-${DEMO.superAdmin.email}`).click();
  await expect(page.getByRole("heading", { name: "Your self review" })).toBeVisible();
  await page.getByTestId("answer-accomplishments").fill("Launched the review tool");
  await move("progress_to_manager_feedback");
  await page.getByTestId("feedback-save-draft").click();
  await expect(page.getByTestId("feedback-error")).toHaveText(
    "Giving 360 feedback is possible only in the SPU feedback stage; this cycle is in the manager feedback stage",
  );

  // Reloaded, the form is read-only and says why.
  await open(page, `/app/performance/spu-feedback/feedback/${encodeURIComponent(DEMO.manager.email)}?cycle_id=${cycleId}`);
  await expect(page.getByTestId("feedback-closed")).toContainText("Feedback can be given or changed only in the SPU feedback stage");
  await expect(page.getByTestId("answer-text-clear_expectations")).toHaveText("4 - Agree");
  await expect(page.getByTestId("feedback-save-draft")).toHaveCount(0);
  await open(page, list);
  await expect(page.getByTestId("spu-closed")).toContainText("The SPU feedback stage is over");
});
