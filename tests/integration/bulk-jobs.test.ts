/**
 * Bulk participant jobs through their API routes, run by the app's worker against a real Temporal
 * dev server: upload / upsert (multipart, both error modes, header checks), populate, download,
 * lists, details with row errors, authorization and 404s, audits and search attributes.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { Role, User } from "~/generated/prisma/client.ts";
import { getTemporalClient } from "~/platform/temporal.server";
import { CycleIdKey, JobTypeKey } from "../../workflows/search-attributes-contract";
import * as uploadRoute from "~/routes/api.v1.admin.cycles.$id.upload_participant_jobs";
import * as uploadItemRoute from "~/routes/api.v1.admin.cycles.$id.upload_participant_jobs.$jobId";
import * as upsertRoute from "~/routes/api.v1.admin.cycles.$id.upsert_participant_jobs";
import * as upsertItemRoute from "~/routes/api.v1.admin.cycles.$id.upsert_participant_jobs.$jobId";
import * as populateRoute from "~/routes/api.v1.admin.cycles.$id.populate_participants_jobs";
import * as populateItemRoute from "~/routes/api.v1.admin.cycles.$id.populate_participants_jobs.$jobId";
import * as downloadRoute from "~/routes/api.v1.admin.cycles.$id.download_participant_jobs";
import * as downloadItemRoute from "~/routes/api.v1.admin.cycles.$id.download_participant_jobs.$jobId";
import * as downloadFileRoute from "~/routes/api.v1.admin.cycles.$id.download_participant_jobs.$jobId.file";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { startTestWorker } from "../support/worker";

type Handler = Parameters<typeof callRoute>[0];

let stopWorker: () => Promise<void>;
let admin: User;
const tokens = {} as Record<Role, string>;
let cycleId: number;

async function newCycle(name = "Bulk jobs"): Promise<number> {
  const db = await getDb();
  const cycle = await db.cycle.create({ data: { name, workflowId: `test-cycle-${randomUUID()}` } });
  return cycle.id;
}

/** `count` employees with unique emails (one query). */
async function makeUsers(count: number, prefix = "p"): Promise<User[]> {
  const db = await getDb();
  const tag = randomUUID().slice(0, 8);
  const data = Array.from({ length: count }, (_, i) => ({ email: `${prefix}${i}.${tag}@bulk.example.com`, name: `${prefix.toUpperCase()} ${i} ${tag}` }));
  await db.user.createMany({ data });
  return db.user.findMany({ where: { email: { in: data.map((d) => d.email) } }, orderBy: { id: "asc" } });
}

/** POST a multipart upload to a route's action, like a browser or API client would. */
async function upload(
  handler: Handler,
  opts: { cycle: number | string; token?: string; csv?: string; fileName?: string; errorMode?: string; contentType?: string; raw?: string },
) {
  const headers = new Headers();
  if (opts.token) headers.set("Authorization", `Bearer ${opts.token}`);
  let body: BodyInit | undefined;
  if (opts.raw !== undefined) {
    body = opts.raw;
    headers.set("Content-Type", opts.contentType ?? "application/json");
  } else {
    const form = new FormData();
    if (opts.csv !== undefined) form.set("file", new Blob([opts.csv], { type: "text/csv" }), opts.fileName ?? "participants.csv");
    if (opts.errorMode !== undefined) form.set("error_mode", opts.errorMode);
    body = form;
  }
  const request = new Request(`http://127.0.0.1/api/v1/admin/cycles/${opts.cycle}/upload`, { method: "POST", headers, body });
  const result = await handler({ request, params: { id: String(opts.cycle) }, context: {} } as never);
  const response = result instanceof Response ? result : Response.json(result);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function waitForJob(jobId: number): Promise<{ jobId: number; status: string }> {
  const client = await getTemporalClient();
  return client.workflow.getHandle(`job-${jobId}`).result();
}

async function jobRow(jobId: number) {
  return (await getDb()).job.findUniqueOrThrow({ where: { id: jobId } });
}

async function auditActions(jobId: number): Promise<string[]> {
  const rows = await (await getDb()).auditRecord.findMany({ where: { entityType: "Job", entityId: String(jobId) }, orderBy: { id: "asc" } });
  return rows.map((r) => r.action);
}

async function participantsOf(cycle: number) {
  return (await getDb()).participant.findMany({
    where: { cycleId: cycle },
    include: { user: true, manager: true, secondaryManager: true, hrPartner: true },
    orderBy: { id: "asc" },
  });
}

const path = (cycle: number | string, rest = "") => `/api/v1/admin/cycles/${cycle}/${rest}`;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Jobs Admin" });
  tokens.SUPER_ADMIN = await bearerFor(admin.id);
  for (const role of ["HR_OPS", "PEOPLE_PARTNER", "EMPLOYEE"] as const) tokens[role] = await bearerFor((await createTestUser({ role })).id);
  cycleId = await newCycle();
});

