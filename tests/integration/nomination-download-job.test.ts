/**
 * The nominations download (`download_nomination_jobs`, issue 14): a bulk job (ADR 0015) run by the app's worker
 * against the Temporal dev server that writes one CSV row per endorsement request (one for a nomination without
 * any) with the endorsements' text and the decisions. Super admin only, also for reading (ADR 0028): 401, 403
 * (HR ops too), 404, 400; the job's workflow, search attributes, audit records and assembled file.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { Role, User } from "~/generated/prisma/client.ts";
import type { CurrentUser } from "~/platform/auth.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { startNominationDownload } from "~/features/jobs/types/nominations-download.server";
import * as nominationsRoute from "~/routes/api.v1.admin.cycles.$id.download_nomination_jobs";
import * as nominationsItemRoute from "~/routes/api.v1.admin.cycles.$id.download_nomination_jobs.$jobId";
import * as nominationsFileRoute from "~/routes/api.v1.admin.cycles.$id.download_nomination_jobs.$jobId.file";
import * as participantsRoute from "~/routes/api.v1.admin.cycles.$id.download_participant_jobs";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { CycleIdKey, JobTypeKey } from "../../workflows/search-attributes-contract";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { startTestWorker } from "../support/worker";

type Handler = Parameters<typeof callRoute>[0];

const HEADER =
  "nominee_email,nominee_name,department,level,manager_email,nominated_by_email,nomination_status,rationale,session_id,session_name,session_state,endorser_email,endorsement_status,endorsement_outcome,endorsement,decision,promotion_decision";

let stopWorker: () => Promise<void>;
let admin: User;
let current: CurrentUser;
const tokens = {} as Record<Role, string>;

const path = (cycle: number | string, rest = "") => `/api/v1/admin/cycles/${cycle}/download_nomination_jobs${rest}`;

async function newCycle(name: string): Promise<number> {
  const db = await getDb();
  return (await db.cycle.create({ data: { name: `${name} ${randomUUID().slice(0, 8)}`, workflowId: `test-cycle-${randomUUID()}` } })).id;
}

async function waitForJob(jobId: number): Promise<{ jobId: number; status: string }> {
  return (await getTemporalClient()).workflow.getHandle(`job-${jobId}`).result();
}

async function start(cycle: number, token = tokens.SUPER_ADMIN) {
  return callRoute(nominationsRoute.action as Handler, { method: "POST", path: path(cycle), token, params: { id: String(cycle) }, body: {} });
}

async function fileOf(cycle: number, jobId: number, token = tokens.SUPER_ADMIN) {
  return callRoute(nominationsFileRoute.loader as Handler, { path: path(cycle, `/${jobId}/file`), token, params: { id: String(cycle), jobId: String(jobId) } });
}

/**
 * A cycle with three nominations, in this order: A (in a closed promotion session, decided PROMOTED, one request
 * endorsed with a text that needs quoting and one expired), B (withdrawn, no session, no request), C (in the
 * session, NOT_PROMOTED, one request rejected).
 */
