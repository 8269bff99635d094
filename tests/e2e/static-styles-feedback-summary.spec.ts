import type { Page } from "@playwright/test";
import { test, expect, DEMO, signIn } from "./fixtures";

/**
 * Issue 27: the feedback summary (the bench's page: Eli's own summary in the communicated "2026 Mid-Year Review") and
 * the manager's summary of a report share one view; both are server-rendered with static CSS only — frame and content
 * add no emotion style tag and no MUI class.
 */

async function communicated(page: Page): Promise<number> {
  const { cycles } = (await (await page.request.get("/api/v1/cycles")).json()) as { cycles: Array<{ id: number; name: string }> };
  return cycles.find((c) => c.name === "2026 Mid-Year Review")!.id;
}

async function expectNoEmotion(page: Page, path: string) {
  const res = await page.request.get(path);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('data-testid="feedback-summary"');
  expect(html).toContain('data-testid="summary-answer"');
  // The document stream still writes emotion's one tag for the render's cache, which must stay empty (no style id, no CSS).
  const emotion = [...html.matchAll(/<style data-emotion="([^"]*)"[^>]*>([^<]*)<\/style>/g)].map((m) => ({ ids: m[1]!.trim().split(/\s+/).slice(1), css: m[2]! }));
  expect(emotion.filter((t) => t.ids.length > 0 || t.css !== "")).toEqual([]);
  expect(emotion.length).toBeLessThanOrEqual(1);
  const main = html.slice(html.indexOf('data-testid="feedback-summary"'));
  expect(main, "no MUI component in the summary").not.toMatch(/class="[^"]*\bMui/);
  expect(main, "no emotion class in the summary").not.toMatch(/class="[^"]*\bcss-/);
}

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
