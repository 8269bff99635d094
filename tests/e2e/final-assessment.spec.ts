import fs from "node:fs";
import type { Page } from "@playwright/test";
import { DEMO, expect, open, signIn, signedInPage, test } from "./fixtures";

/**
 * Performance Cycle Report and feedback summaries (ADR 0023) on the seeded data: the "2026 Mid-Year Review"
 * cycle is in communication with every 360 answer, manager feedback, rating and decision given; the
 * "2026 Year-End Review" cycle is still in SPU feedback.
 */

type Cycle = { id: number; name: string; state: string };

async function seededCycles(page: Page): Promise<{ communication: Cycle; running: Cycle }> {
  const { cycles } = (await (await page.request.get("/api/v1/cycles")).json()) as { cycles: Cycle[] };
  // By name: other browser tests create their own cycles and move them through every stage.
  return { communication: cycles.find((c) => c.name === "2026 Mid-Year Review")!, running: cycles.find((c) => c.name === "2026 Year-End Review")! };
}

/**
 * A colleague of Eli on Morgan's team whom no other browser test signs in as, so the 'User Feedback' dialog has
 * never been shown to them (looked up through the admin participants API).
 */
async function untouchedEmployee(page: Page, cycleId: number): Promise<{ email: string; name: string }> {
  for (let p = 1; p <= 5; p++) {
    const res = await page.request.get(`/api/v1/admin/cycles/${cycleId}/participants?page=${p}&page_size=100`);
    const { participants } = (await res.json()) as { participants: Array<{ email: string; name: string; manager_email: string | null; reviewer_only: boolean }> };
    const found = participants.filter((x) => x.manager_email === DEMO.manager.email && x.email !== DEMO.employee.email && !x.reviewer_only).at(-1);
    if (found) return { email: found.email, name: found.name };
    if (participants.length < 100) break;
  }
  throw new Error("No colleague of Eli found in the seed");
}

