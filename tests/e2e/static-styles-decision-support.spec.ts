import type { Page } from "@playwright/test";
import { test, expect, DEMO, signIn } from "./fixtures";
import { staticHtmlCheck } from "./static-html";

/**
 * Issue 27: the decision support pages — the reports page (inactive participants, the report form, the latest
 * reports), the Therma-scan upload page, their job lists and job pages, and a participant's stored scan — are
 * server-rendered with static CSS only: frame and content add no emotion style tag, no emotion class and no MUI class.
 */

const expectNoEmotion = staticHtmlCheck({ from: "main" });

/** The demo's current cycle (SPU feedback, with inactive participants). */
async function currentCycleId(page: Page): Promise<number> {
  const { cycles } = (await (await page.request.get("/api/v1/admin/cycles")).json()) as { cycles: Array<{ id: number; name: string }> };
  return cycles.find((c) => c.name === "2026 Year-End Review")!.id;
}

/** A job of the cycle run to its end through the API; its id. */
async function finishedJob(page: Page, cycleId: number, collection: string, options: Parameters<Page["request"]["post"]>[1]): Promise<number> {
  const res = await page.request.post(`/api/v1/admin/cycles/${cycleId}/${collection}`, options);
  expect(res.status()).toBe(202);
  const id = (await res.json()).job.id as number;
  await expect.poll(async () => (await (await page.request.get(`/api/v1/admin/cycles/${cycleId}/${collection}/${id}`)).json()).job.status, { timeout: 60_000 }).toBe("succeeded");
  return id;
}

test.describe.configure({ timeout: 120_000 });

test("the reports page and the report jobs' pages hold no emotion style", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
  const cycleId = await currentCycleId(page);
  const report = await finishedJob(page, cycleId, "download_participants_report", { data: { metric_type: "feedback_given" } });
  const base = `/app/admin/cycles/${cycleId}/decision-support/reports`;
  await expectNoEmotion(page, base, 'data-testid="inactive-row"');
  await expectNoEmotion(page, `${base}/jobs`, 'data-testid="job-row"');
  await expectNoEmotion(page, `${base}/jobs/${report}`, 'data-testid="job-download"');
});

test("the Therma-scan upload page, its jobs' pages and a stored scan hold no emotion style", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
  const created = await page.request.post("/api/v1/admin/cycles", { data: { name: `Static Therma ${Date.now()}` } });
  expect(created.status()).toBe(201);
  const cycleId = (await created.json()).cycle.id as number;
  expect((await page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data: { email: DEMO.employee.email } })).status()).toBe(201);
  const csv = ["participant_email,engagement,wellbeing,workload,flight_risk,comment", `${DEMO.employee.email},4,5,3,low,Fine`, "nobody@example.com,1,1,1,high,"].join("\n");
  const upload = await finishedJob(page, cycleId, "upload_therma_scan_report_jobs", {
    multipart: { file: { name: "scan.csv", mimeType: "text/csv", buffer: Buffer.from(csv) }, error_mode: "valid_only" },
  });
  const base = `/app/admin/cycles/${cycleId}/therma-scan-report`;
  await expectNoEmotion(page, `${base}/upload`, 'data-testid="therma-coverage"');
  await expectNoEmotion(page, `${base}/jobs`, 'data-testid="job-row"');
  await expectNoEmotion(page, `${base}/jobs/${upload}`, 'data-testid="row-error"');
  // The stored scan's card on the participant's page is decision support's: static markup.
  const edit = await (await page.request.get(`/app/admin/cycles/${cycleId}/participants/${encodeURIComponent(DEMO.employee.email)}/edit`)).text();
  // The card as the server wrote it (scripts and stylesheets left out), read as a document of its own.
  await page.goto("about:blank");
  await page.setContent(edit.replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/<link\b[^>]*>/g, ""));
  const card = await page.getByTestId("therma-scan").evaluate((el) => el.outerHTML);
  expect(card).toContain("Engagement 4 / 5 · Wellbeing 5 / 5 · Workload 3 / 5 · Flight risk Low");
  expect(card).not.toMatch(/class="[^"]*\b(Mui|css-)/);
});
