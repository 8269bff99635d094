/**
 * Issue 27: the super admin's job pages (every job type's list and job page, one mechanism) and the audit log read
 * what they show in at most 3 database round trips of their own (the session and shell reads of the frame are counted
 * apart, platform-reads.test.ts), and show what the API's reads answer (listJobs, getJobDetail, getCycle,
 * populateFilterOptions, listAudits), with the same 404s and 403s.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { JobType, User } from "~/generated/prisma/client.ts";
import { getDb } from "~/platform/db.server";
import { getCycle } from "~/features/cycles/service.server";
import { getJobDetail, listJobs } from "~/features/jobs/queries.server";
import { populateFilterOptions } from "~/features/jobs/types/participants/populate-filters.server";
import { listAudits } from "~/features/audit/service.server";
import * as audits from "~/routes/app.admin.audits._index";
import * as nudgeJob from "~/routes/app.admin.cycles.$cycleId.nudges.$jobId";
import { getNudgeJobDetail } from "~/features/nudges/service.server";
import * as uploadList from "~/routes/app.admin.cycles.$cycleId.upload-participants-jobs._index";
import * as uploadJob from "~/routes/app.admin.cycles.$cycleId.upload-participants-jobs.$jobId";
import * as populateList from "~/routes/app.admin.cycles.$cycleId.populate-participants-jobs._index";
import * as pdfList from "~/routes/app.admin.cycles.$cycleId.bulk-participants-feedback-pdf-download._index";
import * as pdfJob from "~/routes/app.admin.cycles.$cycleId.bulk-participants-feedback-pdf-download.$jobId";
import * as importList from "~/routes/app.admin.users.import.jobs._index";
import * as importJob from "~/routes/app.admin.users.import.jobs.$jobId";
import * as exportsList from "~/routes/app.admin.personal-data.exports._index";
import { sessionCookieFor } from "../support/session";
import { createTestUser } from "../support/api";
import { countPageLoad, loadPageWithin, pageRefusal } from "../support/page-load";

let admin: User;
let employee: User;
let adminCookie: string;
let cycleId: number;
let otherCycleId: number;
const jobs: Record<string, number> = {};

async function newJob(type: JobType, cycle: number | null, extra: Record<string, unknown> = {}) {
  const db = await getDb();
  const job = await db.job.create({ data: { type, cycleId: cycle, workflowId: `test-job-${randomUUID()}`, ...extra } });
  return job.id;
}

beforeAll(async () => {
  const db = await getDb();
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Jobs Reads Admin" });
  employee = await createTestUser({ name: "Jobs Reads Employee" });
  adminCookie = await sessionCookieFor(admin.id);
  cycleId = (await db.cycle.create({ data: { name: `Job pages ${randomUUID().slice(0, 6)}`, workflowId: `test-cycle-${randomUUID()}` } })).id;
  otherCycleId = (await db.cycle.create({ data: { name: `Other ${randomUUID().slice(0, 6)}`, workflowId: `test-cycle-${randomUUID()}` } })).id;
  // 28 upload jobs (two pages of 25), some with a creator, times apart and two at the same instant (ordered by id).
  const base = Date.parse("2026-03-01T10:00:00.000Z");
  for (let i = 0; i < 28; i++) {
    await newJob("UPLOAD_PARTICIPANTS", cycleId, {
      createdAt: new Date(base + (i === 27 ? 26 : i) * 60_000 + 123),
      createdById: i % 3 === 0 ? null : admin.id,
      fileName: i % 2 ? `team-${i}.csv` : null,
      status: i % 4 === 0 ? "SUCCEEDED" : i % 4 === 1 ? "FAILED" : "RUNNING",
      errorMode: i % 2 ? "VALID_ONLY" : "ALL_OR_NOTHING",
      totalRows: 40,
      processedRows: i,
      succeededRows: i > 2 ? i - 2 : 0,
      failedRows: 2,
      message: i % 5 ? `message ${i} 张伟` : null,
      startedAt: i % 2 ? new Date(base + i * 60_000 + 5_456) : null,
      finishedAt: i % 4 < 2 ? new Date(base + i * 60_000 + 9_789) : null,
    });
  }
  jobs.upload = await newJob("UPLOAD_PARTICIPANTS", cycleId, { createdById: admin.id, status: "SUCCEEDED", fileName: "errors.csv", failedRows: 30 });
  await db.jobRowError.createMany({
    data: Array.from({ length: 30 }, (_, i) => ({ jobId: jobs.upload!, rowNumber: 40 - i, column: i % 2 ? "email" : null, message: `Row ${40 - i} is wrong` })),
  });
  jobs.otherCycle = await newJob("UPLOAD_PARTICIPANTS", otherCycleId);
  jobs.pdf = await newJob("BULK_FEEDBACK_PDF", cycleId, { status: "SUCCEEDED", createdById: admin.id });
  jobs.pdfRunning = await newJob("BULK_FEEDBACK_PDF", cycleId, { status: "RUNNING" });
  jobs.import = await newJob("IMPORT_DIRECTORY", null, { createdById: admin.id, fileName: "directory.csv" });
  jobs.export = await newJob("EXPORT_PERSON", null, { createdById: admin.id, subjectUserId: employee.id, status: "SUCCEEDED" });
});

describe("the job list pages", () => {
  it("a cycle type's list: the cycle and each page of jobs as listJobs and getCycle read them, in one statement", async () => {
    const cycle = await getCycle(cycleId);
    for (const page of [1, 2, 3]) {
      const path = `/app/admin/cycles/${cycleId}/upload-participants-jobs?page=${page}`;
      const r = await countPageLoad(uploadList.loader, path, adminCookie, { cycleId: String(cycleId) });
      expect(r.count, r.statements.join("\n")).toBe(1);
      const data = r.result as Awaited<ReturnType<typeof uploadList.loader>>;
      const old = await listJobs(cycleId, "UPLOAD_PARTICIPANTS", { page, page_size: 25 });
      expect(data.cycle).toEqual(cycle);
      expect(data.jobs).toEqual(old.jobs);
      expect(data.total).toBe(29);
      expect(data.total).toBe(old.total);
      expect(data.page).toBe(page);
    }
    const first = await loadPageWithin(uploadList.loader, `/app/admin/cycles/${cycleId}/upload-participants-jobs`, adminCookie, { params: { cycleId: String(cycleId) } });
    expect(first.jobs.map((j) => j.id)).not.toContain(jobs.otherCycle);
    expect(first.view.basePath).toBe(`/app/admin/cycles/${cycleId}/upload-participants-jobs`);
  });

  it("an output type's list and a company-wide type's list (no cycle) answer as listJobs", async () => {
    const pdf = await loadPageWithin(pdfList.loader, `/app/admin/cycles/${cycleId}/bulk-participants-feedback-pdf-download`, adminCookie, { params: { cycleId: String(cycleId) } });
    expect(pdf.jobs).toEqual((await listJobs(cycleId, "BULK_FEEDBACK_PDF", { page: 1, page_size: 25 })).jobs);
    expect(pdf.jobs.find((j) => j.id === jobs.pdf)?.output_file_url).toMatch(/\/file$/);
    for (const [loader, type, path] of [
      [importList.loader, "IMPORT_DIRECTORY", "/app/admin/users/import/jobs"],
      [exportsList.loader, "EXPORT_PERSON", "/app/admin/personal-data/exports"],
    ] as const) {
      const data = (await loadPageWithin(loader, path, adminCookie)) as Awaited<ReturnType<typeof importList.loader>>;
      const old = await listJobs(null, type, { page: 1, page_size: 25 });
      expect(data.cycle).toBeNull();
      expect(data.jobs).toEqual(old.jobs);
      expect(data.total).toBe(old.total);
    }
  });

  it("the populate page reads its jobs and the directory's filter values in 2 statements, as populateFilterOptions", async () => {
    const db = await getDb();
    await db.user.update({ where: { id: employee.id }, data: { department: "Ünïcode Dept 研发", location: "", level: "L3" } });
    const data = await loadPageWithin(populateList.loader, `/app/admin/cycles/${cycleId}/populate-participants-jobs`, adminCookie, { params: { cycleId: String(cycleId) } });
    expect(data.filterOptions).toEqual(await populateFilterOptions(db));
    expect(data.filterOptions.departments).toContain("Ünïcode Dept 研发");
    expect(data.filterOptions.locations).not.toContain("");
    expect(data.jobs).toEqual([]);
  });

  it("refuses as before: 403 for anyone but a super admin, 404 'Invalid Cycle ID' for an unknown cycle", async () => {
    const employeeCookie = await sessionCookieFor(employee.id);
    const forbidden = await pageRefusal(uploadList.loader, `/app/admin/cycles/${cycleId}/upload-participants-jobs`, employeeCookie, { params: { cycleId: String(cycleId) } });
    expect(forbidden.status).toBe(403);
    const companyForbidden = await pageRefusal(importList.loader, "/app/admin/users/import/jobs", employeeCookie);
    expect(companyForbidden.status).toBe(403);
    const unknown = await pageRefusal(uploadList.loader, "/app/admin/cycles/999999/upload-participants-jobs", adminCookie, { params: { cycleId: "999999" } });
    expect([unknown.status, unknown.statusText]).toEqual([404, "Invalid Cycle ID"]);
    const malformed = await pageRefusal(uploadList.loader, "/app/admin/cycles/x/upload-participants-jobs", adminCookie, { params: { cycleId: "x" } });
    expect(malformed.status).toBe(404);
  });
});

describe("a job's page", () => {
  it("the job and each page of its row errors as getJobDetail reads them, in one statement", async () => {
    for (const page of [1, 2]) {
      const path = `/app/admin/cycles/${cycleId}/upload-participants-jobs/${jobs.upload}?page=${page}`;
      const r = await countPageLoad(uploadJob.loader, path, adminCookie, { cycleId: String(cycleId), jobId: String(jobs.upload) });
      expect(r.count, r.statements.join("\n")).toBe(1);
      const data = r.result as Awaited<ReturnType<typeof uploadJob.loader>>;
      const old = await getJobDetail(cycleId, "UPLOAD_PARTICIPANTS", jobs.upload!, { page, page_size: 25 });
      expect(data.cycle).toEqual(await getCycle(cycleId));
      expect(data.job).toEqual(old.job);
      expect(data.rowErrors).toEqual(old.row_errors);
      expect(data.rowErrors.length).toBe(page === 1 ? 25 : 5);
      expect(data.rowErrorsTotal).toBe(old.row_errors_total);
      expect(data.page).toBe(page);
    }
  });

  it("a running output job, a finished one and a company-wide job answer as getJobDetail", async () => {
    for (const id of [jobs.pdf!, jobs.pdfRunning!]) {
      const data = await loadPageWithin(pdfJob.loader, `/app/admin/cycles/${cycleId}/bulk-participants-feedback-pdf-download/${id}`, adminCookie, { params: { cycleId: String(cycleId), jobId: String(id) } });
      expect(data.job).toEqual((await getJobDetail(cycleId, "BULK_FEEDBACK_PDF", id, { page: 1, page_size: 25 })).job);
    }
    const data = await loadPageWithin(importJob.loader, `/app/admin/users/import/jobs/${jobs.import}`, adminCookie, { params: { jobId: String(jobs.import) } });
    expect(data.cycle).toBeNull();
    expect(data.job).toEqual((await getJobDetail(null, "IMPORT_DIRECTORY", jobs.import!, { page: 1, page_size: 25 })).job);
    expect(data.rowErrors).toEqual([]);
  });

  it("404 for another cycle's job, another type's job, a malformed or out-of-range id; the unknown cycle first", async () => {
    const params = (jobId: string, cycle = String(cycleId)) => ({ cycleId: cycle, jobId });
    for (const jobId of [String(jobs.otherCycle), String(jobs.pdf), "abc", "99999999999"]) {
      const res = await pageRefusal(uploadJob.loader, `/app/admin/cycles/${cycleId}/upload-participants-jobs/${jobId}`, adminCookie, { params: params(jobId) });
      expect([res.status, res.statusText], jobId).toEqual([404, "Not found"]);
    }
    const company = await pageRefusal(importJob.loader, `/app/admin/users/import/jobs/${jobs.export}`, adminCookie, { params: { jobId: String(jobs.export) } });
    expect(company.status).toBe(404);
    const unknownCycle = await pageRefusal(uploadJob.loader, "/app/admin/cycles/999999/upload-participants-jobs/1", adminCookie, { params: params("1", "999999") });
    expect([unknownCycle.status, unknownCycle.statusText]).toEqual([404, "Invalid Cycle ID"]);
    const employeeCookie = await sessionCookieFor(employee.id);
    const forbidden = await pageRefusal(uploadJob.loader, "/app/admin/cycles/1/upload-participants-jobs/1", employeeCookie, { params: params("1") });
    expect(forbidden.status).toBe(403);
  });
});

describe("the audit log page", () => {
  let tag: string;
  let participantId: number;
  beforeAll(async () => {
    const db = await getDb();
    tag = randomUUID().slice(0, 8);
    const cycle = await db.cycle.create({ data: { name: `Audited ${tag} Cycle`, workflowId: `test-cycle-${randomUUID()}` } });
    const person = await createTestUser({ name: `Audited ${tag} Person` });
    participantId = (await db.participant.create({ data: { cycleId: cycle.id, userId: person.id } })).id;
    const job = await newJob("UPLOAD_PARTICIPANTS", cycle.id);
    const at = (s: number) => new Date(Date.parse("2026-04-01T08:00:00.000Z") + s * 1000 + 7);
    const rows = [
      { action: "user.update", entityType: "User", entityId: String(person.id), actorId: admin.id, realActorId: admin.id, source: "page", before: { role: "EMPLOYEE" }, after: { role: "HR_OPS" } },
      { action: "participant.create", entityType: "Participant", entityId: String(participantId), actorId: employee.id, realActorId: admin.id, source: "page", after: { tag } },
      { action: "cycle.update", entityType: "Cycle", entityId: String(cycle.id), actorId: null, realActorId: null, source: "workflow" },
      { action: "job.create", entityType: "Job", entityId: String(job), actorId: admin.id, realActorId: admin.id, source: "api" },
      { action: `scim.user.${tag}`, entityType: "User", entityId: "112", actorId: null, realActorId: null, source: "scim", actorLabel: `Okta ${tag}` },
      { action: "user.create", entityType: "User", entityId: "12", actorId: admin.id, realActorId: admin.id, source: "cli", before: null, after: { email: "张伟@example.com" } },
    ];
    for (const [i, r] of rows.entries()) await db.auditRecord.create({ data: { ...r, createdAt: at(i % 3), before: r.before ?? undefined, after: r.after ?? undefined } });
  });

  it("each page and search answers what GET /api/v1/admin/audits answers, in one statement", async () => {
    const searches = [
      "",
      tag,
      `Audited ${tag}`,
      `${tag} Person`,
      `${tag} Cycle`,
      "user.update",
      "User#12",
      "#12",
      "12",
      "scim",
      `SCIM Okta`,
      `participant.create ${tag}`,
      "nothing-matches-this-at-all",
      "a_b%c",
    ];
    for (const search of searches) {
      for (const [limit, offset] of [
        [50, 0],
        [2, 1],
      ] as const) {
        const params = new URLSearchParams({ limit: String(limit), offset: String(offset), ...(search ? { search_query: search } : {}) });
        const r = await countPageLoad(audits.loader, `/app/admin/audits?${params}`, adminCookie);
        expect(r.count, `${search}: ${r.statements.join("\n")}`).toBe(1);
        expect(r.result, `"${search}" ${limit}/${offset}`).toEqual(await listAudits({ limit, offset, search_query: search || undefined }));
      }
    }
    const found = (await countPageLoad(audits.loader, `/app/admin/audits?search_query=${tag}`, adminCookie)).result as Awaited<ReturnType<typeof audits.loader>>;
    expect(found.audits.length).toBeGreaterThanOrEqual(5);
  });

  it("a bad address falls back to the defaults as before; 403 for anyone but a super admin", async () => {
    const r = await loadPageWithin(audits.loader, "/app/admin/audits?limit=9999&offset=-1", adminCookie);
    expect([r.limit, r.offset]).toEqual([50, 0]);
    const far = await loadPageWithin(audits.loader, "/app/admin/audits?offset=99999999999", adminCookie);
    expect(far.audits).toEqual([]);
    const employeeCookie = await sessionCookieFor(employee.id);
    const forbidden = await pageRefusal(audits.loader, "/app/admin/audits", employeeCookie);
    expect(forbidden.status).toBe(403);
  });
});

describe("a nudge job's page", () => {
  it("reads the job, its counts and refused emails in 2 statements, as getNudgeJobDetail", async () => {
    const db = await getDb();
    const scheduled = await newJob("NUDGE", cycleId, { status: "SUCCEEDED", totalRows: 3, processedRows: 3, createdById: admin.id });
    const plain = await newJob("NUDGE", cycleId, { status: "PENDING" });
    await db.jobFile.create({ data: { jobId: scheduled, kind: "recipients", name: "recipients-spu_feedback.json", contentType: "application/json", content: Buffer.from("[]") } });
    const people = [admin, employee, await createTestUser({ name: "Nudged Third" })];
    await db.notification.createMany({
      data: people.map((u, i) => ({
        userId: u.id,
        kind: "nudge",
        title: "Reminder",
        body: "You have pending work",
        dedupeKey: `nudge:${scheduled}:${u.id}`,
        emailedAt: i < 2 ? new Date() : null,
        emailError: i === 1 ? "550 refused" : null,
      })),
    });
    // Another job's notification (its id a prefix of this one's) is not counted.
    await db.notification.create({ data: { userId: admin.id, kind: "nudge", title: "x", body: "x", dedupeKey: `nudge:${scheduled}0:${admin.id}` } });
    await db.jobRowError.create({ data: { jobId: scheduled, rowNumber: 2, column: "email", message: "550 refused" } });
    for (const id of [scheduled, plain]) {
      const path = `/app/admin/cycles/${cycleId}/nudges/${id}`;
      const r = await countPageLoad(nudgeJob.loader, path, adminCookie, { cycleId: String(cycleId), jobId: String(id) });
      expect(r.count, r.statements.join("\n")).toBeLessThanOrEqual(2);
      const data = r.result as Awaited<ReturnType<typeof nudgeJob.loader>>;
      const old = await getNudgeJobDetail(cycleId, id, { page: 1, page_size: 25 });
      expect(data.cycle).toEqual(await getCycle(cycleId));
      expect({ job: data.job, row_errors: data.row_errors, row_errors_total: data.row_errors_total, page: data.page, page_size: data.page_size }).toEqual(old);
    }
    const data = await loadPageWithin(nudgeJob.loader, `/app/admin/cycles/${cycleId}/nudges/${scheduled}`, adminCookie, { params: { cycleId: String(cycleId), jobId: String(scheduled) } });
    expect([data.job.stage, data.job.notified, data.job.emailed, data.job.email_failed]).toEqual(["spu_feedback", 3, 2, 1]);
    const other = await pageRefusal(nudgeJob.loader, "/x", adminCookie, { params: { cycleId: String(otherCycleId), jobId: String(scheduled) } });
    expect(other.status).toBe(404);
    const upload = await pageRefusal(nudgeJob.loader, "/x", adminCookie, { params: { cycleId: String(cycleId), jobId: String(jobs.upload) } });
    expect(upload.status).toBe(404);
  });
});