async function nominationsCycle() {
  const db = await getDb();
  const cycleId = await newCycle("Nominations CSV");
  const tag = randomUUID().slice(0, 8);
  const user = (name: string, extra: { department?: string; level?: string } = {}) =>
    db.user.create({ data: { email: `${name.toLowerCase()}.${tag}@nominations.example.com`, name: `${name} ${tag}`, ...extra } });
  const manager = await user("Mona");
  const [a, b, c] = [await user("Ada", { department: "Engineering", level: "L4" }), await user("Bo"), await user("Cy", { department: "Sales", level: "L3" })];
  const [e1, e2] = [await user("Eve"), await user("Eli")];
  const participant = (u: User, promotionDecision: string | null = null) => db.participant.create({ data: { cycleId, userId: u.id, managerId: manager.id, promotionDecision } });
  const [pa, pb, pc] = [await participant(a, "PROMOTED"), await participant(b), await participant(c, "NOT_PROMOTED")];
  const session = await db.calibrationSession.create({ data: { cycleId, name: `Promotions, ${tag}`, kind: "PROMOTION", state: "closed", createdById: admin.id } });
  await db.calibrationSessionParticipant.createMany({
    data: [
      { sessionId: session.id, participantId: pa.id, kind: "PROMOTION", decision: "PROMOTED" },
      { sessionId: session.id, participantId: pc.id, kind: "PROMOTION", decision: "NOT_PROMOTED" },
    ],
  });
  const nominate = (participantId: number, rationale: string, status = "nominated") => db.promotionNomination.create({ data: { participantId, nominatedById: manager.id, rationale, status } });
  const na = await nominate(pa.id, "Leads the platform team.");
  await nominate(pb.id, "Owns the billing system.", "withdrawn");
  const nc = await nominate(pc.id, "Best quarter in the region.");
  const body = 'Ships, mentors and "owns" outcomes.\nAlso great.';
  await db.endorsement.create({ data: { nominationId: na.id, endorserId: e1.id, sessionId: session.id, status: "endorsed", outcome: "endorsed", body } });
  await db.endorsement.create({ data: { nominationId: na.id, endorserId: e2.id, sessionId: session.id, status: "expired" } });
  await db.endorsement.create({ data: { nominationId: nc.id, endorserId: e1.id, sessionId: session.id, status: "rejected", rejectReason: "Not my area" } });

  const s = `${session.id},"Promotions, ${tag}",closed`;
  const csv = [
    HEADER,
    `${a.email},${a.name},Engineering,L4,${manager.email},${manager.email},nominated,Leads the platform team.,${s},${e1.email},endorsed,endorsed,"Ships, mentors and ""owns"" outcomes.\nAlso great.",PROMOTED,PROMOTED`,
    `${a.email},${a.name},Engineering,L4,${manager.email},${manager.email},nominated,Leads the platform team.,${s},${e2.email},expired,,,PROMOTED,PROMOTED`,
    `${b.email},${b.name},,,${manager.email},${manager.email},withdrawn,Owns the billing system.,,,,,,,,,`,
    `${c.email},${c.name},Sales,L3,${manager.email},${manager.email},nominated,Best quarter in the region.,${s},${e1.email},rejected,,,NOT_PROMOTED,NOT_PROMOTED`,
  ].join("\n") + "\n";
  return { cycleId, csv };
}

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Nominations Admin" });
  current = { user: admin, realUser: null, actor: { userId: admin.id, realUserId: admin.id, source: "api" } };
  tokens.SUPER_ADMIN = await bearerFor(admin.id);
  for (const role of ["HR_OPS", "PEOPLE_PARTNER", "EMPLOYEE"] as const) tokens[role] = await bearerFor((await createTestUser({ role })).id);
});

afterAll(async () => {
  await stopWorker?.();
});

