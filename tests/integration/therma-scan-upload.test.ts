/**
 * The Therma-scan report upload (ADR 0033): a multipart CSV through `upload_therma_scan_report_jobs`, run as a bulk job
 * (ADR 0015) by the app's worker on the Temporal dev server: row errors per row and column in both error modes,
 * upserts by participant (an unchanged row writes nothing), audits; 400 header checks, 401/403 (super admin only,
 * HR ops included), 404, 405; and who may read the stored values: super admins and the session admins of a
 * calibration session holding the participant (the participant page and the session admin's page), nobody else.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { Role, User } from "~/generated/prisma/client.ts";
import type { CurrentUser } from "~/platform/auth.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { thermaScanOfParticipant, thermaScansOfSession } from "~/features/decision-support/therma-scan/service.server";
import * as uploadRoute from "~/routes/api.v1.admin.cycles.$id.upload_therma_scan_report_jobs";
import * as uploadItemRoute from "~/routes/api.v1.admin.cycles.$id.upload_therma_scan_report_jobs.$jobId";
import * as uploadPage from "~/routes/app.admin.cycles.$cycleId.therma-scan-report.upload";
import * as editPage from "~/routes/app.admin.cycles.$cycleId.participants.$email.edit";
import * as sessionAdminPage from "~/routes/app.session-admin.calibration-sessions.$id";
import { JobTypeKey } from "../../workflows/search-attributes-contract";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { callWithSession, sessionCookieFor } from "../support/session";
import { startTestWorker } from "../support/worker";

type Handler = Parameters<typeof callRoute>[0];

let stopWorker: () => Promise<void>;
let admin: User;
const tokens = {} as Record<Role, string>;

const HEADER = "participant_email,engagement,wellbeing,workload,flight_risk,comment";
const path = (c: number | string, rest = "") => `/api/v1/admin/cycles/${c}/upload_therma_scan_report_jobs${rest}`;
const asCurrent = (user: User): CurrentUser => ({ user, realUser: null, actor: { userId: user.id, realUserId: user.id, source: "api" } });

async function upload(opts: { cycle: number | string; token?: string; csv?: string; errorMode?: string; raw?: string }) {
  const headers = new Headers();
  if (opts.token) headers.set("Authorization", `Bearer ${opts.token}`);
  let body: BodyInit;
  if (opts.raw !== undefined) {
    body = opts.raw;
    headers.set("Content-Type", "application/json");
  } else {
    const form = new FormData();
    if (opts.csv !== undefined) form.set("file", new Blob([opts.csv], { type: "text/csv" }), "therma.csv");
    if (opts.errorMode !== undefined) form.set("error_mode", opts.errorMode);
    body = form;
  }
  const request = new Request(`http://127.0.0.1${path(opts.cycle)}`, { method: "POST", headers, body });
  const response = (await uploadRoute.action({ request, params: { id: String(opts.cycle) }, context: {} } as never)) as Response;
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function waitForJob(jobId: number) {
  return (await getTemporalClient()).workflow.getHandle(`job-${jobId}`).result();
}

async function detail(cycle: number, jobId: number | string, token = tokens.SUPER_ADMIN) {
  return callRoute(uploadItemRoute.loader as Handler, { path: path(cycle, `/${jobId}?page_size=50`), token, params: { id: String(cycle), jobId: String(jobId) } });
}

/** A cycle with participants P1-P3 and a user U who is not one of them. */
async function scanCycle() {
  const db = await getDb();
  const cycle = await db.cycle.create({ data: { name: `Therma ${randomUUID().slice(0, 8)}`, state: "CALIBRATION", workflowId: `test-cycle-${randomUUID()}` } });
  const t = randomUUID().slice(0, 6);
  const [p1, p2, p3, u] = [await createTestUser({ name: `P1 ${t}` }), await createTestUser({ name: `P2 ${t}` }), await createTestUser({ name: `P3 ${t}` }), await createTestUser({ name: `U ${t}` })];
  const ps = [];
  for (const user of [p1, p2, p3]) ps.push(await db.participant.create({ data: { cycleId: cycle.id, userId: user.id } }));
  return { cycleId: cycle.id, p1, p2, p3, u, pid: ps.map((p) => p.id) as [number, number, number] };
}

