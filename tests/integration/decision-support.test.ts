/**
 * Decision support (ADR 0032) through its API routes and pages: the inactive participants of a cycle per stage (always
 * a subset of whom a nudge would remind), the participants report per metric as a bulk job run by the app's worker on
 * the Temporal dev server (file contents, no written text in any metric, chunking, audits, search attributes), and
 * 400/401/403/404/405 on every call.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { CycleState, Role, User } from "~/generated/prisma/client.ts";
import type { CurrentUser } from "~/platform/auth.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { pendingWorkRecipients } from "~/features/nudges/pending-work.server";
import { startParticipantsReport } from "~/features/decision-support/reports.server";
import { METRIC_TYPES, metricColumns } from "~/features/decision-support/rules";
import * as inactiveRoute from "~/routes/api.v1.admin.cycles.$id.decision_support.admin.inactive_participants";
import * as reportRoute from "~/routes/api.v1.admin.cycles.$id.download_participants_report";
import * as reportItemRoute from "~/routes/api.v1.admin.cycles.$id.download_participants_report.$jobId";
import * as reportFileRoute from "~/routes/api.v1.admin.cycles.$id.download_participants_report.$jobId.file";
import * as nominationsRoute from "~/routes/api.v1.admin.cycles.$id.download_nomination_jobs";
import * as reportsPage from "~/routes/app.admin.cycles.$cycleId.decision-support.reports._index";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { CycleIdKey, JobTypeKey } from "../../workflows/search-attributes-contract";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { callWithSession, sessionCookieFor } from "../support/session";
import { startTestWorker } from "../support/worker";

type Handler = Parameters<typeof callRoute>[0];

let stopWorker: () => Promise<void>;
let admin: User;
let current: CurrentUser;
const tokens = {} as Record<Role, string>;

const SECRET = "SECRET-ANSWER-7f3a";
const inactivePath = (c: number | string, q = "") => `/api/v1/admin/cycles/${c}/decision_support/admin/inactive_participants${q}`;
const reportPath = (c: number | string, rest = "") => `/api/v1/admin/cycles/${c}/download_participants_report${rest}`;

async function newCycle(state: CycleState): Promise<number> {
  const db = await getDb();
  return (await db.cycle.create({ data: { name: `Decision support ${randomUUID().slice(0, 8)}`, state, workflowId: `test-cycle-${randomUUID()}` } })).id;
}

const tag = () => randomUUID().slice(0, 6);

async function participant(cycleId: number, user: User, opts: { manager?: User; reviewerOnly?: boolean } = {}) {
  return (await getDb()).participant.create({ data: { cycleId, userId: user.id, managerId: opts.manager?.id ?? null, reviewerOnly: opts.reviewerOnly ?? false } });
}

/**
 * A cycle in SPU feedback. M leads A, B, C and the reviewer-only R; all are participants. Owed (mandatory): self for
 * A, B, C, M; upward (direct report) for M from A, B, C, R; outsider X accepted A's peer request.
 *  - A: nothing touched (a draft the stage opened, no answers) → inactive;
 *  - B: self submitted → active;  C: self saved with an answer → active;
 *  - M: only manager feedback (the next stage's) submitted, with a secret answer → inactive in this stage;
 *  - R: upward feedback for M submitted → active;  X: owes A a peer feedback but is no participant → not listed.
 */
