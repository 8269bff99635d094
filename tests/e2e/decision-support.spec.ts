import type { Page } from "@playwright/test";
import { test, expect, DEMO, open, signIn } from "./fixtures";
import { csvText } from "./downloads";

/** The demo's current cycle (SPU feedback), where Eli and Morgan have not started the feedback they owe. */
async function currentCycleId(page: Page): Promise<number> {
  const res = await page.request.get("/api/v1/admin/cycles");
  const cycles = (await res.json()).cycles as Array<{ id: number; name: string }>;
  return cycles.find((c) => c.name === "2026 Year-End Review")!.id;
}

// Each test signs in, runs a bulk job to its end and has its pages scanned (axe): more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

test("a super admin sees the inactive participants and downloads a participants report as CSV", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
  const cycleId = await currentCycleId(page);
  await open(page, `/app/admin/cycles/${cycleId}`);
  await expect(page.getByTestId("cycle-section-decision-support/reports")).toHaveAttribute("href", `/app/admin/cycles/${cycleId}/decision-support/reports`);
  await open(page, `/app/admin/cycles/${cycleId}/decision-support/reports`);
  await expect(page.getByRole("heading", { name: "Decision support" })).toBeVisible();
  await expect(page.getByTestId("inactive-rule")).toContainText("submitted none and saved no answer");
  await expect(page.getByTestId("inactive-table")).toContainText(DEMO.employee.email);

  await page.getByLabel(/^Response rate/).check();
  await page.getByTestId("start-report").click();
  await expect(page).toHaveURL(new RegExp(`/app/admin/cycles/${cycleId}/decision-support/reports/jobs/\\d+$`));
  await expect(page.getByTestId("job-status")).toHaveText("Succeeded", { timeout: 30_000 });
  await expect(page.getByTestId("job-message")).toHaveText(/^Response rate: \d+ rows written$/);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("job-download").click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^participants-report-response-rate-cycle-${cycleId}-job-\\d+\\.csv$`));
  const lines = (await csvText(download)).trim().split("\n");
  expect(lines[0]).toBe(
    "participant_email,participant_name,department,manager_email,reviewer_only,given_requests,given_submitted,given_rate_pct,received_requests,received_submitted,received_rate_pct",
  );
  // Eli has submitted none of the feedback they hold.
  expect(lines.find((l) => l.startsWith(`${DEMO.employee.email},`))).toMatch(/,\d+,0,0,\d+,\d+,\d*$/);
});

test("a super admin uploads a Therma-scan report with a bad row and reads its row error", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
  const cycleId = await currentCycleId(page);
  await open(page, `/app/admin/cycles/${cycleId}/therma-scan-report/upload`);
  await expect(page.getByRole("heading", { name: "Upload Therma-scan report" })).toBeVisible();
  const csv = [
    "participant_email,engagement,wellbeing,workload,flight_risk,comment",
    `${DEMO.employee.email},4,5,3,low,Enjoying the new team`,
    `${DEMO.manager.email},9,4,2,medium,`,
  ].join("\n");
  await page.getByTestId("upload-file").setInputFiles({ name: "scan.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByLabel("Commit only the valid rows").check();
  await page.getByTestId("upload-submit").click();

  await expect(page).toHaveURL(new RegExp(`/app/admin/cycles/${cycleId}/therma-scan-report/jobs/\\d+$`));
  await expect(page.getByTestId("job-status")).toHaveText("Succeeded", { timeout: 30_000 });
  await expect(page.getByTestId("job-message")).toHaveText("1 of 2 rows committed; 1 row with errors was skipped");
  await expect(page.getByTestId("row-error").first().locator("td")).toHaveText(["3", "engagement", "Engagement must be a whole number from 1 to 5"]);

  // The stored scan on the participant's admin page.
  await open(page, `/app/admin/cycles/${cycleId}/participants/${encodeURIComponent(DEMO.employee.email)}/edit`);
  await expect(page.getByTestId("therma-scan")).toContainText("Engagement 4 / 5 · Wellbeing 5 / 5 · Workload 3 / 5 · Flight risk Low");
  await expect(page.getByTestId("therma-scan")).toContainText("Enjoying the new team");
});
