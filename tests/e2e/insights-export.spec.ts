import { parse } from "csv-parse/sync";
import { test, expect, DEMO, hydrated, signIn } from "./fixtures";
import { ok } from "./api-helpers";
import { csvText } from "./downloads";

/**
 * The fairness insights' CSV export (issue 29 §5, ADR 0115) on the demo company: a super admin opens the insights of
 * the session "Marketing calibration" (2026 Q3 Review), starts "Export as CSV", the job runs to its end on its page
 * and the file downloads: every figure's table (each breakdown) and the session's significant gap by gender, with its
 * test, p-value and words. (The filters' part and the HR partner's own people: tests/integration/insights-export.test.ts.)
 */

type Cycle = { id: number; name: string };
type Session = { id: number; name: string };

test("a super admin exports a session's insights as CSV from its page; the job ends and the file downloads", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.superAdmin, "/app/home");
  const { cycles } = await ok<{ cycles: Cycle[] }>(await page.request.get("/api/v1/admin/cycles"));
  const q3 = cycles.find((c) => c.name === "2026 Q3 Review")!;
  const { calibration_sessions: sessions } = await ok<{ calibration_sessions: Session[] }>(await page.request.get(`/api/v1/admin/cycles/${q3.id}/calibration_sessions`));
  const marketing = sessions.find((s) => s.name === "Marketing calibration")!;

  await page.goto(`/app/insights/sessions/${marketing.id}`);
  await hydrated(page);
  await page.getByRole("tab", { name: "Gender" }).click();
  await expect(page.getByRole("tab", { name: "Gender" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("insights-export")).toHaveText("Export as CSV");
  await page.getByTestId("insights-export").click();
  await expect(page).toHaveURL(/\/app\/insights\/exports\/\d+$/, { timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1, name: /^Insights export #\d+$/ })).toBeVisible();
  await expect(page.getByTestId("job-status")).toHaveText("Succeeded", { timeout: 60_000 });
  await expect(page.getByTestId("job-message")).toHaveText(/^\d+ rows written$/);
  await expect(page.getByTestId("insights-export-back")).toHaveAttribute("href", `/app/insights/sessions/${marketing.id}`);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("job-download").click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^insights-session-${marketing.id}-job-\\d+\\.csv$`));
  const lines: Array<Record<string, string>> = parse(await csvText(download), { columns: true });
  expect(lines.length).toBeGreaterThan(10);
  expect(lines.every((l) => l.scope === "session" && l.session_id === String(marketing.id) && l.figure === "ratings")).toBe(true);
  // The designed gap: women rated lower after calibration, significant (Mann–Whitney), said in words.
  const gap = lines.find((l) => l.attribute === "Gender" && l.group === "Woman" && l.measure === "mean_after")!;
  expect(gap).toMatchObject({ row: "group", gap_significant: "true", gap_test: expect.stringMatching(/^mann_whitney/) });
  expect(Number(gap.gap_p_value)).toBeLessThan(0.05);
  expect(gap.gap_words).toContain("significant");
  // Every group in the file is at or above the floor.
  for (const l of lines) if (l.people !== "") expect(Number(l.people)).toBeGreaterThanOrEqual(5);
});
