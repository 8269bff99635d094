import { test, expect, DEMO, hydrated, signedInPage } from "./fixtures";
import { ok } from "./api-helpers";

/**
 * The fairness insight pages (issue 29 §2, ADR 0112) on the demo company (prisma/seed-insights.ts): a super admin
 * opens Fairness Insights from the navigation, picks "2026 Q3 Review", breaks the figures down by Gender and sees each
 * figure's table and chart; in the session "Marketing calibration" the gap by gender is significant, in "Design
 * systems calibration" it is not. An HR partner sees her own people only (the same population as the API answers her)
 * and is refused a session of other HR partners' people; an employee is refused and has no navigation item.
 * Axe and the console are checked by the fixtures on every page opened.
 */

type Cycle = { id: number; name: string };
type Session = { id: number; name: string };

test.describe("fairness insights", () => {
  test.use({ allowHttpErrors: [403] });

  test("a super admin reads a cycle's figures by gender, as table and chart, and a session's gap", async ({ browser }) => {
    test.setTimeout(240_000);
    const ada = await signedInPage(browser, DEMO.superAdmin);
    const page = ada.page;
    const { cycles } = await ok<{ cycles: Cycle[] }>(await page.request.get("/api/v1/admin/cycles"));
    const q3 = cycles.find((c) => c.name === "2026 Q3 Review")!;

    await page.getByRole("link", { name: "Fairness Insights" }).click();
    await expect(page).toHaveURL(/\/app\/insights\/cycles\/\d+$/, { timeout: 60_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Fairness Insights" })).toBeVisible();
    await hydrated(page);
    // The cycle picker is a GET form (works without JavaScript).
    await page.getByTestId("insights-cycle-picker").locator("select").selectOption(String(q3.id));
    await page.getByTestId("insights-cycle-show").click();
    await expect(page).toHaveURL(new RegExp(`/app/insights/cycles/${q3.id}$`), { timeout: 60_000 });
    await expect(page.getByTestId("insights-floor")).toContainText("Groups smaller than 5 people are merged into Other.");

    await page.getByRole("tab", { name: "Gender" }).click();
    await expect(page).toHaveURL(/[?&]by=\d+/, { timeout: 60_000 });
    await expect(page.getByRole("tab", { name: "Gender" })).toHaveAttribute("aria-selected", "true");
    const ratings = page.getByTestId("figure-ratings");
    const table = ratings.getByTestId("figure-ratings-table");
    await expect(table.getByRole("columnheader", { name: "Gender" })).toBeVisible();
    for (const group of ["Woman", "Man", "Non-binary", "Everyone"]) await expect(table.getByRole("rowheader", { name: group, exact: true })).toBeVisible();
    // The chart: drawn after hydration, one bar group per row of the table.
    await hydrated(page);
    await expect(ratings.getByTestId("figure-ratings-chart").locator("svg").first()).toBeVisible();
    for (const figure of ["peer_selection", "feedback_received", "promotions"]) {
      await expect(page.getByTestId(`figure-${figure}-table`)).toBeVisible();
      await expect(page.getByTestId(`figure-${figure}-chart`).locator("svg").first()).toBeVisible();
    }

    // The session with the designed gap: significant, said in words; the even one: not significant.
    const { calibration_sessions: sessions } = await ok<{ calibration_sessions: Session[] }>(await page.request.get(`/api/v1/admin/cycles/${q3.id}/calibration_sessions`));
    const sessionId = (name: string) => sessions.find((s) => s.name === name)!.id;
    // Linked from the admin's list of the cycle's calibration sessions.
    await page.goto(`/app/admin/calibration-sessions?cycle_id=${q3.id}`);
    await page.getByTestId(`admin-session-insights-${sessionId("Marketing calibration")}`).click();
    await expect(page).toHaveURL(new RegExp(`/app/insights/sessions/${sessionId("Marketing calibration")}$`), { timeout: 60_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Fairness Insights: Marketing calibration" })).toBeVisible();
    await page.getByRole("tab", { name: "Gender" }).click();
    await expect(page.getByRole("tab", { name: "Gender" })).toHaveAttribute("aria-selected", "true");
    const gap = page.getByTestId("figure-ratings-gaps").locator('li[data-significant="true"]');
    await expect(gap.filter({ hasText: "Woman were rated 1.3 lower on average than the others (2.3 against 3.7)." }).first()).toContainText("This difference is significant (p = 0.0087).");
    await page.goto(`/app/insights/sessions/${sessionId("Design systems calibration")}`);
    await page.getByRole("tab", { name: "Gender" }).click();
    await expect(page.getByRole("tab", { name: "Gender" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("figure-ratings-gaps").locator("li")).not.toHaveCount(0);
    await expect(page.getByTestId("figure-ratings-gaps").locator('li[data-significant="true"]')).toHaveCount(0);
    await ada.close();
  });

  test("an HR partner sees her people only; others' session and an employee are refused", async ({ browser }) => {
    test.setTimeout(180_000);
    const ada = await signedInPage(browser, DEMO.superAdmin);
    const { cycles } = await ok<{ cycles: Cycle[] }>(await ada.page.request.get("/api/v1/admin/cycles"));
    const q3 = cycles.find((c) => c.name === "2026 Q3 Review")!;
    const whole = await ok<{ population: number }>(await ada.page.request.get(`/api/v1/insights/cycles/${q3.id}`));
    const { calibration_sessions: sessions } = await ok<{ calibration_sessions: Session[] }>(await ada.page.request.get(`/api/v1/admin/cycles/${q3.id}/calibration_sessions`));
    // Hana, a new HR partner, has one person, a newcomer who takes part in no cycle yet (a person of her own: another
    // spec of the run may make a demo person the HR partner of a participant).
    const stamp = Date.now();
    const hana = { email: `hana-hr-${stamp}@example.com`, name: "Hana HR" };
    await ok(await ada.page.request.post("/api/v1/admin/users", { data: hana }), 201);
    await ok(await ada.page.request.post("/api/v1/admin/users", { data: { email: `newcomer-${stamp}@example.com`, name: "New Comer", hr_partner_email: hana.email } }), 201);
    await ada.close();

    const priya = await signedInPage(browser, DEMO.peoplePartner);
    const page = priya.page;
    await page.getByRole("link", { name: "Fairness Insights" }).click();
    await expect(page).toHaveURL(/\/app\/insights\/cycles\/\d+$/, { timeout: 60_000 });
    // Her population in "2026 Q3 Review" is what the API answers her: her participants only, fewer than the cycle's.
    await page.goto(`/app/insights/cycles/${q3.id}`);
    const mine = await ok<{ population: number }>(await page.request.get(`/api/v1/insights/cycles/${q3.id}`));
    expect(mine.population).toBeGreaterThan(0);
    expect(mine.population).toBeLessThan(whole.population);
    await expect(page.getByTestId("insights-floor")).toContainText(`${mine.population} people in view.`);
    // A session of other HR partners' people, not created by her: the 403 page.
    await page.goto(`/app/insights/sessions/${sessions.find((s) => s.name === "Marketing calibration")!.id}`);
    await expect(page.getByTestId("error-view")).toHaveText(/access to this page/);
    // Her own sessions link to their insights (ADR 0117): her rating sessions' list, her promotion sessions' list.
    await page.goto(`/app/ratings/hr-partners?cycle_id=${q3.id}`);
    await page.getByTestId("hr-sessions-table").getByRole("link", { name: "Fairness Insights of this session" }).first().click();
    await expect(page).toHaveURL(/\/app\/insights\/sessions\/\d+$/, { timeout: 60_000 });
    await expect(page.getByRole("heading", { level: 1, name: /^Fairness Insights: / })).toBeVisible();
    await page.goto(`/app/promotions/hr-partners/nominations?cycle_id=${q3.id}`);
    await expect(page.getByTestId("hr-sessions-table").getByRole("link", { name: "Fairness Insights of this session" }).first()).toBeVisible();
    await priya.close();

    const eli = await signedInPage(browser, DEMO.employee);
    await expect(eli.page.getByRole("link", { name: "Fairness Insights" })).toHaveCount(0);
    await eli.page.goto(`/app/insights/cycles/${q3.id}`);
    await expect(eli.page.getByTestId("error-view")).toHaveText(/access to this page/);
    await expect(eli.page.getByRole("heading", { name: "Fairness Insights" })).toHaveCount(0);
    await eli.page.goto("/app/insights");
    await expect(eli.page.getByTestId("error-view")).toHaveText(/access to this page/);
    await eli.close();

    // Hana, HR partner of no participant of any cycle: the menu item leads to the empty state, not a refusal.
    const hr = await signedInPage(browser, hana);
    await hr.page.getByRole("link", { name: "Fairness Insights" }).click();
    await expect(hr.page.getByTestId("insights-no-cycle")).toBeVisible();
    await expect(hr.page).toHaveURL(/\/app\/insights$/);
    await hr.close();
  });
});
