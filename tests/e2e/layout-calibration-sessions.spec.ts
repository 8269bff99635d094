import type { Page } from "@playwright/test";
import { test, expect, DEMO, open, signIn } from "./fixtures";
import { clippedCells, layoutOffenders } from "./overflow";

/**
 * Issue 27 (ADR 0091): the super admin's Calibration Sessions table had twelve columns and scrolled inside its box at
 * 1440 px. Its seven columns (Name with the workflow id, State, People, Deadline, Participants with the terminated
 * count, Changed ratings, Actions) fit at 1440 px with every header in view and no clipped cell; at 375 px the rows are
 * stacked, each value under its column's name.
 */

async function calibrationCycle(page: Page): Promise<number> {
  const { cycles } = (await (await page.request.get("/api/v1/admin/cycles")).json()) as { cycles: Array<{ id: number; name: string; state: string }> };
  const seeded = cycles.find((c) => c.state === "calibration" && !c.name.startsWith("E2E"));
  test.skip(!seeded, "The demo seed has no cycle in the calibration stage");
  return seeded!.id;
}

async function fits(page: Page, what: string) {
  expect.soft(await layoutOffenders(page), `layout offenders of ${what}`).toEqual([]);
  expect.soft(await clippedCells(page), `clipped cells of ${what}`).toEqual([]);
}

test("the admin's Calibration Sessions table fits at 1440 px and is stacked rows at 375 px", async ({ page }) => {
  await signIn(page, DEMO.superAdmin);
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, `/app/admin/calibration-sessions?cycle_id=${await calibrationCycle(page)}`);
  const table = page.getByTestId("admin-sessions-table");
  const rows = table.locator('[data-testid^="admin-session-row-"]');
  await expect(rows.first()).toBeVisible();
  for (const column of ["Name", "State", "People", "Deadline", "Participants", "Changed ratings", "Actions"]) {
    await expect(table.getByRole("columnheader", { name: column, exact: true })).toBeInViewport({ ratio: 1 });
  }
  const box = await table.evaluate((t) => ({ table: t.scrollWidth, box: t.parentElement!.clientWidth }));
  expect(box.table, "no sideways scrolling").toBeLessThanOrEqual(box.box);
  const first = rows.first();
  for (const label of ["HR partner", "Session admin", "Panelists", "Sign-off party", "Terminated", "Workflow"]) {
    await expect(first.getByText(label, { exact: true })).toBeVisible();
  }
  await fits(page, "the admin's sessions at 1440 px");

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(table.locator("thead")).toBeHidden();
  for (const label of ["State", "People", "Deadline", "Participants", "Changed ratings"]) {
    await expect(first.locator(`td[data-label="${label}"]`)).toBeVisible();
  }
  await fits(page, "the admin's sessions at 375 px");
});