afterAll(async () => {
  await stopWorker?.();
});

describe("upload participants", () => {
  it("accepts a CSV (202), stores it, starts job-<id> with CycleId/JobType and creates the participants", async () => {
    const [a, b, c, m1, m2, hr] = await makeUsers(6);
    const csv = [
      "Email,manager_email,secondary_manager_email,hr_partner_email,reviewer_only",
      `${a!.email},${m1!.email},${m2!.email},${hr!.email},false`,
      ` ${b!.email.toUpperCase()} ,${m1!.email},,,yes`,
      `${c!.email},,,,`,
    ].join("\r\n");
    const res = await upload(uploadRoute.action, { cycle: cycleId, token: tokens.SUPER_ADMIN, csv, errorMode: "valid_only", fileName: "team.csv" });
    expect(res.status).toBe(202);
    expect(res.body.job).toMatchObject({
      cycle_id: cycleId,
      type: "upload_participants",
      status: "pending",
      error_mode: "valid_only",
      file_name: "team.csv",
      created_by: { id: admin.id },
    });
    const jobId: number = res.body.job.id;
    expect(res.body.job.workflow_id).toBe(`job-${jobId}`);
    const db = await getDb();
    const file = await db.jobFile.findUniqueOrThrow({ where: { jobId_kind: { jobId, kind: "input" } } });
    expect(Buffer.from(file.content).toString("utf8")).toBe(csv);

    const client = await getTemporalClient();
    const desc = await client.workflow.getHandle(`job-${jobId}`).describe();
    expect(desc.typedSearchAttributes.get(CycleIdKey)).toBe(String(cycleId));
    expect(desc.typedSearchAttributes.get(JobTypeKey)).toBe("upload_participants");

    expect(await waitForJob(jobId)).toEqual({ jobId, status: "SUCCEEDED" });
    const job = await jobRow(jobId);
    expect(job).toMatchObject({ status: "SUCCEEDED", totalRows: 3, processedRows: 3, succeededRows: 3, failedRows: 0 });
    expect(job.startedAt).not.toBeNull();
    expect(job.finishedAt).not.toBeNull();

    const participants = await participantsOf(cycleId);
    const byEmail = new Map(participants.map((p) => [p.user.email, p]));
    expect(byEmail.get(a!.email)).toMatchObject({ managerId: m1!.id, secondaryManagerId: m2!.id, hrPartnerId: hr!.id, reviewerOnly: false });
    expect(byEmail.get(b!.email)).toMatchObject({ managerId: m1!.id, secondaryManagerId: null, reviewerOnly: true });
    expect(byEmail.get(c!.email)).toMatchObject({ managerId: null, reviewerOnly: false });

    expect(await auditActions(jobId)).toEqual(["job.create", "job.start", "job.rows_committed", "job.succeed"]);
    const committed = await db.auditRecord.findFirstOrThrow({ where: { entityType: "Job", entityId: String(jobId), action: "job.rows_committed" } });
    expect(committed).toMatchObject({ actorId: admin.id, source: "workflow" });
    expect(committed.after).toMatchObject({ from_row: 2, to_row: 4, committed: 3, created: 3, failed: 0 });

    const detail = await callRoute(uploadItemRoute.loader as Handler, {
      path: path(cycleId, `upload_participant_jobs/${jobId}`),
      token: tokens.SUPER_ADMIN,
      params: { id: String(cycleId), jobId: String(jobId) },
    });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      job: { id: jobId, status: "succeeded", total_rows: 3, processed_rows: 3, succeeded_rows: 3, failed_rows: 0, message: "3 of 3 rows committed" },
      row_errors: [],
      row_errors_total: 0,
    });
  });

  const badRowsCsv = (u: User[], existing: User) =>
    [
      "email,manager_email",
      `${u[0]!.email},${u[1]!.email}`, // row 2 ok
      `not-an-email,`, // row 3 bad email
      `${u[2]!.email},nobody.${randomUUID().slice(0, 6)}@nowhere.example.com`, // row 4 unknown manager
      "", // row 5 blank line, skipped
      `${u[3]!.email},`, // row 6 ok
      `${u[0]!.email},`, // row 7 duplicate of row 2
      `${existing.email},`, // row 8 already a participant (upload is insert-only)
      `${u[4]!.email},${u[4]!.email}`, // row 9 manager = self
      `${u[5]!.email}`, // row 10 too few cells
    ].join("\n") + "\n";

  it("ALL_OR_NOTHING: any invalid row fails the job with row errors and commits nothing", async () => {
    const cycle = await newCycle("all or nothing");
    const db = await getDb();
    const u = await makeUsers(6);
    const [existing] = await makeUsers(1, "existing");
    await db.participant.create({ data: { cycleId: cycle, userId: existing!.id } });
    const res = await upload(uploadRoute.action, { cycle, token: tokens.SUPER_ADMIN, csv: badRowsCsv(u, existing!), errorMode: "all_or_nothing" });
    expect(res.status).toBe(202);
    const jobId: number = res.body.job.id;
    expect(await waitForJob(jobId)).toEqual({ jobId, status: "FAILED" });
    const job = await jobRow(jobId);
    expect(job).toMatchObject({ status: "FAILED", totalRows: 8, processedRows: 8, succeededRows: 0, failedRows: 6 });
    expect(job.message).toBe("6 of 8 rows have errors; nothing was committed");
    expect((await participantsOf(cycle)).map((p) => p.userId)).toEqual([existing!.id]);

    const detail = await callRoute(uploadItemRoute.loader as Handler, {
      path: path(cycle, `upload_participant_jobs/${jobId}?page_size=50`),
      token: tokens.SUPER_ADMIN,
      params: { id: String(cycle), jobId: String(jobId) },
    });
    expect(detail.status).toBe(200);
    expect(detail.body.job).toMatchObject({ status: "failed", failed_rows: 6, message: job.message });
    expect(detail.body.row_errors_total).toBe(6);
    expect(detail.body.row_errors).toMatchObject([
      { row_number: 3, column: "email", message: "Email must be a valid email address" },
      { row_number: 4, column: "manager_email", message: expect.stringMatching(/^No user with email nobody\./) },
      { row_number: 7, column: "email", message: `${u[0]!.email} is listed more than once in the file (first on row 2)` },
      { row_number: 8, column: "email", message: `${existing!.email} is already a participant of this cycle (use the upsert job to change participants)` },
      { row_number: 9, column: "manager_email", message: "Manager must differ from the participant" },
      { row_number: 10, column: null, message: "The row has 1 cells; the header has 2" },
    ]);
    expect(await auditActions(jobId)).toEqual(["job.create", "job.start", "job.fail"]);

    // Row errors are paged.
    const page2 = await callRoute(uploadItemRoute.loader as Handler, {
      path: path(cycle, `upload_participant_jobs/${jobId}?page=2&page_size=4`),
      token: tokens.SUPER_ADMIN,
      params: { id: String(cycle), jobId: String(jobId) },
    });
    expect(page2.body).toMatchObject({ page: 2, page_size: 4, row_errors_total: 6 });
    expect(page2.body.row_errors.map((e: { row_number: number }) => e.row_number)).toEqual([9, 10]);
  });

  it("VALID_ONLY: commits the valid rows, records the bad ones and succeeds with failed rows", async () => {
    const cycle = await newCycle("valid only");
    const db = await getDb();
    const u = await makeUsers(6);
    const [existing] = await makeUsers(1, "existing");
    await db.participant.create({ data: { cycleId: cycle, userId: existing!.id } });
    const res = await upload(uploadRoute.action, { cycle, token: tokens.SUPER_ADMIN, csv: badRowsCsv(u, existing!), errorMode: "valid_only" });
    expect(res.status).toBe(202);
    const jobId: number = res.body.job.id;
    expect(await waitForJob(jobId)).toEqual({ jobId, status: "SUCCEEDED" });
    const job = await jobRow(jobId);
    expect(job).toMatchObject({ status: "SUCCEEDED", totalRows: 8, processedRows: 8, succeededRows: 2, failedRows: 6 });
    expect(job.message).toBe("2 of 8 rows committed; 6 rows with errors were skipped");
    const participants = await participantsOf(cycle);
    expect(participants.map((p) => p.user.email).sort()).toEqual([existing!.email, u[0]!.email, u[3]!.email].sort());
    expect(participants.find((p) => p.userId === u[0]!.id)!.managerId).toBe(u[1]!.id);
    expect(await db.jobRowError.count({ where: { jobId } })).toBe(6);
  });

  it("rejects a bad upload with 422 or 400 (415 when not multipart) and starts no job", async () => {
    const db = await getDb();
    const before = await db.job.count();
    const [u] = await makeUsers(1);
    const cases: Array<{ opts: Omit<Parameters<typeof upload>[1], "cycle">; message: RegExp; details?: object; status?: number }> = [
      {
        opts: { csv: `mail,manager_email\n${u!.email},\n` },
        message: /Invalid CSV header: missing column email; unknown column mail/,
        details: { missing_columns: ["email"], unknown_columns: ["mail"] },
      },
      {
        opts: { csv: `email,team,manager\n${u!.email},a,b\n` },
        message: /unknown columns team, manager/,
        details: { missing_columns: [], unknown_columns: ["team", "manager"] },
      },
      { opts: { csv: `email,email\n${u!.email},x\n` }, message: /repeated column email/ },
      { opts: { csv: "\n\n" }, message: /The file is empty/ },
      { opts: {}, message: /Choose a CSV file/, status: 422 }, // no file part: well-formed, nothing to read (ADR 0060)
      { opts: { csv: `email\n${u!.email}\n`, errorMode: "sometimes" }, message: /Invalid input/, status: 400 },
    ];
    for (const c of cases) {
      const res = await upload(uploadRoute.action, { ...c.opts, cycle: cycleId, token: tokens.SUPER_ADMIN });
      // A bad header or an empty file is well-formed multipart the rules refuse: 422 (ADR 0060); a bad error_mode 400.
      expect(res.status, JSON.stringify(c.opts)).toBe(c.status ?? 422);
      expect(res.body.error.message).toMatch(c.message);
      if (c.details) expect(res.body.error.details).toMatchObject(c.details);
    }
    // Not multipart: 415 (ADR 0041)
    const notMultipart = await upload(uploadRoute.action, { raw: JSON.stringify({ file: "x" }), cycle: cycleId, token: tokens.SUPER_ADMIN });
    expect(notMultipart.status).toBe(415);
    expect(notMultipart.body.error).toMatchObject({ code: "unsupported_media_type", message: expect.stringMatching(/multipart\/form-data/) });
    // upsert checks the same header
    const upsertBad = await upload(upsertRoute.action, { cycle: cycleId, token: tokens.SUPER_ADMIN, csv: "manager_email\nx@y.z\n" });
    expect(upsertBad.status).toBe(422);
    expect(upsertBad.body.error.details.missing_columns).toEqual(["email"]);
    expect(await db.job.count()).toBe(before);
  });
});