async function spuCycle() {
  const db = await getDb();
  const cycleId = await newCycle("SPU_FEEDBACK");
  const t = tag();
  const m = await createTestUser({ name: `M Lead ${t}` });
  const [a, b, c, r, x] = [
    await createTestUser({ name: `A Ann ${t}` }),
    await createTestUser({ name: `B Bo ${t}` }),
    await createTestUser({ name: `C Cy ${t}` }),
    await createTestUser({ name: `R Rev ${t}` }),
    await createTestUser({ name: `X Out ${t}` }),
  ];
  const pm = await participant(cycleId, m);
  const pa = await participant(cycleId, a, { manager: m });
  const pb = await participant(cycleId, b, { manager: m });
  const pc = await participant(cycleId, c, { manager: m });
  await participant(cycleId, r, { manager: m, reviewerOnly: true });
  await db.peerRequest.create({ data: { cycleId, participantId: pa.id, reviewerId: x.id, status: "ACCEPTED", requestedById: a.id } });
  await db.peerRequest.create({ data: { cycleId, participantId: pb.id, reviewerId: c.id, status: "DECLINED", requestedById: b.id } });
  const fb = (revieweeId: number, reviewer: User, reviewerType: "SELF" | "MANAGER" | "DIRECT_REPORT" | "PEER", status: "DRAFT" | "SUBMITTED", answers: object = {}) =>
    db.feedback.create({ data: { cycleId, revieweeId, reviewerId: reviewer.id, reviewerType, status, answers, submittedAt: status === "SUBMITTED" ? new Date() : null } });
  await fb(pa.id, a, "SELF", "DRAFT");
  await fb(pb.id, b, "SELF", "SUBMITTED", { strengths: SECRET });
  await fb(pc.id, c, "SELF", "DRAFT", { strengths: "half written" });
  await fb(pm.id, m, "SELF", "DRAFT");
  await fb(pa.id, m, "MANAGER", "SUBMITTED", { overall: SECRET });
  await fb(pm.id, r, "DIRECT_REPORT", "SUBMITTED", { growth_areas: SECRET });
  await fb(pa.id, x, "PEER", "DRAFT");
  return { cycleId, m, a, b, c, r, x };
}

async function waitForJob(jobId: number): Promise<{ jobId: number; status: string }> {
  return (await getTemporalClient()).workflow.getHandle(`job-${jobId}`).result();
}

async function startReport(cycle: number | string, metric: string | null, token = tokens.SUPER_ADMIN, body: unknown = {}) {
  const q = metric === null ? "" : `?metric_type=${encodeURIComponent(metric)}`;
  return callRoute(reportRoute.action as Handler, { method: "POST", path: reportPath(cycle, q), token, params: { id: String(cycle) }, body });
}

async function fileOf(cycle: number, jobId: number, token = tokens.SUPER_ADMIN) {
  return callRoute(reportFileRoute.loader as Handler, { path: reportPath(cycle, `/${jobId}/file`), token, params: { id: String(cycle), jobId: String(jobId) } });
}

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Decision Admin" });
  current = { user: admin, realUser: null, actor: { userId: admin.id, realUserId: admin.id, source: "api" } };
  tokens.SUPER_ADMIN = await bearerFor(admin.id);
  for (const role of ["HR_OPS", "PEOPLE_PARTNER", "EMPLOYEE"] as const) tokens[role] = await bearerFor((await createTestUser({ role })).id);
});

afterAll(async () => {
  await stopWorker?.();
});