describe("download nominations", () => {
  it("POST starts job-<id> (202); the file has one row per endorsement request, one for a nomination without any", async () => {
    const { cycleId, csv } = await nominationsCycle();
    const res = await start(cycleId);
    expect(res.status).toBe(202);
    const jobId: number = res.body.job.id;
    expect(res.body.job).toMatchObject({
      cycle_id: cycleId,
      type: "download_nominations",
      type_label: "Download nominations",
      status: "pending",
      workflow_id: `job-${jobId}`,
      output_file_url: null,
      created_by: { id: admin.id },
    });
    const desc = await (await getTemporalClient()).workflow.getHandle(`job-${jobId}`).describe();
    expect(desc.typedSearchAttributes.get(CycleIdKey)).toBe(String(cycleId));
    expect(desc.typedSearchAttributes.get(JobTypeKey)).toBe("download_nominations");
    expect(await waitForJob(jobId)).toEqual({ jobId, status: "SUCCEEDED" });

    const item = await callRoute(nominationsItemRoute.loader as Handler, { path: path(cycleId, `/${jobId}`), token: tokens.SUPER_ADMIN, params: { id: String(cycleId), jobId: String(jobId) } });
    expect(item.status).toBe(200);
    expect(item.body.job).toMatchObject({
      status: "succeeded",
      total_rows: 4,
      processed_rows: 4,
      succeeded_rows: 4,
      failed_rows: 0,
      message: "4 rows written",
      output_file_url: `/api/v1/admin/cycles/${cycleId}/download_nomination_jobs/${jobId}/file`,
    });
    expect(item.body.row_errors).toEqual([]);

    const file = await fileOf(cycleId, jobId);
    expect(file.status).toBe(200);
    expect(file.response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const name = `nominations-cycle-${cycleId}-job-${jobId}.csv`;
    expect(file.response.headers.get("Content-Disposition")).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    expect(file.body).toBe(csv);
    // The stored file plus the UTF-8 byte order mark every CSV download starts with (issue 28).
    expect(Number(file.response.headers.get("Content-Length"))).toBe(Buffer.byteLength(csv, "utf8") + 3);

    const db = await getDb();
    expect((await db.jobFile.findMany({ where: { jobId } })).map((f) => f.kind)).toEqual(["output"]);
    const audits = await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(jobId) }, orderBy: { id: "asc" } });
    expect(audits.map((a) => a.action)).toEqual(["job.create", "job.start", "job.succeed"]);
    expect(audits[0]).toMatchObject({ actorId: admin.id, after: expect.objectContaining({ type: "download_nominations", cycle_id: cycleId }) });

    const list = await callRoute(nominationsRoute.loader as Handler, { path: path(cycleId), token: tokens.SUPER_ADMIN, params: { id: String(cycleId) } });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, jobs: [{ id: jobId, status: "succeeded" }] });
  });

  it("startNominationDownload (the pages' call) in steps of one nomination writes the same file; only for super admins", async () => {
    const { cycleId, csv } = await nominationsCycle();
    const job = await startNominationDownload(current, cycleId, { chunkRows: 1 });
    expect(await waitForJob(job.id)).toEqual({ jobId: job.id, status: "SUCCEEDED" });
    expect((await fileOf(cycleId, job.id)).body).toBe(csv);
    const db = await getDb();
    expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "SUCCEEDED", totalRows: 4, processedRows: 4, succeededRows: 4 });
    expect((await db.jobFile.findMany({ where: { jobId: job.id } })).map((f) => f.kind)).toEqual(["output"]);

    const hrOps = await createTestUser({ role: "HR_OPS" });
    await expect(startNominationDownload({ user: hrOps, realUser: null, actor: { userId: hrOps.id, realUserId: hrOps.id, source: "page" } }, cycleId)).rejects.toMatchObject({ status: 403 });
  });

  it("a cycle without nominations gives the header only", async () => {
    const cycleId = await newCycle("No nominations");
    const res = await start(cycleId);
    expect(res.status).toBe(202);
    expect(await waitForJob(res.body.job.id)).toEqual({ jobId: res.body.job.id, status: "SUCCEEDED" });
    expect((await fileOf(cycleId, res.body.job.id)).body).toBe(`${HEADER}\n`);
  });
});