describe("upsert participants", () => {
  it("inserts new participants and updates existing ones; a missing column keeps the value, a blank cell clears it", async () => {
    const cycle = await newCycle("upsert");
    const db = await getDb();
    const [a, b, c, m1, m2, hr] = await makeUsers(6);
    await db.participant.create({ data: { cycleId: cycle, userId: a!.id, managerId: m1!.id, hrPartnerId: hr!.id } });
    await db.participant.create({ data: { cycleId: cycle, userId: b!.id, managerId: m1!.id, hrPartnerId: hr!.id } });
    const csv = ["email,manager_email,reviewer_only", `${a!.email},${m2!.email},true`, `${b!.email},,false`, `${c!.email},${m1!.email},`].join("\n");
    const res = await upload(upsertRoute.action, { cycle, token: tokens.SUPER_ADMIN, csv, errorMode: "all_or_nothing" });
    expect(res.status).toBe(202);
    expect(res.body.job.type).toBe("upsert_participants");
    const jobId: number = res.body.job.id;
    expect(await waitForJob(jobId)).toEqual({ jobId, status: "SUCCEEDED" });
    const byUser = new Map((await participantsOf(cycle)).map((p) => [p.userId, p]));
    expect(byUser.size).toBe(3);
    expect(byUser.get(a!.id)).toMatchObject({ managerId: m2!.id, hrPartnerId: hr!.id, reviewerOnly: true });
    expect(byUser.get(b!.id)).toMatchObject({ managerId: null, hrPartnerId: hr!.id, reviewerOnly: false });
    expect(byUser.get(c!.id)).toMatchObject({ managerId: m1!.id });
    const committed = await db.auditRecord.findFirstOrThrow({ where: { entityType: "Job", entityId: String(jobId), action: "job.rows_committed" } });
    expect(committed.after).toMatchObject({ committed: 3, created: 1, updated: 2 });

    // Running the same file again changes nothing and doubles nothing.
    const again = await upload(upsertRoute.action, { cycle, token: tokens.SUPER_ADMIN, csv, errorMode: "all_or_nothing" });
    expect(await waitForJob(again.body.job.id)).toMatchObject({ status: "SUCCEEDED" });
    expect(await db.participant.count({ where: { cycleId: cycle } })).toBe(3);
    const second = await db.auditRecord.findFirstOrThrow({ where: { entityType: "Job", entityId: String(again.body.job.id), action: "job.rows_committed" } });
    expect(second.after).toMatchObject({ committed: 3, created: 0, updated: 0, unchanged: 3 });

    const item = await callRoute(upsertItemRoute.loader as Handler, {
      path: path(cycle, `upsert_participant_jobs/${jobId}`),
      token: tokens.SUPER_ADMIN,
      params: { id: String(cycle), jobId: String(jobId) },
    });
    expect(item.body.job).toMatchObject({ id: jobId, type: "upsert_participants", status: "succeeded" });
  });
});