const entryOf = async (participantId: number) => (await getDb()).thermaScanEntry.findUnique({ where: { participantId } });

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Therma Admin" });
  tokens.SUPER_ADMIN = await bearerFor(admin.id);
  for (const role of ["HR_OPS", "PEOPLE_PARTNER", "EMPLOYEE"] as const) tokens[role] = await bearerFor((await createTestUser({ role })).id);
});

afterAll(async () => {
  await stopWorker?.();
});

describe("Therma-scan upload", () => {
  it("valid_only: stores the valid rows and reports each bad one by row and column", async () => {
    const { cycleId, p1, p2, p3, u, pid } = await scanCycle();
    const csv = [
      HEADER,
      `${p1.email.toUpperCase()},4,3,2,Medium,"Busy quarter, asked for help"`, // row 2
      `nobody.${randomUUID().slice(0, 6)}@example.com,3,3,3,low,`, // row 3 unknown user
      `${u.email},3,3,3,low,`, // row 4 not a participant
      `${p2.email},7,3,3,maybe,`, // row 5 two bad cells
      `${p1.email},1,1,1,high,`, // row 6 listed twice
      `short.${randomUUID().slice(0, 6)}@example.com,5,5,5,low`, // row 7 one cell short
      `${p3.email},5,4,5,LOW,`, // row 8
    ].join("\n");
    const res = await upload({ cycle: cycleId, token: tokens.SUPER_ADMIN, csv, errorMode: "valid_only" });
    expect(res.status).toBe(202);
    const jobId: number = res.body.job.id;
    expect(res.body.job).toMatchObject({ type: "upload_therma_scan", type_label: "Upload Therma-scan report", status: "pending", error_mode: "valid_only", file_name: "therma.csv" });
    const desc = await (await getTemporalClient()).workflow.getHandle(`job-${jobId}`).describe();
    expect(desc.typedSearchAttributes.get(JobTypeKey)).toBe("upload_therma_scan");
    expect(await waitForJob(jobId)).toEqual({ jobId, status: "SUCCEEDED" });

    const d = await detail(cycleId, jobId);
    expect(d.body.job).toMatchObject({ status: "succeeded", total_rows: 7, succeeded_rows: 2, failed_rows: 5, message: "2 of 7 rows committed; 5 rows with errors were skipped" });
    expect(d.body.row_errors).toMatchObject([
      { row_number: 3, column: "participant_email", message: expect.stringMatching(/^No user with email nobody\./), message_key: { key: "storedTexts.jobs.rows.therma.noUser" } },
      { row_number: 4, column: "participant_email", message: `${u.email} is not a participant of this cycle`, message_key: { key: "storedTexts.jobs.rows.therma.notParticipant", values: { email: u.email.toLowerCase() } } },
      { row_number: 5, column: "engagement", message: "Engagement must be a whole number from 1 to 5", message_key: { key: "storedTexts.jobs.rows.therma.scoreRange", values: { min: 1, max: 5 } } },
      { row_number: 5, column: "flight_risk", message: "Flight risk must be one of low, medium, high", message_key: { key: "storedTexts.jobs.rows.therma.flightRiskOneOf" } },
      { row_number: 6, column: "participant_email", message: `${p1.email} is listed more than once in the file (first on row 2)` },
      { row_number: 7, column: null, message: "The row has 5 cells; the header has 6" },
    ]);
    expect(await entryOf(pid[0])).toMatchObject({ engagement: 4, wellbeing: 3, workload: 2, flightRisk: "medium", comment: "Busy quarter, asked for help", jobId });
    expect(await entryOf(pid[1])).toBeNull();
    expect(await entryOf(pid[2])).toMatchObject({ engagement: 5, wellbeing: 4, workload: 5, flightRisk: "low", comment: null, jobId });

    const db = await getDb();
    const audits = await db.auditRecord.findMany({ where: { action: { startsWith: "therma_scan." }, after: { path: ["job_id"], equals: jobId } }, orderBy: { id: "asc" } });
    expect(audits.map((a) => a.action)).toEqual(["therma_scan.create", "therma_scan.create"]);
    expect(audits[0]).toMatchObject({ actorId: admin.id, source: "workflow", after: { cycle_id: cycleId, participant_id: pid[0], engagement: 4, flight_risk: "medium" } });
    const jobAudits = await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(jobId) }, orderBy: { id: "asc" } });
    expect(jobAudits.map((a) => a.action)).toEqual(["job.create", "job.start", "job.rows_committed", "job.succeed"]);
    expect(jobAudits[2]!.after).toMatchObject({ committed: 2, created: 2, updated: 0, failed: 5 });

    const list = await callRoute(uploadRoute.loader as Handler, { path: path(cycleId), token: tokens.SUPER_ADMIN, params: { id: String(cycleId) } });
    expect(list.body).toMatchObject({ total: 1, jobs: [{ id: jobId, status: "succeeded" }] });
  });

  it("all_or_nothing: one bad row commits nothing; a good file updates changed entries only", async () => {
    const { cycleId, p1, p3, pid } = await scanCycle();
    const first = await upload({ cycle: cycleId, token: tokens.SUPER_ADMIN, csv: `${HEADER}\n${p1.email},3,3,3,low,\n${p3.email},4,4,4,medium,Fine\n`, errorMode: "valid_only" });
    await waitForJob(first.body.job.id);

    const bad = await upload({ cycle: cycleId, token: tokens.SUPER_ADMIN, csv: `${HEADER}\n${p1.email},5,5,5,low,\n${p3.email},4,4,0,medium,${"x".repeat(501)}\n`, errorMode: "all_or_nothing" });
    expect(await waitForJob(bad.body.job.id)).toEqual({ jobId: bad.body.job.id, status: "FAILED" });
    const failed = await detail(cycleId, bad.body.job.id);
    expect(failed.body.job.message).toBe("1 of 2 rows have errors; nothing was committed");
    expect(failed.body.row_errors).toMatchObject([
      { row_number: 3, column: "workload", message: "Workload must be a whole number from 1 to 5", message_key: { key: "storedTexts.jobs.rows.therma.scoreRange" } },
      { row_number: 3, column: "comment", message: "Comment must be at most 500 characters", message_key: { key: "storedTexts.jobs.rows.therma.commentTooLong", values: { max: 500 } } },
    ]);
    expect(await entryOf(pid[0])).toMatchObject({ engagement: 3, jobId: first.body.job.id });

    // No comment column: the comment is cleared (a row is the whole scan).
    const good = await upload({ cycle: cycleId, token: tokens.SUPER_ADMIN, csv: `participant_email,flight_risk,engagement,wellbeing,workload\n${p1.email},high,2,2,3\n${p3.email},medium,4,4,4\n` });
    const goodId: number = good.body.job.id;
    expect(good.body.job.error_mode).toBe("all_or_nothing");
    expect(await waitForJob(goodId)).toEqual({ jobId: goodId, status: "SUCCEEDED" });
    expect((await detail(cycleId, goodId)).body.job.message).toBe("2 of 2 rows committed");
    expect(await entryOf(pid[0])).toMatchObject({ engagement: 2, wellbeing: 2, workload: 3, flightRisk: "high", comment: null, jobId: goodId });
    expect(await entryOf(pid[2])).toMatchObject({ comment: null, jobId: goodId });

    // Same file again: nothing changes, nothing is audited.
    const again = await upload({ cycle: cycleId, token: tokens.SUPER_ADMIN, csv: `${HEADER}\n${p1.email},2,2,3,high,\n` });
    await waitForJob(again.body.job.id);
    expect(await entryOf(pid[0])).toMatchObject({ jobId: goodId });
    const db = await getDb();
    const updates = await db.auditRecord.findMany({ where: { action: "therma_scan.update", after: { path: ["participant_id"], equals: pid[0] } } });
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ before: { engagement: 3, flight_risk: "low" }, after: { engagement: 2, flight_risk: "high", job_id: goodId } });
  });

  it("422 or 400 for a bad upload (415 when not multipart), and nothing starts", async () => {
    const { cycleId } = await scanCycle();
    const db = await getDb();
    const before = await db.job.count({ where: { cycleId } });
    // A bad header or an empty file part is well-formed multipart: 422 (ADR 0060); a bad error_mode is 400.
    const cases: Array<[Parameters<typeof upload>[0], RegExp, number]> = [
      [{ cycle: cycleId, csv: "participant_email,engagement,score\nx,1,2\n" }, /missing columns wellbeing, workload, flight_risk; unknown column score/, 422],
      [{ cycle: cycleId, csv: "" }, /Choose a CSV file/, 422],
      [{ cycle: cycleId, csv: `${HEADER}\n`, errorMode: "some" }, /Invalid input/, 400],
    ];
    for (const [opts, message, status] of cases) {
      const res = await upload({ ...opts, token: tokens.SUPER_ADMIN });
      expect(res.status).toBe(status);
      expect(res.body.error.message).toMatch(message);
    }
    // Not multipart: 415 (ADR 0041)
    const notMultipart = await upload({ cycle: cycleId, raw: JSON.stringify({ file: "x" }), token: tokens.SUPER_ADMIN });
    expect(notMultipart.status).toBe(415);
    expect(notMultipart.body.error.message).toMatch(/multipart\/form-data/);
    expect(await db.job.count({ where: { cycleId } })).toBe(before);
  });

  it("401, 403 for everyone but super admins (HR ops too), 404, 405", async () => {
    const { cycleId, p1 } = await scanCycle();
    const jobId: number = (await upload({ cycle: cycleId, token: tokens.SUPER_ADMIN, csv: `${HEADER}\n${p1.email},3,3,3,low,\n` })).body.job.id;
    await waitForJob(jobId);
    const params = { id: String(cycleId) };
    const itemParams = { id: String(cycleId), jobId: String(jobId) };
    expect((await upload({ cycle: cycleId, csv: `${HEADER}\n` })).status).toBe(401);
    expect((await callRoute(uploadRoute.loader as Handler, { path: path(cycleId), params })).status).toBe(401);
    expect((await callRoute(uploadItemRoute.loader as Handler, { path: path(cycleId), params: itemParams })).status).toBe(401);
    for (const role of ["HR_OPS", "PEOPLE_PARTNER", "EMPLOYEE"] as const) {
      expect((await upload({ cycle: cycleId, token: tokens[role], csv: `${HEADER}\n${p1.email},1,1,1,high,\n` })).status).toBe(403);
      expect((await callRoute(uploadRoute.loader as Handler, { path: path(cycleId), token: tokens[role], params })).status).toBe(403);
      expect((await detail(cycleId, jobId, tokens[role])).status).toBe(403);
    }
    const db = await getDb();
    expect(await db.job.count({ where: { cycleId, type: "UPLOAD_THERMA_SCAN" } })).toBe(1);
    const missing = (await db.cycle.aggregate({ _max: { id: true } }))._max.id! + 1000;
    expect((await upload({ cycle: missing, token: tokens.SUPER_ADMIN, csv: `${HEADER}\n` })).status).toBe(404);
    expect((await callRoute(uploadRoute.loader as Handler, { path: path(missing), token: tokens.SUPER_ADMIN, params: { id: String(missing) } })).status).toBe(404);
    const other = await db.job.create({ data: { cycleId, type: "UPLOAD_PARTICIPANTS", workflowId: `job-test-${randomUUID()}`, status: "FAILED" } });
    for (const id of [String(jobId + 100000), String(other.id), "x"]) expect((await detail(cycleId, id)).status).toBe(404);
    const post = await callRoute(uploadItemRoute.action as Handler, { method: "POST", path: path(cycleId), token: tokens.SUPER_ADMIN, params: itemParams });
    expect(post.status).toBe(405);
  });
});

