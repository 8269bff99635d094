import { DEMO, expect, signIn, test } from "./fixtures";

/**
 * Performance Trends Report (issue 15 item 2, ADR 0030) on the seeded data: Eli has calibrated ratings and peer
 * feedback in two finished cycles ("2025 Year-End Review", "2026 Mid-Year Review"); Morgan manages Eli and seven
 * others. Expected numbers come from the API (other browser tests add cycles of their own).
 */

type Rating = { cycle: { id: number; name: string }; rating: { label: string } | null };
type Stats = { cycles: Array<{ cycle: { id: number }; visible: boolean; average: number | null }> };

test("an employee: ratings and peer feedback as charts and tables, no upward feedback", async ({ page }) => {
  await signIn(page, DEMO.employee, "/app/performance-dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Performance Trends Report" })).toBeVisible();
  await expect(page.getByTestId("trends-person-name")).toHaveText(DEMO.employee.name);

  const { ratings } = (await (await page.request.get("/api/v1/performance_dashboard/performance_ratings")).json()) as { ratings: Rating[] };
  expect(ratings.map((r) => r.cycle.name)).toEqual(expect.arrayContaining(["2025 Year-End Review", "2026 Mid-Year Review"]));
  await expect(page.getByTestId("ratings-trend-chart").locator("svg").first()).toBeVisible();
  await expect(page.getByTestId("ratings-trend-summary")).toContainText("Latest:");
  await page.getByTestId("ratings-trend-view-table").click();
  for (const r of ratings) await expect(page.getByTestId(`rating-value-${r.cycle.id}`)).toContainText(r.rating?.label ?? "Not rated");

  const peer = (await (await page.request.get(`/api/v1/performance_dashboard/peer_stats/${DEMO.employee.email}`)).json()) as Stats;
  const shown = peer.cycles.filter((c) => c.visible);
  expect(shown.length).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId("peer-stats-chart").locator("svg").first()).toBeVisible();
  await page.getByTestId("peer-stats-view-table").click();
  for (const c of shown) await expect(page.getByTestId(`peer-stats-average-${c.cycle.id}`)).toHaveText(c.average!.toFixed(2));

  await expect(page.getByTestId("upward-stats-empty")).toHaveText("You have no direct reports, so there is no upward feedback.");
  await expect(page.getByTestId("team-ratings")).toHaveCount(0);
});

test("a manager: the direct reports' ratings, then one report's trends", async ({ page }) => {
  await signIn(page, DEMO.manager, "/app/performance-dashboard");
  await expect(page.getByTestId("team-ratings-chart").locator("svg").first()).toBeVisible();
  await page.getByTestId("team-ratings-view-table").click();
  const eliRow = page.getByTestId(`team-row-${DEMO.employee.email}`);
  await expect(eliRow).toContainText(DEMO.employee.name);
  await expect(eliRow.getByRole("cell").first()).not.toHaveText("");
  await expect(page.getByTestId("upward-stats-chart").locator("svg").first()).toBeVisible();

  await page.getByTestId("trends-person-picker").click();
  await page.getByRole("option", { name: `${DEMO.employee.name} (Direct report)` }).click();
  await expect(page).toHaveURL(/\/app\/performance-dashboard\?email=eli\.employee%40example\.com/);
  await expect(page.getByTestId("trends-person-name")).toHaveText(DEMO.employee.name);
  await expect(page.getByTestId("trends-relationship")).toHaveText("Your direct report");
  await page.getByTestId("ratings-trend-view-table").click();
  await expect(page.getByTestId("ratings-trend-table").getByRole("row", { name: /2025 Year-End Review/ })).toBeVisible();
  await expect(page.getByTestId("team-ratings")).toHaveCount(0);
});