describe("populate participants", () => {
  it("creates a participant for every active employee and people partner with their org relations; running again creates none", async () => {
    const cycle = await newCycle("populate");
    const db = await getDb();
    const tag = randomUUID().slice(0, 8);
    const mk = (name: string, role: Role, extra: object = {}) =>
      db.user.create({ data: { email: `${name}.${tag}@org.example.com`, name, role, ...extra } });
    const boss = await mk("boss", "EMPLOYEE");
    const matrix = await mk("matrix", "EMPLOYEE");
    const pp = await mk("pp", "PEOPLE_PARTNER");
    const worker = await mk("worker", "EMPLOYEE", { managerId: boss.id, secondaryManagerId: matrix.id, hrPartnerId: pp.id });
    const gone = await mk("gone", "EMPLOYEE", { active: false });
    const hrOps = await mk("hrops", "HR_OPS");
    const superAdmin = await mk("sa", "SUPER_ADMIN");
    // An existing participant keeps the values set for this cycle.
    await db.participant.create({ data: { cycleId: cycle, userId: boss.id, reviewerOnly: true, managerId: matrix.id } });

    const res = await callRoute(populateRoute.action as Handler, {
      method: "POST",
      path: path(cycle, "populate_participants_jobs"),
      token: tokens.SUPER_ADMIN,
      params: { id: String(cycle) },
      body: {},
    });
    expect(res.status).toBe(202);
    expect(res.body.job).toMatchObject({ type: "populate_participants", status: "pending", file_name: null });
    const jobId: number = res.body.job.id;
    expect(await waitForJob(jobId)).toEqual({ jobId, status: "SUCCEEDED" });

    const eligible = await db.user.count({ where: { active: true, role: { in: ["EMPLOYEE", "PEOPLE_PARTNER"] } } });
    const job = await jobRow(jobId);
    expect(job.processedRows).toBeGreaterThanOrEqual(eligible);
    expect(job.succeededRows).toBe(job.processedRows - 1); // boss was already a participant
    expect(job.message).toBe(`Created ${job.succeededRows} participants; 1 users were already participants`);

    const participants = await participantsOf(cycle);
    const byUser = new Map(participants.map((p) => [p.userId, p]));
    expect(byUser.get(worker.id)).toMatchObject({ managerId: boss.id, secondaryManagerId: matrix.id, hrPartnerId: pp.id, reviewerOnly: false });
    expect(byUser.get(pp.id)).toBeDefined();
    expect(byUser.get(boss.id)).toMatchObject({ reviewerOnly: true, managerId: matrix.id });
    for (const u of [gone, hrOps, superAdmin]) expect(byUser.has(u.id)).toBe(false);
    const everyEligible = await db.user.findMany({ where: { active: true, role: { in: ["EMPLOYEE", "PEOPLE_PARTNER"] } }, select: { id: true } });
    for (const u of everyEligible) expect(byUser.has(u.id)).toBe(true);
    expect(participants.length).toBe(everyEligible.length);

    // Idempotent: a second run creates nothing.
    const again = await callRoute(populateRoute.action as Handler, {
      method: "POST",
      path: path(cycle, "populate_participants_jobs"),
      token: tokens.SUPER_ADMIN,
      params: { id: String(cycle) },
    });
    expect(again.status).toBe(202);
    expect(await waitForJob(again.body.job.id)).toMatchObject({ status: "SUCCEEDED" });
    expect((await jobRow(again.body.job.id)).succeededRows).toBe(0);
    expect(await db.participant.count({ where: { cycleId: cycle } })).toBe(participants.length);

    const list = await callRoute(populateRoute.loader as Handler, {
      path: path(cycle, "populate_participants_jobs"),
      token: tokens.SUPER_ADMIN,
      params: { id: String(cycle) },
    });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.jobs.map((j: { id: number }) => j.id)).toEqual([again.body.job.id, jobId]); // newest first

    const item = await callRoute(populateItemRoute.loader as Handler, {
      path: path(cycle, `populate_participants_jobs/${jobId}`),
      token: tokens.SUPER_ADMIN,
      params: { id: String(cycle), jobId: String(jobId) },
    });
    expect(item.body.job).toMatchObject({ id: jobId, status: "succeeded" });
  });

  it("rejects a body with fields (400)", async () => {
    const res = await callRoute(populateRoute.action as Handler, {
      method: "POST",
      path: path(cycleId, "populate_participants_jobs"),
      token: tokens.SUPER_ADMIN,
      params: { id: String(cycleId) },
      body: { everyone: true },
    });
    expect(res.status).toBe(400);
  });
});

