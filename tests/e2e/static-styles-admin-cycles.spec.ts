import type { Page } from "@playwright/test";
import { test, expect, DEMO, signIn } from "./fixtures";
import { staticHtmlCheck } from "./static-html";

/**
 * Issue 27 (ADR 0089): the super admin's cycle list, Create Cycle and a cycle's participant pages (the list with its
 * pagination, adding one, editing one, the rating and promotion decision pages and the panel with its add-reviewer
 * form) are server-rendered with static CSS only: frame and content add no emotion style tag, no emotion class and no
 * MUI component (the dialogs, the phone's actions menu, the tooltips and the email pickers come from hydration on).
 */

const expectNoEmotion = staticHtmlCheck({ from: "main" });

async function demoCycle(page: Page): Promise<number> {
  const { cycles } = (await (await page.request.get("/api/v1/admin/cycles")).json()) as { cycles: Array<{ id: number; name: string }> };
  return cycles.find((c) => c.name === "2026 Mid-Year Review")!.id;
}

test("the cycle list and Create Cycle hold no emotion style", async ({ page }) => {
  await signIn(page, DEMO.superAdmin);
  // A draft cycle, so the list has a Start Cycle button (its dialog mounts on the first click).
  const created = await page.request.post("/api/v1/admin/cycles", { data: { name: `Static list ${Date.now()}` } });
  expect(created.status()).toBe(201);
  await expectNoEmotion(page, "/app/admin/cycles", `data-testid="cycle-start-${(await created.json()).cycle.id}"`);
  await expectNoEmotion(page, "/app/admin/cycles/create", 'data-testid="cycle-field-endorsement-rule"');
});

test("a cycle's participant pages hold no emotion style", async ({ page }) => {
  await signIn(page, DEMO.superAdmin);
  const id = await demoCycle(page);
  const base = `/app/admin/cycles/${id}/participants`;
  await expectNoEmotion(page, base, 'data-testid="participants-pagination"');
  await expectNoEmotion(page, `${base}?page=2&page_size=10&q=a`, 'data-testid="participants-search"');
  await expectNoEmotion(page, `${base}/create`, 'data-testid="participant-field-manager-email"');
  const eli = encodeURIComponent(DEMO.employee.email);
  await expectNoEmotion(page, `${base}/${eli}/edit-rating`, 'data-testid="rating-option-none"');
  await expectNoEmotion(page, `${base}/${eli}/edit-promotion-decision`, 'data-testid="participant-current-decision"');
  // Past peer selection: the panel says why no reviewer can be added.
  await expectNoEmotion(page, `${base}/${eli}/panel`, 'data-testid="panel-status"');
});

test("the edit page with its Therma scan and a panel with its add-reviewer form hold no emotion style", async ({ page }) => {
  // The Therma scan card (decision support's) and the add-reviewer form (peer selection's) are those features' parts.
  await signIn(page, DEMO.superAdmin);
  const eli = encodeURIComponent(DEMO.employee.email);
  await expectNoEmotion(page, `/app/admin/cycles/${await demoCycle(page)}/participants/${eli}/edit`, 'data-testid="participant-field-reviewer-only"');
  // A panel whose add-reviewer form is open (a started cycle with the employee; the picker is static until hydration).
  const draft = await page.request.post("/api/v1/admin/cycles", { data: { name: `Static panel ${Date.now()}` } });
  const draftId = (await draft.json()).cycle.id as number;
  expect((await page.request.post(`/api/v1/admin/cycles/${draftId}/participants`, { data: { email: DEMO.employee.email, manager_email: DEMO.manager.email } })).status()).toBe(201);
  expect((await page.request.patch(`/api/v1/admin/cycles/${draftId}/start`)).status()).toBe(200);
  await expectNoEmotion(page, `/app/admin/cycles/${draftId}/participants/${eli}/panel`, 'data-testid="peer-add-input"');
});
