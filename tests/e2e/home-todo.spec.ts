import type { Page } from "@playwright/test";
import { test, expect, DEMO, open, signIn } from "./fixtures";

/**
 * Home as a to-do list (ADR 0036) on the demo data: Eli's 360 feedback in the running cycle and his endorsement
 * request in the calibration cycle; Morgan's own feedback and his team's progress. Each item leads to its page.
 */

async function cycleId(page: Page, name: string): Promise<number> {
  const { cycles } = (await (await page.request.get("/api/v1/cycles")).json()) as { cycles: Array<{ id: number; name: string }> };
  return cycles.find((c) => c.name === name)!.id;
}

test("Eli: his feedback to write and an endorsement request, each leading to its page", async ({ page }) => {
  await signIn(page, DEMO.employee);
  const running = await cycleId(page, "2026 Year-End Review");
  await open(page, `/app/home?cycle_id=${running}`);
  await expect(page.getByRole("heading", { level: 1, name: "Hello, Eli Employee" })).toBeVisible();
  await expect(page.getByTestId("home-cycle-stage")).toHaveText("Stage 2 - SPU Feedback stage");
  const items = page.getByTestId("home-todo-item");
  await expect(items.first()).toHaveAttribute("data-kind", "write_self_review");
  await expect(items.first()).toContainText("Due 18 Dec 2026 (cycle end)");
  await expect(items.filter({ hasText: "Give upward feedback to Morgan Manager" })).toHaveCount(1);
  await expect(page.getByTestId("home-team")).toHaveCount(0);

  await items.filter({ hasText: "Give upward feedback to Morgan Manager" }).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/app/performance/spu-feedback/feedback/morgan\\.manager%40example\\.com\\?cycle_id=${running}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Feedback for Morgan Manager" })).toBeVisible();

  const calibration = await cycleId(page, "2026 Q3 Review");
  await open(page, `/app/home?cycle_id=${calibration}`);
  const request = page.getByTestId("home-todo-item").and(page.locator('[data-kind="answer_endorsement"]'));
  await expect(request).toHaveCount(1);
  await request.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/app/promotions/endorsements/\\d+/endorse\\?cycle_id=${calibration}$`));
  await expect(page.getByTestId("endorsement-accept")).toBeVisible();
});

test("Morgan: his own feedback and his team's progress", async ({ page }) => {
  await signIn(page, DEMO.manager);
  const running = await cycleId(page, "2026 Year-End Review");
  await open(page, `/app/home?cycle_id=${running}`);
  await expect(page.getByTestId("home-todo-item").first()).toHaveAttribute("data-kind", "write_self_review");
  const team = page.getByTestId("home-team");
  await expect(team.getByTestId("home-team-member")).toHaveCount(8);
  await expect(team.getByTestId("home-team-member").filter({ hasText: "Eli Employee" })).toContainText("Not started");
  await expect(team.getByTestId("home-team-counts")).toContainText("Self reviews submitted");

  await page.getByTestId("home-todo-item").first().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/app/performance/spu-feedback/feedback/morgan\\.manager%40example\\.com\\?cycle_id=${running}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Your self review" })).toBeVisible();
  await page.goBack();
  await team.getByRole("link", { name: "Open your team" }).click();
  await expect(page).toHaveURL(new RegExp(`/app/my-reportees\\?cycle_id=${running}$`));
});