describe("inactive participants", () => {
  it("SPU feedback: the participants a nudge would remind who have touched none of the stage's work", async () => {
    const { cycleId, a, m } = await spuCycle();
    const res = await callRoute(inactiveRoute.loader as Handler, { path: inactivePath(cycleId), token: tokens.SUPER_ADMIN, params: { id: String(cycleId) } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cycle_id: cycleId, stage: "spu_feedback", total: 2, limit: 100, offset: 0 });
    expect(res.body.rule).toMatch(/submitted none and saved no answer/);
    expect(res.body.participants.map((p: { email: string }) => p.email)).toEqual([a.email, m.email]);
    expect(res.body.participants[0]).toMatchObject({ name: a.name, manager_email: m.email, reviewer_only: false, pending_work: expect.stringMatching(/^You have 2 feedbacks to complete in /) });

    // Never someone the nudge would not remind.
    const pending = new Set((await pendingWorkRecipients(cycleId)).map((p) => p.email));
    for (const p of res.body.participants) expect(pending.has(p.email)).toBe(true);

    // Paged; HR ops may read it too.
    const page = await callRoute(inactiveRoute.loader as Handler, { path: inactivePath(cycleId, "?limit=1&offset=1"), token: tokens.HR_OPS, params: { id: String(cycleId) } });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 2, limit: 1, offset: 1, participants: [{ email: m.email }] });
  });

  it("peer selection: nobody asked and no request answered; other stages have nobody", async () => {
    const db = await getDb();
    const cycleId = await newCycle("START");
    const t = tag();
    const users = await Promise.all(["P1", "P2", "P3", "P4", "P5", "R6"].map((n) => createTestUser({ name: `${n} ${t}` })));
    const [p1, p2, p3, p4, p5, r6] = users as [User, User, User, User, User, User];
    const ps = await Promise.all(users.map((u) => participant(cycleId, u, { reviewerOnly: u === r6 })));
    const req = (from: number, to: User, status: "REQUESTED" | "ACCEPTED" | "DECLINED") =>
      db.peerRequest.create({ data: { cycleId, participantId: ps[from]!.id, reviewerId: to.id, status, requestedById: users[from]!.id } });
    await req(1, p4, "REQUESTED"); // P2 asked P4 (P4 must answer)
    await req(1, r6, "REQUESTED"); // P2 asked R6 (reviewer only, must answer)
    await req(2, p5, "DECLINED"); // P3 asked (all declined: must choose again); P5 answered
    const res = await callRoute(inactiveRoute.loader as Handler, { path: inactivePath(cycleId), token: tokens.SUPER_ADMIN, params: { id: String(cycleId) } });
    expect(res.body.stage).toBe("start");
    expect(res.body.participants.map((p: { email: string }) => p.email)).toEqual([p1.email, p4.email, r6.email]);
    expect(res.body.participants[1].pending_work).toMatch(/^Choose your peers and stakeholders for .*; Answer 1 peer feedback request in /);
    const pending = new Set((await pendingWorkRecipients(cycleId)).map((p) => p.email));
    expect([p1, p3, p4, p5, r6].every((u) => pending.has(u.email))).toBe(true);
    expect(pending.has(p2.email)).toBe(false);

    for (const state of ["CALIBRATION", "COMMUNICATION", "DRAFT"] as const) {
      await db.cycle.update({ where: { id: cycleId }, data: { state } });
      const other = await callRoute(inactiveRoute.loader as Handler, { path: inactivePath(cycleId), token: tokens.SUPER_ADMIN, params: { id: String(cycleId) } });
      expect(other.body).toMatchObject({ total: 0, participants: [], rule: "This stage asks nothing of participants, so nobody is inactive." });
    }
  });

  it("401, 403, 404, 400 and 405", async () => {
    const cycleId = await newCycle("SPU_FEEDBACK");
    const params = { id: String(cycleId) };
    expect((await callRoute(inactiveRoute.loader as Handler, { path: inactivePath(cycleId), params })).status).toBe(401);
    for (const role of ["PEOPLE_PARTNER", "EMPLOYEE"] as const) {
      const res = await callRoute(inactiveRoute.loader as Handler, { path: inactivePath(cycleId), token: tokens[role], params });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }
    const missing = (await (await getDb()).cycle.aggregate({ _max: { id: true } }))._max.id! + 1000;
    for (const id of [String(missing), "abc"]) {
      const res = await callRoute(inactiveRoute.loader as Handler, { path: inactivePath(id), token: tokens.SUPER_ADMIN, params: { id } });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    for (const q of ["?limit=0", "?limit=501", "?limit=abc", "?offset=-1"]) {
      const res = await callRoute(inactiveRoute.loader as Handler, { path: inactivePath(cycleId, q), token: tokens.SUPER_ADMIN, params });
      expect(res.status, q).toBe(400);
      expect(res.body.error).toMatchObject({ code: "validation_failed", message: "Invalid query" });
    }
    expect((await callRoute(inactiveRoute.action as Handler, { method: "POST", path: inactivePath(cycleId), token: tokens.SUPER_ADMIN, params })).status).toBe(405);
  });
});

