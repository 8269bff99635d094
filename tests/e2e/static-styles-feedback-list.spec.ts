import type { Page } from "@playwright/test";
import { test, DEMO, signIn } from "./fixtures";
import { staticHtmlCheck } from "./static-html";

/**
 * Issue 27: the 360 Feedback list (a hot read path), Manager Feedback (/app/my-reportees and its twin
 * /app/my-reportees/feedbacks) and the admin cycle page are server-rendered with static CSS only: frame and content
 * add no emotion style (the cycle form's choices are native selects until hydration, the delete dialog is mounted
 * on first open).
 */

async function cycleId(page: Page): Promise<number> {
  const { cycles } = (await (await page.request.get("/api/v1/cycles")).json()) as { cycles: Array<{ id: number; name: string }> };
  return cycles.find((c) => c.name === "2026 Mid-Year Review")!.id;
}

const expectNoEmotion = staticHtmlCheck({ from: "marker", allowMui: true });

test("the 360 Feedback list's server-rendered HTML holds no emotion style", async ({ page }) => {
  await signIn(page, DEMO.employee);
  await expectNoEmotion(page, `/app/performance/spu-feedback?cycle_id=${await cycleId(page)}`, 'data-testid="spu-stage"');
});

test("My Reportees and Manager Feedback hold no emotion style", async ({ page }) => {
  await signIn(page, DEMO.manager);
  const id = await cycleId(page);
  await expectNoEmotion(page, `/app/my-reportees?cycle_id=${id}`, 'data-testid="direct-reports-table"');
  await expectNoEmotion(page, `/app/my-reportees/feedbacks?cycle_id=${id}`, 'data-testid="direct-reports-table"');
});

test("the admin cycle page holds no emotion style", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
  const { cycles } = (await (await page.request.get("/api/v1/admin/cycles")).json()) as { cycles: Array<{ id: number; name: string }> };
  const id = cycles.find((c) => c.name === "2026 Mid-Year Review")!.id;
  await expectNoEmotion(page, `/app/admin/cycles/${id}`, 'data-testid="cycle-details"');
});
