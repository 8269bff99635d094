import type { Page } from "@playwright/test";
import { test, DEMO, signIn } from "./fixtures";
import { staticHtmlCheck } from "./static-html";

/**
 * Issue 27: the feedback summary (the bench's page: Eli's own summary in the communicated "2026 Mid-Year Review") and
 * the manager's summary of a report share one view; both are server-rendered with static CSS only — frame and content
 * add no emotion style tag and no MUI class.
 */

async function communicated(page: Page): Promise<number> {
  const { cycles } = (await (await page.request.get("/api/v1/cycles")).json()) as { cycles: Array<{ id: number; name: string }> };
  return cycles.find((c) => c.name === "2026 Mid-Year Review")!.id;
}

const checkStatic = staticHtmlCheck({ from: { text: 'data-testid="feedback-summary"' } });
const expectNoEmotion = (page: Page, path: string) => checkStatic(page, path, 'data-testid="summary-answer"');

test("Eli's own feedback summary's server-rendered HTML holds no emotion style tag (frame and summary)", async ({ page }) => {
  await signIn(page, DEMO.employee);
  const cycleId = await communicated(page);
  await expectNoEmotion(page, `/app/performance/final-assessment/summary?cycle_id=${cycleId}`);
});

test("the manager's summary of a direct report holds no emotion style tag either", async ({ page }) => {
  await signIn(page, DEMO.manager);
  const cycleId = await communicated(page);
  await expectNoEmotion(page, `/app/my-reportees/${encodeURIComponent(DEMO.employee.email)}/feedback/summary?cycle_id=${cycleId}`);
});