describe("download participants", () => {
  it("writes every participant of the cycle as CSV, served with Content-Disposition", async () => {
    const cycle = await newCycle("download");
    const db = await getDb();
    const users = await makeUsers(7, "dl");
    const [boss] = users;
    for (const u of users.slice(1)) {
      await db.participant.create({ data: { cycleId: cycle, userId: u.id, managerId: boss!.id, calibratedRating: "4", promotionDecision: "PROMOTED" } });
    }
    await db.participant.create({ data: { cycleId: cycle, userId: boss!.id, reviewerOnly: true } });

    const before = await callRoute(downloadRoute.action as Handler, {
      method: "POST",
      path: path(cycle, "download_participant_jobs"),
      token: tokens.SUPER_ADMIN,
      params: { id: String(cycle) },
      body: {},
    });
    expect(before.status).toBe(202);
    const jobId: number = before.body.job.id;
    expect(before.body.job.output_file_url).toBeNull();
    expect(await waitForJob(jobId)).toEqual({ jobId, status: "SUCCEEDED" });

    const item = await callRoute(downloadItemRoute.loader as Handler, {
      path: path(cycle, `download_participant_jobs/${jobId}`),
      token: tokens.SUPER_ADMIN,
      params: { id: String(cycle), jobId: String(jobId) },
    });
    expect(item.status).toBe(200);
    expect(item.body.job).toMatchObject({
      status: "succeeded",
      total_rows: 7,
      processed_rows: 7,
      output_file_url: `/api/v1/admin/cycles/${cycle}/download_participant_jobs/${jobId}/file`,
    });

    const file = await callRoute(downloadFileRoute.loader as Handler, {
      path: path(cycle, `download_participant_jobs/${jobId}/file`),
      token: tokens.SUPER_ADMIN,
      params: { id: String(cycle), jobId: String(jobId) },
    });
    expect(file.status).toBe(200);
    expect(file.response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(file.response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="participants-cycle-${cycle}-job-${jobId}.csv"; filename*=UTF-8''participants-cycle-${cycle}-job-${jobId}.csv`,
    );
    const lines = (file.body as string).trim().split("\n");
    expect(lines[0]).toBe("email,manager_email,secondary_manager_email,hr_partner_email,reviewer_only,name,calibrated_rating,promotion_decision");
    expect(lines).toHaveLength(8);
    expect(lines).toContain(`${users[1]!.email},${boss!.email},,,false,${users[1]!.name},4,PROMOTED`);
    expect(lines).toContain(`${boss!.email},,,,true,${boss!.name},,`);
    expect(new Set(lines.slice(1).map((l) => l.split(",")[0])).size).toBe(7);
    // The parts were assembled into the one output file.
    expect((await db.jobFile.findMany({ where: { jobId } })).map((f) => f.kind)).toEqual(["output"]);
    expect(await auditActions(jobId)).toEqual(["job.create", "job.start", "job.succeed"]);
  });

  it("has no file until the job has succeeded (404)", async () => {
    const db = await getDb();
    const job = await db.job.create({ data: { cycleId, type: "DOWNLOAD_PARTICIPANTS", workflowId: `job-test-${randomUUID()}` } });
    const res = await callRoute(downloadFileRoute.loader as Handler, {
      path: path(cycleId, `download_participant_jobs/${job.id}/file`),
      token: tokens.SUPER_ADMIN,
      params: { id: String(cycleId), jobId: String(job.id) },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toMatch(/has not finished/);
  });
});

describe("lists, authorization and 404s", () => {
  it("lists a type's jobs newest first with paging", async () => {
    const cycle = await newCycle("lists");
    const [u] = await makeUsers(1);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await upload(uploadRoute.action, { cycle, token: tokens.SUPER_ADMIN, csv: `email\n${u!.email}\n`, errorMode: "valid_only" });
      ids.push(res.body.job.id);
      await waitForJob(res.body.job.id);
    }
    const list = await callRoute(uploadRoute.loader as Handler, { path: path(cycle, "upload_participant_jobs"), token: tokens.SUPER_ADMIN, params: { id: String(cycle) } });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(list.body.jobs.map((j: { id: number }) => j.id)).toEqual([...ids].reverse());
    const paged = await callRoute(uploadRoute.loader as Handler, {
      path: path(cycle, "upload_participant_jobs?page=2&page_size=2"),
      token: tokens.SUPER_ADMIN,
      params: { id: String(cycle) },
    });
    expect(paged.body.jobs.map((j: { id: number }) => j.id)).toEqual([ids[0]]);
    // The first upload created the participant; the next two reported it as existing.
    expect((await jobRow(ids[1]!)).failedRows).toBe(1);
    // Other types' lists do not show them.
    const upserts = await callRoute(upsertRoute.loader as Handler, { path: path(cycle, "upsert_participant_jobs"), token: tokens.SUPER_ADMIN, params: { id: String(cycle) } });
    expect(upserts.body).toEqual({ jobs: [], total: 0 });
    const badPage = await callRoute(uploadRoute.loader as Handler, { path: path(cycle, "upload_participant_jobs?page=0"), token: tokens.SUPER_ADMIN, params: { id: String(cycle) } });
    expect(badPage.status).toBe(400);
  });

  it("creating a job needs a super admin (403 for HR ops, people partners, employees; 401 without a token)", async () => {
    const db = await getDb();
    const before = await db.job.count();
    const [u] = await makeUsers(1);
    for (const role of ["HR_OPS", "PEOPLE_PARTNER", "EMPLOYEE"] as const) {
      for (const route of [uploadRoute, upsertRoute]) {
        const res = await upload(route.action, { cycle: cycleId, token: tokens[role], csv: `email\n${u!.email}\n` });
        expect(res.status, role).toBe(403);
      }
      for (const route of [populateRoute, downloadRoute]) {
        const res = await callRoute(route.action as Handler, { method: "POST", path: path(cycleId, "x"), token: tokens[role], params: { id: String(cycleId) }, body: {} });
        expect(res.status, role).toBe(403);
      }
    }
    expect((await upload(uploadRoute.action, { cycle: cycleId, csv: `email\n${u!.email}\n` })).status).toBe(401);
    expect(await db.job.count()).toBe(before);
  });

  it("reading jobs needs the admin cycle context (super admin or HR ops)", async () => {
    const res = await callRoute(downloadRoute.action as Handler, { method: "POST", path: path(cycleId, "download_participant_jobs"), token: tokens.SUPER_ADMIN, params: { id: String(cycleId) } });
    const jobId: number = res.body.job.id;
    await waitForJob(jobId);
    const reads: Array<[Handler, Record<string, string>]> = [
      [uploadRoute.loader as Handler, { id: String(cycleId) }],
      [upsertRoute.loader as Handler, { id: String(cycleId) }],
      [populateRoute.loader as Handler, { id: String(cycleId) }],
      [downloadRoute.loader as Handler, { id: String(cycleId) }],
      [downloadItemRoute.loader as Handler, { id: String(cycleId), jobId: String(jobId) }],
      [downloadFileRoute.loader as Handler, { id: String(cycleId), jobId: String(jobId) }],
    ];
    for (const [handler, params] of reads) {
      for (const role of ["PEOPLE_PARTNER", "EMPLOYEE"] as const) {
        expect((await callRoute(handler, { path: path(cycleId, "x"), token: tokens[role], params })).status, role).toBe(403);
      }
      expect((await callRoute(handler, { path: path(cycleId, "x"), token: tokens.HR_OPS, params })).status).toBe(200);
      expect((await callRoute(handler, { path: path(cycleId, "x"), params })).status).toBe(401);
    }
  });

  it("answers 404 for an unknown cycle or job, a job of another type or cycle", async () => {
    const db = await getDb();
    const missing = (await db.cycle.aggregate({ _max: { id: true } }))._max.id! + 1000;
    const [u] = await makeUsers(1);
    expect((await upload(uploadRoute.action, { cycle: missing, token: tokens.SUPER_ADMIN, csv: `email\n${u!.email}\n` })).status).toBe(404);
    for (const route of [populateRoute, downloadRoute]) {
      const res = await callRoute(route.action as Handler, { method: "POST", path: path(missing, "x"), token: tokens.SUPER_ADMIN, params: { id: String(missing) }, body: {} });
      expect(res.status).toBe(404);
    }
    for (const route of [uploadRoute, upsertRoute, populateRoute, downloadRoute]) {
      expect((await callRoute(route.loader as Handler, { path: path(missing, "x"), token: tokens.SUPER_ADMIN, params: { id: String(missing) } })).status).toBe(404);
    }
    expect((await callRoute(uploadRoute.loader as Handler, { path: path("abc", "x"), token: tokens.SUPER_ADMIN, params: { id: "abc" } })).status).toBe(404);

    const download = await callRoute(downloadRoute.action as Handler, { method: "POST", path: path(cycleId, "x"), token: tokens.SUPER_ADMIN, params: { id: String(cycleId) } });
    const jobId: number = download.body.job.id;
    await waitForJob(jobId);
    const other = await newCycle("other");
    const notFound: Array<[Handler, Record<string, string>]> = [
      [downloadItemRoute.loader as Handler, { id: String(cycleId), jobId: String(jobId + 100000) }], // unknown job
      [uploadItemRoute.loader as Handler, { id: String(cycleId), jobId: String(jobId) }], // another type
      [upsertItemRoute.loader as Handler, { id: String(cycleId), jobId: String(jobId) }],
      [populateItemRoute.loader as Handler, { id: String(cycleId), jobId: String(jobId) }],
      [downloadItemRoute.loader as Handler, { id: String(other), jobId: String(jobId) }], // another cycle
      [downloadFileRoute.loader as Handler, { id: String(other), jobId: String(jobId) }],
      [downloadItemRoute.loader as Handler, { id: String(missing), jobId: String(jobId) }], // unknown cycle
      [downloadItemRoute.loader as Handler, { id: String(cycleId), jobId: "x" }],
    ];
    for (const [handler, params] of notFound) {
      const res = await callRoute(handler, { path: path(cycleId, "x"), token: tokens.SUPER_ADMIN, params });
      expect(res.status, JSON.stringify(params)).toBe(404);
    }
    // Item routes only answer GET.
    const post = await callRoute(downloadItemRoute.action as Handler, { method: "POST", path: path(cycleId, "x"), token: tokens.SUPER_ADMIN, params: { id: String(cycleId), jobId: String(jobId) } });
    expect(post.status).toBe(405);
  });
});
