import type { Page } from "@playwright/test";
import { test, expect, DEMO, signIn } from "./fixtures";

/**
 * Issue 27: Manager Feedback about one report (/app/my-reportees/{email}/feedback), one reviewer's feedback and the
 * Performance Trends Report are server-rendered with static CSS only: frame and content add no emotion style tag and
 * no emotion class (the trends' person picker is a native select until hydration; the charts draw after hydration).
 */

async function cycleId(page: Page): Promise<number> {
  const { cycles } = (await (await page.request.get("/api/v1/cycles")).json()) as { cycles: Array<{ id: number; name: string }> };
  return cycles.find((c) => c.name === "2026 Mid-Year Review")!.id;
}

async function expectNoEmotion(page: Page, path: string, marker: string) {
  const res = await page.request.get(path);
  expect(res.status(), path).toBe(200);
  const html = await res.text();
  expect(html).toContain(marker);
  const emotion = [...html.matchAll(/<style data-emotion="([^"]*)"[^>]*>([^<]*)<\/style>/g)].map((m) => ({ ids: m[1]!.trim().split(/\s+/).slice(1), css: m[2]! }));
  expect(emotion.filter((t) => t.ids.length > 0 || t.css !== ""), path).toEqual([]);
  expect(emotion.length).toBeLessThanOrEqual(1);
  const main = html.slice(html.indexOf(marker));
  expect(main, `no emotion class on ${path}`).not.toMatch(/class="[^"]*\bcss-/);
}

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
