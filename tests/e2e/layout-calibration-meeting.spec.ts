import type { Page } from "@playwright/test";
import { test, expect, DEMO, open, signIn } from "./fixtures";
import { CEO } from "./api-helpers";
import { clippedCells, layoutOffenders } from "./overflow";

/**
 * Issue 27, the walk's defects of the calibration meeting pages: at 1440 px the session admin's participants table
 * needed sideways scrolling for Comments and Promotion and wrapped "Set rating"; at 375 px the sign-off page
 * misaligned its buttons and its history table showed two columns. Now every column is in view at 1440 (no sideways
 * scrolling), a row's buttons are one line each, no cell clips its text, and at 375 px the tables are stacked rows
 * with every value under its column's name. Seeded sessions (prisma/seed-calibration.ts).
 */

type Sessions = { calibration_sessions: Array<{ id: number; name: string }> };

async function sessionPath(page: Page, ns: string, name: string, base: string): Promise<string> {
  const { cycles } = (await (await page.request.get(`/api/v1/${ns}/cycles`)).json()) as { cycles: Array<{ id: number }> };
  for (const c of cycles) {
    const res = await page.request.get(`/api/v1/cycles/${c.id}/${ns}/calibration_sessions`);
    if (res.status() !== 200) continue;
    const found = ((await res.json()) as Sessions).calibration_sessions.find((s) => s.name === name);
    if (found) return `${base}/${found.id}?cycle_id=${c.id}`;
  }
  throw new Error(`no session ${name} for ${ns}`);
}

async function fits(page: Page, what: string) {
  expect.soft(await layoutOffenders(page), `layout offenders of ${what}`).toEqual([]);
  expect.soft(await clippedCells(page), `clipped cells of ${what}`).toEqual([]);
}

test("the session admin's participants table fits at 1440 px with whole buttons, and is stacked rows at 375 px", async ({ page }) => {
  await signIn(page, DEMO.hrOps);
  await open(page, await sessionPath(page, "calibration_session_admin", "Engineering calibration", "/app/session-admin/calibration-sessions"));
  const table = page.getByTestId("participants-grid").getByRole("table", { name: "Participants" });
  const rows = table.locator('[data-testid^="sp-row-"]');
  await expect(rows.first()).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  for (const column of ["Participant", "Actions", "Manager", "Proposed", "Calibrated", "Panelists' proposals", "Comments", "Promotion nomination"]) {
    await expect(table.getByRole("columnheader", { name: column, exact: true })).toBeInViewport({ ratio: 1 });
  }
  // Nothing to scroll sideways: the table is as wide as its box.
  const box = await table.evaluate((t) => ({ table: t.scrollWidth, box: t.parentElement!.clientWidth }));
  expect(box.table).toBeLessThanOrEqual(box.box);
  const buttons = rows.locator('[data-testid^="sp-set-rating-"]');
  expect(await buttons.count()).toBeGreaterThan(0);
  const wrapped = await buttons.evaluateAll((list) => list.filter((b) => b.getBoundingClientRect().height > 40).map((b) => b.textContent));
  expect(wrapped, '"Set rating" on two lines').toEqual([]);
  await fits(page, "the session admin's page at 1440 px");

  await page.setViewportSize({ width: 375, height: 812 });
  // Stacked rows: the header row is not drawn and each value is shown under its column's name.
  await expect(table.locator("thead")).toBeHidden();
  const first = rows.first();
  for (const label of ["Manager", "Proposed", "Calibrated", "Comments", "Promotion nomination"]) {
    await expect(first.locator(`td[data-label="${label}"]`)).toBeVisible();
  }
  await fits(page, "the session admin's page at 375 px");
});

test("the sign-off page at 375 px: its two buttons aligned, its history as stacked rows with every column", async ({ page }) => {
  await signIn(page, CEO);
  await open(page, await sessionPath(page, "calibration_session_sign_off_party", "Sales calibration", "/app/sign-off-party/calibration-sessions"));
  await page.setViewportSize({ width: 375, height: 812 });
  const revision = await page.getByTestId("request-revision").boundingBox();
  const close = await page.getByTestId("close-session").boundingBox();
  expect(revision && close).toBeTruthy();
  // Aligned: the same height; side by side on one line (the same top), or, when they do not fit, one under the
  // other at the same left edge; a gap between them either way, both whole in view.
  expect(Math.abs(revision!.height - close!.height)).toBeLessThan(1);
  if (Math.abs(revision!.y - close!.y) < 1) expect(close!.x).toBeGreaterThanOrEqual(revision!.x + revision!.width + 4);
  else {
    expect(Math.abs(revision!.x - close!.x)).toBeLessThan(1);
    expect(close!.y).toBeGreaterThanOrEqual(revision!.y + revision!.height + 4);
  }
  await expect(page.getByTestId("request-revision")).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId("close-session")).toBeInViewport({ ratio: 1 });

  const history = page.getByTestId("history-table");
  const row = history.locator('[data-testid^="history-row-"]').first();
  await expect(row).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  for (const label of ["Participant", "Change", "By", "Reason"]) {
    const cell = row.locator(`td[data-label="${label}"]`);
    await expect(cell).toBeVisible();
    // Each value on its own line inside the phone's width (not a column pushed out of a two-column table).
    const at = (await cell.boundingBox())!;
    expect(at.x, label).toBeGreaterThanOrEqual(0);
    expect(at.x + at.width, label).toBeLessThanOrEqual(375);
  }
  await fits(page, "the sign-off page at 375 px");
  await page.setViewportSize({ width: 1440, height: 900 });
  await fits(page, "the sign-off page at 1440 px");
});
