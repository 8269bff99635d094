import type { Page } from "@playwright/test";
import { test, DEMO, signIn } from "./fixtures";
import { staticHtmlCheck } from "./static-html";

/**
 * Issue 27: Manager Feedback about one report (/app/my-reportees/{email}/feedback), one reviewer's feedback and the
 * Performance Trends Report are server-rendered with static CSS only: frame and content add no emotion style tag and
 * no emotion class (the trends' person picker is a native select until hydration; the charts draw after hydration).
 */

async function cycleId(page: Page): Promise<number> {
  const { cycles } = (await (await page.request.get("/api/v1/cycles")).json()) as { cycles: Array<{ id: number; name: string }> };
  return cycles.find((c) => c.name === "2026 Mid-Year Review")!.id;
}

const expectNoEmotion = staticHtmlCheck({ from: "marker", allowMui: true });

test("Manager Feedback about a report and one reviewer's feedback hold no emotion style", async ({ page }) => {
  await signIn(page, DEMO.manager);
  const id = await cycleId(page);
  const eli = encodeURIComponent(DEMO.employee.email);
  await expectNoEmotion(page, `/app/my-reportees/${eli}/feedback?cycle_id=${id}`, 'data-testid="report-feedback-title"');
  await expectNoEmotion(page, `/app/my-reportees/${eli}/feedback/${eli}?cycle_id=${id}`, 'data-testid="reviewer-feedback-title"');
});

test("the Performance Trends Report holds no emotion style (an employee's and a manager's)", async ({ page }) => {
  await signIn(page, DEMO.employee);
  await expectNoEmotion(page, "/app/performance-dashboard", 'data-testid="trends-person"');
  await signIn(page, DEMO.manager);
  await expectNoEmotion(page, "/app/performance-dashboard", 'data-testid="trends-person"');
  await expectNoEmotion(page, `/app/performance-dashboard?email=${encodeURIComponent(DEMO.employee.email)}`, 'data-testid="trends-person"');
});