test.describe("Performance Cycle Report", () => {
  test("an employee in a communication cycle: the User Feedback dialog opens once, the report, the anonymous summary and its PDF", async ({ page, browser }) => {
    // Who: looked up as the super admin in a separate browser context.
    const admin = await signedInPage(browser, DEMO.superAdmin);
    const { communication, running } = await seededCycles(admin.page);
    const employee = await untouchedEmployee(admin.page, communication.id);
    await admin.close();

    const reportPath = `/app/performance/final-assessment?cycle_id=${communication.id}`;
    await signIn(page, employee, reportPath);
    await expect(page).toHaveURL(new RegExp(`/app/performance/final-assessment\\?cycle_id=${communication.id}$`));

    // The dialog opens by itself on this page (no user_feedback coachmark, no feedback given yet).
    const dialog = page.getByRole("dialog", { name: "User Feedback" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Do you like using the product?")).toBeVisible();
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(dialog.getByText("Please select one option")).toBeVisible();
    const comment = dialog.getByLabel("feedback(optional)");
    await expect(comment).toBeVisible();
    // 4 rows when empty, growing to at most 15.
    const rows = () => comment.evaluate((el) => Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight)));
    expect(await rows()).toBe(4);
    await comment.fill(Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join("\n"));
    await expect.poll(rows).toBe(15);
    await comment.fill("");
    await dialog.getByRole("button", { name: "Skip" }).click();
    await expect(dialog).toBeHidden();
    // The dismissal is stored as a coachmark.
    await expect
      .poll(async () => ((await (await page.request.get("/api/v1/coachmarks")).json()) as { coachmarks: Array<{ coachmark_type: string; is_dismissed: boolean }> }).coachmarks)
      .toContainEqual({ coachmark_type: "user_feedback", is_dismissed: true });

    // The report: outcome and counts.
    const report = page.getByTestId("cycle-report");
    await expect(report).toContainText(communication.name);
    await expect(page.getByTestId("calibrated-rating")).toHaveText(/^[1-5] - /);
    await expect(page.getByTestId("promotion-decision")).toBeVisible();
    await expect(page.getByTestId("manager-feedback-given")).toHaveText("Manager feedback given");
    await expect(page.getByTestId("received-peer")).toContainText("Peer/Stakeholder");
    await expect(page.getByTestId("report-not-open")).toHaveCount(0);

    // The summary: peers anonymous (3 answered, no names), manager feedback named.
    await page.getByTestId("view-summary").click();
    await expect(page).toHaveURL(new RegExp(`/app/performance/final-assessment/summary\\?cycle_id=${communication.id}$`));
    await expect(page.getByTestId("summary-reviewee")).toHaveText(employee.name);
    await expect(page.getByTestId("anonymity-note")).toContainText("only when at least 3 people of a group have answered");
    const peers = page.getByTestId("summary-section-peer");
    await expect(peers).toContainText("Anonymous");
    await expect(page.getByTestId("section-count-peer")).toHaveText("3 of 3 answered");
    await expect(page.getByTestId("section-reviewers-peer")).toHaveCount(0);
    await expect(peers.getByTestId("question-peer-strengths").getByTestId("summary-answer")).toHaveCount(3);
    await expect(page.getByTestId("section-reviewers-manager")).toHaveText(`From: ${DEMO.manager.name}`);
    await expect(page.getByTestId("average-manager-overall_impact")).toContainText("on a scale of 1 to 5");

    // Download PDF.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-pdf").click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^feedback-summary-.+-cycle-${communication.id}\\.pdf$`));
    const pdf = fs.readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-8).toString("latin1")).toContain("%%EOF");
    expect(pdf.byteLength).toBeGreaterThan(2000);

    // Back on the report page (client-side and after a full load) the dialog stays closed: the dismissal sticks.
    await page.getByTestId("back-to-report").click();
    await expect(page.getByTestId("cycle-report")).toBeVisible();
    await open(page, reportPath);
    await expect(page.getByTestId("cycle-report")).toBeVisible();
    await page.waitForTimeout(500);
    await expect(dialog).toBeHidden();

    // In a cycle not yet in communication the report says when it opens, and the summary is not shown.
    await open(page, `/app/performance/final-assessment?cycle_id=${running.id}`);
    await expect(page.getByTestId("report-not-open")).toContainText("opens in the communication stage");
    await expect(page.getByTestId("calibrated-rating")).toHaveCount(0);
    await open(page, `/app/performance/final-assessment/summary?cycle_id=${running.id}`);
    await expect(page.getByTestId("summary-message")).toContainText("Your feedback summary opens in the communication stage");
    await expect(dialog).toBeHidden();
  });

  test("a manager reads a direct report's summary (peers anonymous, the cycle's default; ADR 0058) and downloads it; their own summary withholds a group below 3", async ({ page }) => {
    await signIn(page, DEMO.manager);
    const { communication } = await seededCycles(page);
    await open(page, `/app/my-reportees/${encodeURIComponent(DEMO.employee.email)}/feedback/summary?cycle_id=${communication.id}`);
    await expect(page.getByTestId("summary-reviewee")).toHaveText(DEMO.employee.name);
    await expect(page.getByTestId("anonymity-note")).toBeVisible();
    await expect(page.getByTestId("names-rule")).toContainText("Peer feedback: reviewers' names are visible to super admins only");
    await expect(page.getByTestId("summary-section-peer")).toContainText("Anonymous");
    await expect(page.getByTestId("section-reviewers-peer")).toHaveCount(0);
    await expect(page.getByTestId("section-reviewers-manager")).toHaveText(`From: ${DEMO.manager.name}`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-pdf").click()]);
    expect(download.suggestedFilename()).toMatch(/^feedback-summary-eli\.employee-cycle-\d+\.pdf$/);

    // Morgan's own summary: 2 of the matrix team answered, below the threshold of 3, so that group is withheld.
    await open(page, `/app/performance/final-assessment/summary?cycle_id=${communication.id}`);
    await expect(page.getByTestId("summary-reviewee")).toHaveText(DEMO.manager.name);
    await expect(page.getByTestId("section-message-matrix_team")).toHaveText("Matrix team feedback is shown when at least 3 matrix team members have answered (2 so far)");
    await expect(page.getByTestId("summary-section-matrix_team").getByTestId("summary-answer")).toHaveCount(0);
    // Upward feedback from 8 direct reports: shown, without names.
    await expect(page.getByTestId("summary-section-direct_report")).toContainText("Anonymous");
    await expect(page.getByTestId("section-reviewers-direct_report")).toHaveCount(0);

    // A secondary report's summary (the path the team list links to): anonymous peers, the manager named (as the
    // reviewee sees it), with its PDF.
    const secondary = await page.request.get(`/api/v1/cycles/${communication.id}/secondary_reports`);
    expect(secondary.status()).toBe(200);
    const report = (await secondary.json()).secondary_reports[0] as { name: string; manager: { name: string }; feedback_summary_path: string };
    await open(page, report.feedback_summary_path);
    await expect(page.getByRole("heading", { name: "Feedback Summary (secondary report)" })).toBeVisible();
    await expect(page.getByTestId("summary-reviewee")).toHaveText(report.name);
    await expect(page.getByTestId("anonymity-note")).toBeVisible();
    await expect(page.getByTestId("section-reviewers-manager")).toHaveText(`From: ${report.manager.name}`);
    await expect(page.getByTestId("summary-section-peer")).toContainText("Anonymous");
    await expect(page.getByTestId("section-reviewers-peer")).toHaveCount(0);
    const [secondaryPdf] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-pdf").click()]);
    expect(secondaryPdf.suggestedFilename()).toMatch(/^feedback-summary-.+-cycle-\d+\.pdf$/);
  });

  test.describe("refusals", () => {
    test.use({ allowHttpErrors: [403] });
    test("an employee cannot read a colleague's summary as if they were the manager", async ({ page }) => {
      await signIn(page, DEMO.employee);
      const { communication } = await seededCycles(page);
      const res = await open(page, `/app/my-reportees/${encodeURIComponent(DEMO.manager.email)}/feedback/summary?cycle_id=${communication.id}`);
      expect(res?.status()).toBe(403);
      await expect(page.getByTestId("error-view")).toContainText("You don't have access to this page");
      const api = await page.request.get(`/api/v1/cycles/${communication.id}/direct_reports/${DEMO.manager.email}/feedbacks_summary`);
      expect(api.status()).toBe(403);
    });
  });

  test("an admin downloads every participant's feedback PDF as one archive", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.superAdmin);
    const { communication } = await seededCycles(page);
    await open(page, `/app/admin/cycles/${communication.id}`);
    await page.getByTestId("cycle-section-bulk-participants-feedback-pdf-download").click();
    await expect(page).toHaveURL(new RegExp(`/app/admin/cycles/${communication.id}/bulk-participants-feedback-pdf-download$`));
    await page.getByTestId("start-bulk-feedback-pdf").click();
    await expect(page).toHaveURL(new RegExp(`/app/admin/cycles/${communication.id}/bulk-participants-feedback-pdf-download/\\d+$`));
    await expect(page.getByTestId("job-status")).toHaveText("Succeeded", { timeout: 50_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("job-download").click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^feedback-summaries-cycle-${communication.id}-job-\\d+\\.zip$`));
    const zip = fs.readFileSync((await download.path())!);
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(zip.includes(Buffer.from(`${DEMO.employee.email}.pdf`))).toBe(true);
  });
});