describe("participants report", () => {
  it("POST ?metric_type= runs job-<id> on Temporal; the CSV has one row per participant with the metric's counts", async () => {
    const { cycleId, m, a, b, c, r } = await spuCycle();
    const res = await startReport(cycleId, "feedback_given");
    expect(res.status).toBe(202);
    const jobId: number = res.body.job.id;
    expect(res.body.job).toMatchObject({ cycle_id: cycleId, type: "download_participants_report", type_label: "Participants report", status: "pending", metric_type: "feedback_given", workflow_id: `job-${jobId}` });
    const desc = await (await getTemporalClient()).workflow.getHandle(`job-${jobId}`).describe();
    expect(desc.typedSearchAttributes.get(CycleIdKey)).toBe(String(cycleId));
    expect(desc.typedSearchAttributes.get(JobTypeKey)).toBe("download_participants_report");
    expect(await waitForJob(jobId)).toEqual({ jobId, status: "SUCCEEDED" });

    const item = await callRoute(reportItemRoute.loader as Handler, { path: reportPath(cycleId, `/${jobId}`), token: tokens.HR_OPS, params: { id: String(cycleId), jobId: String(jobId) } });
    expect(item.status).toBe(200);
    expect(item.body.job).toMatchObject({
      status: "succeeded",
      metric_type: "feedback_given",
      total_rows: 5,
      processed_rows: 5,
      message: "Feedback given: 5 rows written",
      output_file_url: reportPath(cycleId, `/${jobId}/file`),
    });

    const file = await fileOf(cycleId, jobId, tokens.HR_OPS);
    expect(file.status).toBe(200);
    const name = `participants-report-feedback-given-cycle-${cycleId}-job-${jobId}.csv`;
    expect(file.response.headers.get("Content-Disposition")).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    const row = (u: User, manager: User | null, reviewerOnly: boolean, cells: string) => `${u.email},${u.name},,${manager?.email ?? ""},${reviewerOnly},${cells}`;
    expect(file.body).toBe(
      [
        metricColumns("feedback_given").join(","),
        row(m, null, false, "2,1,0,1,50"), // own self (draft) + manager feedback for A (submitted)
        row(a, m, false, "1,0,0,1,0"),
        row(b, m, false, "1,1,0,0,100"),
        row(c, m, false, "1,0,1,0,0"),
        row(r, m, true, "1,1,0,0,100"),
      ].join("\n") + "\n",
    );

    const db = await getDb();
    const audits = await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(jobId) }, orderBy: { id: "asc" } });
    expect(audits.map((x) => x.action)).toEqual(["job.create", "job.start", "job.succeed"]);
    expect(audits[0]!.after).toMatchObject({ type: "download_participants_report", params: { metric_type: "feedback_given" } });

    const list = await callRoute(reportRoute.loader as Handler, { path: reportPath(cycleId), token: tokens.HR_OPS, params: { id: String(cycleId) } });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, jobs: [{ id: jobId, metric_type: "feedback_given", status: "succeeded" }] });
  });

  it("every metric (in steps of two participants) holds counts and statuses only, never what anyone wrote", async () => {
    const { cycleId, m, a } = await spuCycle();
    const jobs = await Promise.all(METRIC_TYPES.map((metric) => startParticipantsReport(current, cycleId, metric, { chunkRows: 2 })));
    for (const job of jobs) expect(await waitForJob(job.id)).toEqual({ jobId: job.id, status: "SUCCEEDED" });
    const files: Record<string, string> = Object.fromEntries(await Promise.all(jobs.map(async (j) => [j.metric_type, (await fileOf(cycleId, j.id)).body as string] as const)));
    for (const metric of METRIC_TYPES) {
      const lines = files[metric]!.trim().split("\n");
      expect(lines[0]).toBe(metricColumns(metric).join(","));
      expect(lines).toHaveLength(6);
      expect(files[metric]).not.toContain(SECRET);
      expect(files[metric]).not.toContain("half written");
    }
    const line = (metric: string, who: User) => files[metric]!.split("\n").find((l) => l.startsWith(`${who.email},`))!;
    // feedback_received of A: self not started, manager submitted, one peer (X) not submitted.
    expect(line("feedback_received", a)).toBe(`${a.email},${a.name},,${m.email},false,3,1,33,not_started,submitted,0,1,0,0,0,0`);
    // A asked X, who accepted.
    expect(line("peer_selection", a)).toBe(`${a.email},${a.name},,${m.email},false,admin_approved,1,1,0,0,0,0`);
    expect(line("manager_feedback", m)).toBe(`${m.email},${m.name},,,false,none,,none,1,1`);
    expect(line("response_rate", m)).toBe(`${m.email},${m.name},,,false,2,1,50,2,1,50`);
    expect(await (await getDb()).job.count({ where: { id: { in: jobs.map((j) => j.id) }, status: "SUCCEEDED" } })).toBe(5);
  });

  it("400 for a missing or unknown metric_type or a bad body, and nothing starts", async () => {
    const cycleId = await newCycle("SPU_FEEDBACK");
    const db = await getDb();
    const before = await db.job.count({ where: { cycleId } });
    // None in the query or the body: 422 (either may be left out; ADR 0060); an unknown one 400 (the document lists them).
    for (const [metric, body, message, status] of [
      [null, {}, /metric_type is required/, 422],
      ["answers", {}, /Unknown metric_type 'answers'/, 400],
      ["FEEDBACK_GIVEN", {}, /Unknown metric_type/, 400],
      ["feedback_given", { format: "xlsx" }, /Invalid input/, 400],
    ] as const) {
      const res = await startReport(cycleId, metric, tokens.SUPER_ADMIN, body);
      expect(res.status, String(metric)).toBe(status);
      expect(res.body.error.message).toMatch(message);
    }
    expect((await startReport(cycleId, "x")).body.error.details.allowed_metric_types).toEqual([...METRIC_TYPES]);
    expect(await db.job.count({ where: { cycleId } })).toBe(before);
    // The metric may come in the body instead.
    const viaBody = await startReport(cycleId, null, tokens.SUPER_ADMIN, { metric_type: "response_rate" });
    expect(viaBody.status).toBe(202);
    expect(viaBody.body.job.metric_type).toBe("response_rate");
    await waitForJob(viaBody.body.job.id);
  });

  it("401, 403 (starting: super admin only; reading: HR ops too), 404 and 405 on every call", async () => {
    const cycleId = await newCycle("SPU_FEEDBACK");
    const jobId: number = (await startReport(cycleId, "peer_selection")).body.job.id;
    await waitForJob(jobId);
    const params = { id: String(cycleId) };
    const itemParams = { id: String(cycleId), jobId: String(jobId) };
    const reads: Array<[Handler, Record<string, string>]> = [
      [reportRoute.loader as Handler, params],
      [reportItemRoute.loader as Handler, itemParams],
      [reportFileRoute.loader as Handler, itemParams],
    ];
    for (const [handler, p] of reads) {
      expect((await callRoute(handler, { path: reportPath(cycleId), params: p })).status).toBe(401);
      for (const role of ["PEOPLE_PARTNER", "EMPLOYEE"] as const) expect((await callRoute(handler, { path: reportPath(cycleId), token: tokens[role], params: p })).status).toBe(403);
      expect((await callRoute(handler, { path: reportPath(cycleId), token: tokens.HR_OPS, params: p })).status).toBe(200);
    }
    expect((await startReport(cycleId, "peer_selection", "")).status).toBe(401);
    for (const role of ["HR_OPS", "PEOPLE_PARTNER", "EMPLOYEE"] as const) {
      const res = await startReport(cycleId, "nonsense", tokens[role]);
      expect(res.status, role).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }

    const db = await getDb();
    const missing = (await db.cycle.aggregate({ _max: { id: true } }))._max.id! + 1000;
    expect((await startReport(missing, "peer_selection")).status).toBe(404);
    const other = await newCycle("START");
    const nominations = await callRoute(nominationsRoute.action as Handler, { method: "POST", path: "/x", token: tokens.SUPER_ADMIN, params, body: {} });
    await waitForJob(nominations.body.job.id);
    const pending = await db.job.create({ data: { cycleId, type: "DOWNLOAD_PARTICIPANTS_REPORT", workflowId: `job-test-${randomUUID()}` } });
    const notFound: Array<[Handler, Record<string, string>]> = [
      [reportRoute.loader as Handler, { id: String(missing) }],
      [reportRoute.loader as Handler, { id: "abc" }],
      [reportItemRoute.loader as Handler, { id: String(cycleId), jobId: String(jobId + 100000) }],
      [reportItemRoute.loader as Handler, { id: String(cycleId), jobId: String(nominations.body.job.id) }], // another type
      [reportItemRoute.loader as Handler, { id: String(other), jobId: String(jobId) }], // another cycle
      [reportFileRoute.loader as Handler, { id: String(other), jobId: String(jobId) }],
      [reportFileRoute.loader as Handler, { id: String(cycleId), jobId: String(pending.id) }], // not finished
      [reportItemRoute.loader as Handler, { id: String(cycleId), jobId: "x" }],
    ];
    for (const [handler, p] of notFound) {
      const res = await callRoute(handler, { path: reportPath(cycleId), token: tokens.SUPER_ADMIN, params: p });
      expect(res.status, JSON.stringify(p)).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await callRoute(reportRoute.action as Handler, { method: "PUT", path: reportPath(cycleId), token: tokens.SUPER_ADMIN, params, body: {} })).status).toBe(405);
    for (const route of [reportItemRoute, reportFileRoute]) {
      expect((await callRoute(route.action as Handler, { method: "POST", path: reportPath(cycleId), token: tokens.SUPER_ADMIN, params: itemParams })).status).toBe(405);
    }
  });
});

