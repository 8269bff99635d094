import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, open, signIn, test } from "./fixtures";

/**
 * Issue 26 §6: the address after saving (no `?index`, no `done=`; the message shown as a toast) and one colour per
 * session state and cycle stage (Active and Closed were the same green).
 */

/** The background colour of each chip, by its data-state / data-stage attribute. */
async function coloursBy(chips: Locator, attribute: string): Promise<Record<string, string>> {
  return chips.evaluateAll(
    (els, attr) => Object.fromEntries(els.map((el) => [el.getAttribute(attr) ?? "", getComputedStyle(el).backgroundColor])),
    attribute,
  );
}

const isGrey = (colour: string) => {
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return r === g && g === b;
};

async function calibrationCycleId(page: Page): Promise<number> {
  const { cycles } = (await (await page.request.get("/api/v1/admin/cycles")).json()) as { cycles: Array<{ id: number; name: string; state: string }> };
  // The seeded one (prisma/seed.ts): other files make cycles in calibration too, and theirs may come first in the list.
  const cycle = cycles.find((c) => c.state === "calibration" && c.name === "2026 Q3 Review");
  expect(cycle, "a seeded cycle in calibration").toBeTruthy();
  return cycle!.id;
}

test("after saving, the address keeps neither ?index nor done=, and the message shows as a toast", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
  const created = await page.request.post("/api/v1/admin/cycles", { data: { name: `E2E Address ${Date.now()}` } });
  expect(created.status()).toBe(201);
  const cycleId = (await created.json()).cycle.id as number;
  for (const who of [DEMO.employee, DEMO.manager]) {
    const res = await page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data: { email: who.email } });
    expect(res.status()).toBe(201);
  }
  const base = `/app/admin/cycles/${cycleId}/participants`;
  const clean = new RegExp(`${base.replace(/\//g, "\\/")}$`);

  // A redirect with done=: the toast, then the bare address.
  await open(page, base);
  await page.getByTestId(`participant-edit-rating-${DEMO.employee.email}`).click();
  await page.getByLabel("4 - Exceeds Expectations").check();
  await page.getByTestId("participant-rating-save").click();
  await expect(page.getByText(`Rating of ${DEMO.employee.email}: 4 - Exceeds Expectations`)).toBeVisible();
  await expect(page).toHaveURL(clean);
  await expect(page.getByTestId(`participant-rating-${DEMO.employee.email}`)).toHaveText("4 - Exceeds Expectations");

  // An index route's form (posted to ?index) answered with data: the result on the page, the address without ?index.
  await page.getByTestId(`participant-delete-${DEMO.manager.email}`).click();
  await page.getByTestId("participant-delete-confirm").click();
  await expect(page.getByText(`${DEMO.manager.email} removed from the cycle`)).toBeVisible();
  await expect(page.getByTestId(`participant-row-${DEMO.manager.email}`)).toHaveCount(0);
  await expect(page).toHaveURL(clean);
  // The page still works from the clean address: the next delete goes to the same action.
  await page.getByTestId(`participant-delete-${DEMO.employee.email}`).click();
  await page.getByTestId("participant-delete-confirm").click();
  await expect(page.getByText(`${DEMO.employee.email} removed from the cycle`)).toBeVisible();
  await expect(page.getByTestId("participants-empty")).toBeVisible();
  await expect(page).toHaveURL(clean);
  // Back in history: no address with ?index or done= was kept.
  await page.goBack();
  await expect(page).not.toHaveURL(/[?&](index|done)(=|&|$)/);
});

test("each session state and cycle stage has its own colour, Closed and the last stage grey", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
  const cycleId = await calibrationCycleId(page);
  await open(page, `/app/admin/calibration-sessions?cycle_id=${cycleId}`);
  const chips = page.locator('[data-testid^="admin-session-state-"]');
  await expect(chips.first()).toBeVisible();
  const sessions = await coloursBy(chips, "data-state");
  // The seeded cycle has a session in each state.
  expect(Object.keys(sessions).sort()).toEqual(["active", "closed", "draft", "in_review", "revision_requested"]);
  expect(new Set(Object.values(sessions)).size, JSON.stringify(sessions)).toBe(5);
  expect(isGrey(sessions.closed), `Closed is grey: ${sessions.closed}`).toBe(true);
  expect(isGrey(sessions.active), `Active is coloured: ${sessions.active}`).toBe(false);

  await open(page, "/app/admin/cycles");
  const stages = await coloursBy(page.locator('[data-testid^="cycle-stage-"]'), "data-stage");
  expect(Object.keys(stages).length, JSON.stringify(stages)).toBeGreaterThan(2);
  expect(new Set(Object.values(stages)).size, JSON.stringify(stages)).toBe(Object.keys(stages).length);
  if (stages.communication) expect(isGrey(stages.communication), `the last stage is grey: ${stages.communication}`).toBe(true);
});