describe("who sees the stored values", () => {
  it("super admins and the session admins of a calibration session holding the participant; nobody else", async () => {
    const db = await getDb();
    const { cycleId, p1, p2, pid } = await scanCycle();
    await upload({ cycle: cycleId, token: tokens.SUPER_ADMIN, csv: `${HEADER}\n${p1.email},2,4,1,high,Needs help\n${p2.email},4,4,4,low,\n` }).then((r) => waitForJob(r.body.job.id));
    const [sa, otherSa, panelist, hrOps] = [await createTestUser({ name: "Sam Admin" }), await createTestUser({ name: "Ola Admin" }), await createTestUser({ name: "Pat Panel" }), await createTestUser({ role: "HR_OPS" })];
    const session = await db.calibrationSession.create({ data: { cycleId, name: "Therma session", kind: "RATING", state: "active", createdById: admin.id } });
    const otherSession = await db.calibrationSession.create({ data: { cycleId, name: "Other session", kind: "RATING", state: "active", createdById: admin.id } });
    await db.calibrationSessionParticipant.create({ data: { sessionId: session.id, participantId: pid[0], kind: "RATING", rating: 3 } });
    await db.calibrationSessionParticipant.create({ data: { sessionId: session.id, participantId: pid[2], kind: "RATING", rating: 3 } });
    await db.calibrationSessionParticipant.create({ data: { sessionId: otherSession.id, participantId: pid[1], kind: "RATING", rating: 3 } });
    await db.calibrationSessionMember.createMany({
      data: [
        { sessionId: session.id, userId: sa.id, role: "ADMIN" },
        { sessionId: session.id, userId: panelist.id, role: "PANELIST" },
        { sessionId: otherSession.id, userId: otherSa.id, role: "ADMIN" },
      ],
    });

    expect(await thermaScanOfParticipant(asCurrent(admin), cycleId, pid[0])).toMatchObject({ email: p1.email, engagement: 2, flight_risk: "high", comment: "Needs help" });
    expect(await thermaScanOfParticipant(asCurrent(sa), cycleId, pid[0])).toMatchObject({ engagement: 2 });
    expect(await thermaScanOfParticipant(asCurrent(sa), cycleId, pid[2])).toBeNull(); // in the session, no scan
    for (const who of [otherSa, panelist, hrOps]) await expect(thermaScanOfParticipant(asCurrent(who), cycleId, pid[0])).rejects.toMatchObject({ status: 403 });
    await expect(thermaScanOfParticipant(asCurrent(sa), cycleId, pid[1])).rejects.toMatchObject({ status: 403 }); // not in sa's session
    await expect(thermaScanOfParticipant(asCurrent(admin), cycleId + 100000, pid[0])).rejects.toMatchObject({ status: 404 });

    const scans = await thermaScansOfSession(asCurrent(sa), cycleId, session.id);
    expect(scans).toMatchObject({ participantCount: 2, entries: [{ participant_id: pid[0], engagement: 2, comment: "Needs help" }] });
    expect(scans.entries).toHaveLength(1);
    for (const who of [otherSa, panelist, hrOps]) await expect(thermaScansOfSession(asCurrent(who), cycleId, session.id)).rejects.toMatchObject({ status: 403 });
    await expect(thermaScansOfSession(asCurrent(sa), cycleId, session.id + 100000)).rejects.toMatchObject({ status: 404 });

    // The session admin's page shows them; the admin participant page to super admins.
    const page = await callWithSession(sessionAdminPage.loader as Handler, {
      path: `/app/session-admin/calibration-sessions/${session.id}?cycle_id=${cycleId}`,
      cookie: await sessionCookieFor(sa.id),
      params: { id: String(session.id) },
    });
    expect(page.status).toBe(200);
    expect(page.body.thermaScans).toMatchObject({ participantCount: 2, entries: [{ email: p1.email, flight_risk: "high" }] });
    const denied = await callWithSession(sessionAdminPage.loader as Handler, {
      path: `/app/session-admin/calibration-sessions/${session.id}?cycle_id=${cycleId}`,
      cookie: await sessionCookieFor(panelist.id),
      params: { id: String(session.id) },
    });
    expect(denied.status).toBe(403);
    const edit = await callWithSession(editPage.loader as Handler, {
      path: `/app/admin/cycles/${cycleId}/participants/${p1.email}/edit`,
      cookie: await sessionCookieFor(admin.id),
      params: { cycleId: String(cycleId), email: p1.email },
    });
    expect(edit.body.thermaScan).toMatchObject({ engagement: 2, workload: 1 });
    const upload_ = await callWithSession(uploadPage.loader as Handler, { path: `/app/admin/cycles/${cycleId}/therma-scan-report/upload`, cookie: await sessionCookieFor(admin.id), params: { cycleId: String(cycleId) } });
    expect(upload_.body).toMatchObject({ stored: 2, participants: 3, jobsPath: `/app/admin/cycles/${cycleId}/therma-scan-report/jobs` });
    const hrPage = await callWithSession(uploadPage.loader as Handler, { path: `/app/admin/cycles/${cycleId}/therma-scan-report/upload`, cookie: await sessionCookieFor(hrOps.id), params: { cycleId: String(cycleId) } });
    expect(hrPage.status).toBe(403);
  });
});
