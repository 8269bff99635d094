import type { Page } from "@playwright/test";
import { test, expect, DEMO, signIn } from "./fixtures";
import { staticHtmlCheck } from "./static-html";

/**
 * Issue 27: the super admin's job pages (every job type's list, a job's page, the upload forms; one mechanism), the
 * audit log, the token pages and the nudges pages are server-rendered with static CSS only: frame and content add no
 * emotion style tag, no emotion class and no MUI class (menus, dialogs and the populate page's value pickers mount in
 * the browser).
 */

const expectNoEmotion = staticHtmlCheck({ from: "main" });

async function freshCycle(page: Page, label: string): Promise<number> {
  const res = await page.request.post("/api/v1/admin/cycles", { data: { name: `${label} ${Date.now()}` } });
  expect(res.status()).toBe(201);
  return (await res.json()).cycle.id as number;
}

/** A job of the cycle that ran to its end, through the API. */
async function finishedJob(page: Page, cycleId: number, collection: string, options: Parameters<Page["request"]["post"]>[1]): Promise<number> {
  const res = await page.request.post(`/api/v1/admin/cycles/${cycleId}/${collection}`, options);
  expect(res.status()).toBe(202);
  const id = (await res.json()).job.id as number;
  await expect.poll(async () => (await (await page.request.get(`/api/v1/admin/cycles/${cycleId}/${collection}/${id}`)).json()).job.status, { timeout: 30_000 }).toMatch(/succeeded|failed/);
  return id;
}

test("the job lists and a job's page of cycle job types hold no emotion style", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
  const cycleId = await freshCycle(page, "Static jobs");
  const base = `/app/admin/cycles/${cycleId}`;
  // An upload with a row error (the row errors table) and a download (its output link).
  const csv = ["email,manager_email", `${DEMO.employee.email},${DEMO.manager.email}`, "not-an-email,"].join("\n");
  const upload = await finishedJob(page, cycleId, "upload_participant_jobs", {
    multipart: { file: { name: "team.csv", mimeType: "text/csv", buffer: Buffer.from(csv) }, error_mode: "valid_only" },
  });
  const download = await finishedJob(page, cycleId, "download_participant_jobs", { data: {} });
  await expectNoEmotion(page, `${base}/upload-participants-jobs`, 'data-testid="job-row"');
  await expectNoEmotion(page, `${base}/upload-participants-jobs/${upload}`, 'data-testid="row-error"');
  await expectNoEmotion(page, `${base}/download-participant-jobs`, 'data-testid="start-download"');
  await expectNoEmotion(page, `${base}/download-participant-jobs/${download}`, 'data-testid="job-download"');
  await expectNoEmotion(page, `${base}/upsert-participants-jobs`, 'data-testid="jobs-empty"');
  await expectNoEmotion(page, `${base}/bulk-participants-feedback-pdf-download`, 'data-testid="start-bulk-feedback-pdf"');
  await expectNoEmotion(page, `${base}/download-nomination-jobs`, 'data-testid="start-nominations-download"');
  await expectNoEmotion(page, `${base}/populate-participants-jobs`, 'data-testid="start-populate"');
});

test("the upload forms and the company-wide job pages hold no emotion style", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
  const cycleId = await freshCycle(page, "Static uploads");
  await expectNoEmotion(page, `/app/admin/cycles/${cycleId}/upload-participants`, 'data-testid="upload-submit"');
  await expectNoEmotion(page, `/app/admin/cycles/${cycleId}/upsert-participants`, 'data-testid="upload-submit"');
  await expectNoEmotion(page, "/app/admin/users/import", 'data-testid="directory-export-link"');
  await expectNoEmotion(page, "/app/admin/users/import/jobs", 'data-testid="new-upload"');
  await expectNoEmotion(page, "/app/admin/personal-data/exports", "<h1");
  await expectNoEmotion(page, "/app/admin/personal-data/erasures", "<h1");
});

test("the audit log holds no emotion style, searched or not", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/audits");
  await expectNoEmotion(page, "/app/admin/audits", 'data-testid="audits-pagination"');
  await expectNoEmotion(page, "/app/admin/audits?search_query=user&limit=25", 'data-testid="audits-search-clear"');
});

test("the API tokens and SCIM tokens pages hold no emotion style", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/api-tokens");
  expect((await page.request.post("/api/v1/api_tokens", { data: { name: "static-check", expires_in_days: 2 } })).ok()).toBe(true);
  await expectNoEmotion(page, "/app/api-tokens", 'data-testid="api-token-table"');
  await expectNoEmotion(page, "/app/admin/scim-tokens", 'data-testid="scim-token-create"');
});

test("the nudges page and a nudge job's page hold no emotion style", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, "/app/admin/cycles");
  const cycleId = await freshCycle(page, "Static nudges");
  const schedule = await page.request.post(`/api/v1/admin/cycles/${cycleId}/nudge_jobs`, { data: { when: "recurring", cron: "0 9 * * MON", time_zone: "Asia/Tokyo" } });
  expect(schedule.ok()).toBe(true);
  const job = await finishedJob(page, cycleId, "nudge_jobs", { data: { when: "now" } });
  await expectNoEmotion(page, `/app/admin/cycles/${cycleId}/nudges`, 'data-testid="schedule-row"');
  await expectNoEmotion(page, `/app/admin/cycles/${cycleId}/nudges/${job}`, 'data-testid="job-facts"');
});