describe("download nominations: who and what", () => {
  it("401 without a token, 403 for everyone but super admins (HR ops included), on every call; nothing created", async () => {
    const cycleId = await newCycle("Nominations auth");
    const res = await start(cycleId);
    const jobId: number = res.body.job.id;
    await waitForJob(jobId);
    const db = await getDb();
    const jobs = await db.job.count();
    const calls: Array<[Handler, string, Record<string, string>]> = [
      [nominationsRoute.action as Handler, "POST", { id: String(cycleId) }],
      [nominationsRoute.loader as Handler, "GET", { id: String(cycleId) }],
      [nominationsItemRoute.loader as Handler, "GET", { id: String(cycleId), jobId: String(jobId) }],
      [nominationsFileRoute.loader as Handler, "GET", { id: String(cycleId), jobId: String(jobId) }],
    ];
    for (const [handler, method, params] of calls) {
      const body = method === "POST" ? {} : undefined;
      expect((await callRoute(handler, { method, path: path(cycleId), params, body })).status).toBe(401);
      for (const role of ["HR_OPS", "PEOPLE_PARTNER", "EMPLOYEE"] as const) {
        const denied = await callRoute(handler, { method, path: path(cycleId), token: tokens[role], params, body });
        expect(denied.status, `${role} ${method}`).toBe(403);
        expect(denied.body.error.code).toBe("forbidden");
      }
      expect((await callRoute(handler, { method, path: path(cycleId), token: tokens.SUPER_ADMIN, params, body })).status).toBe(method === "POST" ? 202 : 200);
    }
    await waitForJob((await db.job.findFirstOrThrow({ where: { cycleId, type: "DOWNLOAD_NOMINATIONS" }, orderBy: { id: "desc" } })).id);
    expect(await db.job.count()).toBe(jobs + 1); // the super admin's POST only
  });

  it("404 for an unknown cycle or job, a job of another type or cycle, a file not ready; 400 for a body; 405 on item routes", async () => {
    const db = await getDb();
    const cycleId = await newCycle("Nominations 404");
    const other = await newCycle("Nominations other");
    const missing = (await db.cycle.aggregate({ _max: { id: true } }))._max.id! + 1000;
    expect((await start(missing)).status).toBe(404);
    expect((await callRoute(nominationsRoute.loader as Handler, { path: path(missing), token: tokens.SUPER_ADMIN, params: { id: String(missing) } })).status).toBe(404);
    expect((await callRoute(nominationsRoute.loader as Handler, { path: path("abc"), token: tokens.SUPER_ADMIN, params: { id: "abc" } })).status).toBe(404);

    const jobId: number = (await start(cycleId)).body.job.id;
    await waitForJob(jobId);
    const participants = await callRoute(participantsRoute.action as Handler, { method: "POST", path: path(cycleId), token: tokens.SUPER_ADMIN, params: { id: String(cycleId) }, body: {} });
    const participantsJob: number = participants.body.job.id;
    await waitForJob(participantsJob);
    const pending = await db.job.create({ data: { cycleId, type: "DOWNLOAD_NOMINATIONS", workflowId: `job-test-${randomUUID()}` } });
    const notFound: Array<[Handler, Record<string, string>]> = [
      [nominationsItemRoute.loader as Handler, { id: String(cycleId), jobId: String(jobId + 100000) }], // unknown job
      [nominationsItemRoute.loader as Handler, { id: String(cycleId), jobId: String(participantsJob) }], // another type
      [nominationsFileRoute.loader as Handler, { id: String(cycleId), jobId: String(participantsJob) }],
      [nominationsItemRoute.loader as Handler, { id: String(other), jobId: String(jobId) }], // another cycle
      [nominationsFileRoute.loader as Handler, { id: String(other), jobId: String(jobId) }],
      [nominationsItemRoute.loader as Handler, { id: String(missing), jobId: String(jobId) }], // unknown cycle
      [nominationsItemRoute.loader as Handler, { id: String(cycleId), jobId: "x" }],
      [nominationsFileRoute.loader as Handler, { id: String(cycleId), jobId: String(pending.id) }], // not finished
    ];
    for (const [handler, params] of notFound) {
      const res = await callRoute(handler, { path: path(cycleId), token: tokens.SUPER_ADMIN, params });
      expect(res.status, JSON.stringify(params)).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await fileOf(cycleId, pending.id)).body.error.message).toMatch(/has not finished/);

    const before = await db.job.count({ where: { cycleId } });
    const bad = await callRoute(nominationsRoute.action as Handler, { method: "POST", path: path(cycleId), token: tokens.SUPER_ADMIN, params: { id: String(cycleId) }, body: { format: "xlsx" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(await db.job.count({ where: { cycleId } })).toBe(before);
    const put = await callRoute(nominationsRoute.action as Handler, { method: "PUT", path: path(cycleId), token: tokens.SUPER_ADMIN, params: { id: String(cycleId) }, body: {} });
    expect(put.status).toBe(405);
    for (const route of [nominationsItemRoute, nominationsFileRoute]) {
      const post = await callRoute(route.action as Handler, { method: "POST", path: path(cycleId), token: tokens.SUPER_ADMIN, params: { id: String(cycleId), jobId: String(jobId) } });
      expect(post.status).toBe(405);
    }
  });
});

describe("download nominations: API description", () => {
  it("documents the collection, the job and its file, for super admins", async () => {
    const doc = (await callRoute(openapi.loader as Handler, { path: "/api/v1/openapi.json" })).body;
    const base = "/api/v1/admin/cycles/{cycle_id}/download_nomination_jobs";
    expect(Object.keys(doc.paths[base]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths[`${base}/{job_id}`])).toEqual(["get"]);
    expect(Object.keys(doc.paths[`${base}/{job_id}/file`])).toEqual(["get"]);
    expect(doc.paths[base].get.summary).toBe("Download nominations jobs of a cycle, newest first (super admin)");
    expect(doc.paths[`${base}/{job_id}/file`].get.summary).toBe("The job's file, once it has succeeded (super admin)");
    expect(Object.keys(doc.paths[`${base}/{job_id}/file`].get.responses["200"].content)).toEqual(["text/csv"]);
  });
});