describe("decision support page and API description", () => {
  it("the page lists the inactive participants and its form starts a report (super admin only)", async () => {
    const { cycleId, a, m } = await spuCycle();
    const cookie = await sessionCookieFor(admin.id);
    const path = `/app/admin/cycles/${cycleId}/decision-support/reports`;
    const page = await callWithSession(reportsPage.loader as Handler, { path, cookie, params: { cycleId: String(cycleId) } });
    expect(page.status).toBe(200);
    expect(page.body.inactive.participants.map((p: { email: string }) => p.email)).toEqual([a.email, m.email]);
    expect(page.body.stage).toBe("spu_feedback");

    const bad = await callWithSession(reportsPage.action as Handler, { method: "POST", path, cookie, params: { cycleId: String(cycleId) }, form: { metric_type: "nope" } });
    expect(bad.status).toBe(400);
    expect(bad.body.formError).toEqual({ key: "decisionSupport.failure.unknownMetric", values: { value: "nope", metrics: METRIC_TYPES.join(", ") } });
    const started = await callWithSession(reportsPage.action as Handler, { method: "POST", path, cookie, params: { cycleId: String(cycleId) }, form: { metric_type: "response_rate" } });
    expect(started.status).toBe(302);
    const location = started.response.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^/app/admin/cycles/${cycleId}/decision-support/reports/jobs/\\d+$`));
    await waitForJob(Number(location.split("/").pop()));

    const hrOps = await createTestUser({ role: "HR_OPS" });
    const denied = await callWithSession(reportsPage.loader as Handler, { path, cookie: await sessionCookieFor(hrOps.id), params: { cycleId: String(cycleId) } });
    expect(denied.status).toBe(403);
    const notFound = await callWithSession(reportsPage.loader as Handler, { path, cookie, params: { cycleId: "x1" } });
    expect(notFound.status).toBe(404);
  });

  it("documents the calls", async () => {
    const doc = (await callRoute(openapi.loader as Handler, { path: "/api/v1/openapi.json" })).body;
    const base = "/api/v1/admin/cycles/{cycle_id}";
    expect(Object.keys(doc.paths[`${base}/decision_support/admin/inactive_participants`])).toEqual(["get"]);
    expect(Object.keys(doc.paths[`${base}/download_participants_report`]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths[`${base}/download_participants_report/{job_id}`])).toEqual(["get"]);
    expect(Object.keys(doc.paths[`${base}/download_participants_report/{job_id}/file`])).toEqual(["get"]);
    expect(Object.keys(doc.paths[`${base}/upload_therma_scan_report_jobs`]).sort()).toEqual(["get", "post"]);
    expect(doc.paths[`${base}/upload_therma_scan_report_jobs`].get.summary).toBe("Upload Therma-scan report jobs of a cycle, newest first (super admin)");
  });
});
