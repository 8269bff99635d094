/**
 * Bulk participant jobs into a cycle whose feedback stage is open (ADR 0021, ADR 0015): every chunk opens
 * the current stage's work for the participants it created or re-managed, in the chunk's transaction,
 * exactly as the single create/update does. Real path: createJob → Temporal `job-<id>` workflow → the
 * app worker's activities → database. Checked against the whole-cycle statement of the stage move (run in
 * a rolled-back transaction, it must find nothing left to open), against the panel rules, and against
 * the single create/PATCH on a twin organisation; re-runs, upserts and a worker restart open nothing twice.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Worker } from "@temporalio/worker";
import { getDb } from "~/platform/db.server";
import { mandatoryPairs } from "~/features/participants/rules";
import type { CycleState, User } from "~/generated/prisma/client.ts";
import type { Actor } from "~/platform/audit.server";
import { CHUNK_TX } from "~/features/jobs/runner.server";
import { createJob } from "~/features/jobs/service.server";
import type { JobJson } from "~/features/jobs/rules";
import { PHASE } from "~/features/jobs/types/participants/common.server";
import { createParticipant, updateParticipant } from "~/features/participants/service.server";
import { insertManagerRequests, insertSpuRequests, openWorkOfCurrentStage } from "~/features/cycles/stage-effects.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { createAppWorker } from "../../worker/worker";
import { createTestUser } from "../support/api";
import { createReviewOrg, moveCycleTo, type ReviewOrg } from "../support/review-org";
import { sleep, until } from "../support/wait";
import { startTestWorker } from "../support/worker";

let stopWorker: () => Promise<void>;
let admin: User;
let actor: Actor;
const extraWorkers: Worker[] = [];

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Stage Work Admin" });
  actor = { userId: admin.id, realUserId: admin.id, source: "api" };
});
afterAll(async () => {
  for (const w of extraWorkers) if (w.getState() === "RUNNING") w.shutdown();
  await stopWorker?.();
});

// ---------------------------------------------------------------------------------------------
// Helpers

type Row = { reviewee: number; reviewer: number; type: string; status: string };
const key = (r: { reviewee: number; reviewer: number; type: string }) => `${r.reviewee}>${r.reviewer}:${r.type}`;

async function feedbackRows(cycleId: number): Promise<Row[]> {
  const rows = await (await getDb()).feedback.findMany({
    where: { cycleId },
    select: { reviewerType: true, status: true, reviewerId: true, reviewee: { select: { userId: true } } },
  });
  return rows.map((r) => ({ reviewee: r.reviewee.userId, reviewer: r.reviewerId, type: r.reviewerType, status: r.status }));
}

/** What the stage move's statements expect: mandatory non-manager pairs plus accepted peers (first role wins). */
async function expectedSpuKeys(cycleId: number): Promise<Set<string>> {
  const db = await getDb();
  const participants = await db.participant.findMany({ where: { cycleId } });
  const pairs = mandatoryPairs(participants);
  const taken = new Set(pairs.map((p) => `${p.revieweeUserId}>${p.reviewerUserId}`));
  const out = new Set(
    pairs.filter((p) => p.reviewerType !== "manager").map((p) => key({ reviewee: p.revieweeUserId, reviewer: p.reviewerUserId, type: p.reviewerType.toUpperCase() })),
  );
  const byId = new Map(participants.map((p) => [p.id, p]));
  const peers = await db.peerRequest.findMany({ where: { cycleId, status: "ACCEPTED" } });
  for (const pr of peers) {
    const subject = byId.get(pr.participantId)!;
    if (subject.reviewerOnly || taken.has(`${subject.userId}>${pr.reviewerId}`)) continue;
    out.add(key({ reviewee: subject.userId, reviewer: pr.reviewerId, type: "PEER" }));
  }
  return out;
}

class Rollback extends Error {}

/** How many rows the whole-cycle statements of the stage move would still open now (rolled back: nothing is kept). */
async function wholeCycleWouldOpen(cycleId: number): Promise<{ spu: number; manager: number }> {
  const db = await getDb();
  let out = { spu: -1, manager: -1 };
  await db
    .$transaction(async (tx) => {
      out = { spu: (await insertSpuRequests(tx, cycleId, null)).total, manager: await insertManagerRequests(tx, cycleId, null) };
      throw new Rollback();
    }, CHUNK_TX) // the whole-cycle statements, as a stage move runs them (a loaded machine needs more than Prisma's 5 s)
    .catch((err) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return out;
}

const csvBytes = (lines: string[]) => new TextEncoder().encode(lines.join("\n") + "\n") as Uint8Array<ArrayBuffer>;

async function runJob(
  cycleId: number,
  type: "UPLOAD_PARTICIPANTS" | "UPSERT_PARTICIPANTS" | "POPULATE_PARTICIPANTS",
  lines: string[] | null,
  opts: { chunkRows?: number; errorMode?: "all_or_nothing" | "valid_only" } = {},
) {
  const job = await createJob(
    actor,
    {
      cycleId,
      type,
      errorMode: opts.errorMode ?? "valid_only",
      ...(lines ? { file: { name: "people.csv", contentType: "text/csv", bytes: csvBytes(lines) } } : {}),
    },
    { chunkRows: opts.chunkRows ?? 2 },
  );
  const result = await (await getTemporalClient()).workflow.getHandle(job.workflow_id).result();
  expect(result).toEqual({ jobId: job.id, status: "SUCCEEDED" });
  return (await getDb()).job.findUniqueOrThrow({ where: { id: job.id } });
}

/** The audit records of work opened for added/re-managed participants (not the stage move's). */
async function openedAudits(cycleId: number, action: "cycle.feedback_requests_opened" | "cycle.manager_feedback_opened") {
  const rows = await (await getDb()).auditRecord.findMany({ where: { entityType: "Cycle", entityId: String(cycleId), action }, orderBy: { id: "asc" } });
  return rows.filter((r) => (r.after as Record<string, unknown>).for_participants !== undefined);
}

const people = (label: string, n: number) => Promise.all(Array.from({ length: n }, (_, i) => createTestUser({ name: `${label} ${i}` })));

async function newCycle(name: string, state: CycleState): Promise<number> {
  const db = await getDb();
  return (await db.cycle.create({ data: { name, state, workflowId: `test-cycle-${randomUUID()}` } })).id;
}

// ---------------------------------------------------------------------------------------------

describe("upload and upsert into a cycle in SPU feedback", () => {
  let org: ReviewOrg;
  let N: User[];
  let lines: string[];
  let afterUpload: string[];

  beforeAll(async () => {
    org = await createReviewOrg("BulkSpu");
    await moveCycleTo(org, "spu_feedback");
    N = await people("BulkSpu New", 6);
  });

  it("an upload opens every request of the new people exactly once, in the chunks' transactions", async () => {
    const before = await feedbackRows(org.cycleId);
    const [n0, n1, n2, n3, n4, n5] = N;
    // Two rows per chunk. n2 reports to n3, who only comes in the next chunk (reviewee side); n4 reports to
    // n0 from an earlier chunk (reviewer side); n1 has S as matrix manager; n5 is reviewer-only under M.
    lines = [
      "email,manager_email,secondary_manager_email,reviewer_only",
      `${n0!.email},${org.M.email},,false`,
      `${n1!.email},${org.M.email},${org.S.email},false`,
      `${n2!.email},${n3!.email},,false`,
      `${n3!.email},${org.A.email},,false`,
      `${n4!.email},${n0!.email},,false`,
      `${n5!.email},${org.M.email},,true`,
    ];
    const job = await runJob(org.cycleId, "UPLOAD_PARTICIPANTS", lines);
    expect(job).toMatchObject({ succeededRows: 6, failedRows: 0 });

    const rows = await feedbackRows(org.cycleId);
    expect(new Set(rows.map(key)).size).toBe(rows.length);
    const added = rows.filter((r) => !before.some((b) => key(b) === key(r)));
    const k = (reviewee: User, reviewer: User, type: string) => key({ reviewee: reviewee.id, reviewer: reviewer.id, type });
    expect(added.map(key).sort()).toEqual(
      [
        k(n0!, n0!, "SELF"),
        k(n1!, n1!, "SELF"),
        k(n2!, n2!, "SELF"),
        k(n3!, n3!, "SELF"),
        k(n4!, n4!, "SELF"),
        k(org.M, n0!, "DIRECT_REPORT"),
        k(org.M, n1!, "DIRECT_REPORT"),
        k(org.M, n5!, "DIRECT_REPORT"),
        k(n1!, org.S, "MATRIX_MANAGER"),
        k(org.S, n1!, "MATRIX_TEAM"),
        k(n3!, n2!, "DIRECT_REPORT"),
        k(org.A, n3!, "DIRECT_REPORT"),
        k(n0!, n4!, "DIRECT_REPORT"),
      ].sort(),
    );
    expect(added.every((r) => r.status === "DRAFT")).toBe(true);
    // No MANAGER row in this stage; the whole cycle matches the panel rules and nothing is left to open.
    expect(rows.some((r) => r.type === "MANAGER")).toBe(false);
    expect(new Set(rows.map(key))).toEqual(await expectedSpuKeys(org.cycleId));
    expect(await wholeCycleWouldOpen(org.cycleId)).toMatchObject({ spu: 0 });

    // One audit record per chunk on the Cycle (the job's actor, source workflow) with the chunk's counts;
    // each chunk's job audit names what it opened.
    const audits = await openedAudits(org.cycleId, "cycle.feedback_requests_opened");
    expect(audits).toHaveLength(3);
    expect(audits.every((a) => a.actorId === admin.id && a.source === "workflow")).toBe(true);
    expect(audits.reduce((n, a) => n + Number((a.after as { created_total: number }).created_total), 0)).toBe(13);
    expect(audits.map((a) => (a.after as { for_participants: number }).for_participants)).toEqual([2, 2, 2]);
    const chunkAudits = await (await getDb()).auditRecord.findMany({ where: { entityType: "Job", entityId: String(job.id), action: "job.rows_committed" }, orderBy: { id: "asc" } });
    expect(chunkAudits.map((a) => (a.after as { requests_opened: Record<string, number> }).requests_opened)).toEqual([
      { SELF: 2, DIRECT_REPORT: 2, MATRIX_MANAGER: 1, MATRIX_TEAM: 1 },
      { SELF: 2, DIRECT_REPORT: 2 },
      { SELF: 1, DIRECT_REPORT: 2 },
    ]);
    afterUpload = rows.map(key).sort();
  });

  it("the same file again (upload, then upsert) opens nothing twice", async () => {
    const again = await runJob(org.cycleId, "UPLOAD_PARTICIPANTS", lines);
    expect(again).toMatchObject({ succeededRows: 0, failedRows: 6 });
    const upsert = await runJob(org.cycleId, "UPSERT_PARTICIPANTS", lines);
    expect(upsert).toMatchObject({ succeededRows: 6, failedRows: 0 });
    expect((await feedbackRows(org.cycleId)).map(key).sort()).toEqual(afterUpload);
    // Nothing changed, so no chunk opened anything (no new audit).
    expect(await openedAudits(org.cycleId, "cycle.feedback_requests_opened")).toHaveLength(3);

    // The scoped statement itself, run again for every participant of the cycle: creates nothing.
    const db = await getDb();
    const ids = (await db.participant.findMany({ where: { cycleId: org.cycleId }, select: { id: true } })).map((p) => p.id);
    const rerun = await db.$transaction((tx) => openWorkOfCurrentStage(tx, org.cycleId, ids, actor), CHUNK_TX);
    expect(rerun).toMatchObject({ stage: "spu_feedback", createdTotal: 0, created: {} });
    expect((await feedbackRows(org.cycleId)).map(key).sort()).toEqual(afterUpload);
  });

  it("an upsert that gives someone a new manager and ends reviewer-only opens the new pairs; old rows stay", async () => {
    const [n0, , , , n4, n5] = N;
    // n4 moves from n0 to S; n5 now receives feedback.
    const job = await runJob(org.cycleId, "UPSERT_PARTICIPANTS", ["email,manager_email,reviewer_only", `${n4!.email},${org.S.email},false`, `${n5!.email},${org.M.email},false`]);
    expect(job).toMatchObject({ succeededRows: 2, failedRows: 0 });
    const rows = (await feedbackRows(org.cycleId)).map(key);
    const k = (reviewee: User, reviewer: User, type: string) => key({ reviewee: reviewee.id, reviewer: reviewer.id, type });
    expect(rows.filter((r) => !afterUpload.includes(r)).sort()).toEqual([k(org.S, n4!, "DIRECT_REPORT"), k(n5!, n5!, "SELF")].sort());
    expect(rows).toContain(k(n0!, n4!, "DIRECT_REPORT")); // the request of the earlier manager stays
    expect(await wholeCycleWouldOpen(org.cycleId)).toMatchObject({ spu: 0 });
  });
});

describe("a bulk job mirrors the single create and PATCH", () => {
  /** Feedback rows by role name, so two organisations built alike compare equal. */
  async function byRole(org: ReviewOrg, extra: Record<string, User>) {
    const names = new Map<number, string>(Object.entries({ M: org.M, A: org.A, B: org.B, S: org.S, C: org.C, P: org.P, Q: org.Q, R: org.R, ...extra }).map(([n, u]) => [u.id, n]));
    return (await feedbackRows(org.cycleId)).map((r) => `${names.get(r.reviewee)}>${names.get(r.reviewer)}:${r.type}:${r.status}`).sort();
  }

  it.each(["spu_feedback", "manager_feedback"] as const)("in %s: same rows, same statuses, the same counts audited", async (stage) => {
    const single = await createReviewOrg(`Single ${stage}`);
    const bulk = await createReviewOrg(`Bulk ${stage}`);
    await moveCycleTo(single, stage);
    await moveCycleTo(bulk, stage);
    const [x1, x2] = await people(`Single ${stage} X`, 2);
    const [y1, y2] = await people(`Bulk ${stage} X`, 2);

    // Add X1 (manager B, matrix manager A) and X2 (manager X1); then move A from M to B and make C receive feedback.
    await createParticipant(single.adminActor, single.cycleId, { email: x1!.email, manager_email: single.B.email, secondary_manager_email: single.A.email });
    await createParticipant(single.adminActor, single.cycleId, { email: x2!.email, manager_email: x1!.email });
    await updateParticipant(single.adminActor, single.cycleId, single.A.email, { manager_email: single.B.email });
    await updateParticipant(single.adminActor, single.cycleId, single.C.email, { reviewer_only: false });

    await runJob(bulk.cycleId, "UPLOAD_PARTICIPANTS", [
      "email,manager_email,secondary_manager_email",
      `${y1!.email},${bulk.B.email},${bulk.A.email}`,
      `${y2!.email},${y1!.email},`,
    ]);
    await runJob(bulk.cycleId, "UPSERT_PARTICIPANTS", ["email,manager_email,reviewer_only", `${bulk.A.email},${bulk.B.email},false`, `${bulk.C.email},${bulk.A.email},false`]);

    const singleRows = await byRole(single, { X1: x1!, X2: x2! });
    expect(await byRole(bulk, { X1: y1!, X2: y2! })).toEqual(singleRows);
    // The stage's own work was opened for the newcomers.
    if (stage === "spu_feedback") {
      expect(singleRows).toEqual(expect.arrayContaining(["X1>X1:SELF:DRAFT", "X1>A:MATRIX_MANAGER:DRAFT", "B>X1:DIRECT_REPORT:DRAFT", "X1>X2:DIRECT_REPORT:DRAFT", "B>A:DIRECT_REPORT:DRAFT", "M>A:DIRECT_REPORT:DRAFT", "C>C:SELF:DRAFT"]));
      expect(singleRows.some((r) => r.includes(":MANAGER:"))).toBe(false);
    } else {
      // Manager feedback: the MANAGER rows of the newcomers and of the re-managed; M keeps A's request, B gets one.
      expect(singleRows.filter((r) => r.includes(":MANAGER:"))).toEqual(
        ["A>B:MANAGER:DRAFT", "A>M:MANAGER:DRAFT", "B>M:MANAGER:DRAFT", "C>A:MANAGER:DRAFT", "X1>B:MANAGER:DRAFT", "X2>X1:MANAGER:DRAFT"].sort(),
      );
      expect(singleRows.some((r) => r.startsWith("X1>X1:"))).toBe(false); // SPU feedback is closed: no self review opened
      expect(await wholeCycleWouldOpen(bulk.cycleId)).toMatchObject({ manager: 0 });
    }
    const action = stage === "spu_feedback" ? "cycle.feedback_requests_opened" : "cycle.manager_feedback_opened";
    const total = async (cycleId: number) => (await openedAudits(cycleId, action)).reduce((n, a) => n + Number((a.after as { created_total: number }).created_total), 0);
    expect(await total(bulk.cycleId)).toBe(await total(single.cycleId));
    expect(await total(bulk.cycleId)).toBeGreaterThan(0);
  });
});

describe("upload into a cycle in manager feedback", () => {
  it("opens a MANAGER draft for each new participant receiving feedback who has a manager, nothing else", async () => {
    const org = await createReviewOrg("BulkMgr");
    await moveCycleTo(org, "manager_feedback");
    const before = (await feedbackRows(org.cycleId)).map(key);
    const [n0, n1, n2, n3] = await people("BulkMgr New", 4);
    const lines = [
      "email,manager_email,reviewer_only",
      `${n0!.email},${org.M.email},false`,
      `${n1!.email},${n0!.email},false`,
      `${n2!.email},${org.M.email},true`,
      `${n3!.email},,false`,
    ];
    const job = await runJob(org.cycleId, "UPLOAD_PARTICIPANTS", lines, { chunkRows: 3 });
    expect(job).toMatchObject({ succeededRows: 4, failedRows: 0 });
    const added = (await feedbackRows(org.cycleId)).filter((r) => !before.includes(key(r)));
    expect(added.map(key).sort()).toEqual([key({ reviewee: n0!.id, reviewer: org.M.id, type: "MANAGER" }), key({ reviewee: n1!.id, reviewer: n0!.id, type: "MANAGER" })].sort());
    expect(added.every((r) => r.status === "DRAFT")).toBe(true);
    expect(await wholeCycleWouldOpen(org.cycleId)).toMatchObject({ manager: 0 });
    const audits = await openedAudits(org.cycleId, "cycle.manager_feedback_opened");
    expect(audits.map((a) => a.after)).toEqual([
      { created: { MANAGER: 2 }, created_total: 2, for_participants: 3 },
      { created: { MANAGER: 0 }, created_total: 0, for_participants: 1 },
    ]);

    // Upserting the same rows changes nothing and opens nothing.
    await runJob(org.cycleId, "UPSERT_PARTICIPANTS", lines);
    expect((await feedbackRows(org.cycleId)).length).toBe(before.length + 2);
    expect(await openedAudits(org.cycleId, "cycle.manager_feedback_opened")).toHaveLength(2);
  });
});

describe("other stages and the populate job", () => {
  it.each(["DRAFT", "START", "CALIBRATION", "COMMUNICATION"] as const)("a cycle in %s: an upload opens nothing", async (state) => {
    const cycleId = await newCycle(`bulk ${state}`, state);
    const [m, a] = await people(`Bulk ${state}`, 2);
    const job = await runJob(cycleId, "UPLOAD_PARTICIPANTS", ["email,manager_email", `${m!.email},`, `${a!.email},${m!.email}`]);
    expect(job.succeededRows).toBe(2);
    expect(await feedbackRows(cycleId)).toEqual([]);
    expect(await openedAudits(cycleId, "cycle.feedback_requests_opened")).toEqual([]);
    expect(await openedAudits(cycleId, "cycle.manager_feedback_opened")).toEqual([]);
  });

  it("populate into a cycle in SPU feedback: every new participant's requests, as the stage move would open them", async () => {
    const db = await getDb();
    const boss = await createTestUser({ name: "Populate Boss" });
    const reports = await Promise.all([0, 1, 2].map((i) => createTestUser({ name: `Populate Report ${i}`, managerId: boss.id })));
    const cycleId = await newCycle("populate spu", "SPU_FEEDBACK");
    const job = await runJob(cycleId, "POPULATE_PARTICIPANTS", null, { chunkRows: 500 });
    expect(job.succeededRows).toBeGreaterThanOrEqual(4);
    const rows = await feedbackRows(cycleId);
    expect(new Set(rows.map(key))).toEqual(await expectedSpuKeys(cycleId));
    for (const r of reports) expect(rows.map(key)).toContain(key({ reviewee: boss.id, reviewer: r.id, type: "DIRECT_REPORT" }));
    expect(await wholeCycleWouldOpen(cycleId)).toMatchObject({ spu: 0 });
    const participants = await db.participant.count({ where: { cycleId, reviewerOnly: false } });
    expect(rows.filter((r) => r.type === "SELF")).toHaveLength(participants);
  });
});

describe("worker restart in the middle of an upload into SPU feedback", () => {
  it("every request exactly once after a second worker finishes the job", async () => {
    const db = await getDb();
    const N = 600;
    const CHUNK = 50;
    const tag = randomUUID().slice(0, 8);
    await db.user.createMany({ data: Array.from({ length: N }, (_, i) => ({ email: `w${i}.${tag}@stage-restart.example.com`, name: `W ${i} ${tag}` })) });
    const users = await db.user.findMany({ where: { email: { endsWith: `.${tag}@stage-restart.example.com` } }, orderBy: { id: "asc" } });
    const cycleId = await newCycle("restart spu", "SPU_FEEDBACK");
    // A tree (manager = (i-1)/10), matrix managers, reviewer-only people; rows shuffled (i * 7 mod N) so some
    // managers come in an earlier chunk than their reports and some in a later one.
    const lines = ["email,manager_email,secondary_manager_email,reviewer_only"];
    for (let j = 0; j < N; j++) {
      const i = (j * 7) % N;
      const manager = i === 0 ? "" : users[Math.floor((i - 1) / 10)]!.email;
      const matrix = i > 20 && i % 20 === 0 ? users[Math.floor((i - 1) / 10) - 1]!.email : "";
      lines.push(`${users[i]!.email},${manager},${matrix},${i % 13 === 0}`);
    }

    const taskQueue = `stage-restart-${tag}`;
    const address = process.env.TEMPORAL_ADDRESS!;
    const first = await createAppWorker({ address, taskQueue });
    extraWorkers.push(first);
    const firstRun = first.run();
    const job: JobJson = await createJob(
      actor,
      { cycleId, type: "UPLOAD_PARTICIPANTS", errorMode: "valid_only", file: { name: "restart.csv", contentType: "text/csv", bytes: csvBytes(lines) } },
      { taskQueue, chunkRows: CHUNK },
    );
    await until("the upload to be half done", async () => {
      const row = await db.job.findUniqueOrThrow({ where: { id: job.id } });
      if (row.status !== "PENDING" && row.status !== "RUNNING") throw new Error(`Job ${job.id} ended (${row.status}) before the worker was stopped`);
      return row.message === PHASE.saving && row.processedRows >= 3 * CHUNK && row.processedRows <= N - 3 * CHUNK;
    });
    first.shutdown();
    await firstRun;
    const stopped = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(stopped.status).toBe("RUNNING");
    expect(stopped.processedRows).toBeLessThan(N);
    // What is committed so far has its requests already (same transaction as the participants).
    const partial = await feedbackRows(cycleId);
    expect(new Set(partial.map(key))).toEqual(await expectedSpuKeys(cycleId));
    await sleep(500);

    const second = await createAppWorker({ address, taskQueue });
    extraWorkers.push(second);
    const secondRun = second.run();
    expect(await (await getTemporalClient()).workflow.getHandle(job.workflow_id).result()).toEqual({ jobId: job.id, status: "SUCCEEDED" });
    second.shutdown();
    await secondRun;

    expect(await db.participant.count({ where: { cycleId } })).toBe(N);
    const rows = await feedbackRows(cycleId);
    expect(new Set(rows.map(key)).size).toBe(rows.length);
    expect(new Set(rows.map(key))).toEqual(await expectedSpuKeys(cycleId));
    expect(rows.filter((r) => r.type === "SELF")).toHaveLength(users.filter((_, i) => i % 13 !== 0).length);
    expect(await wholeCycleWouldOpen(cycleId)).toMatchObject({ spu: 0 });
    const audits = await openedAudits(cycleId, "cycle.feedback_requests_opened");
    expect(audits).toHaveLength(N / CHUNK); // one per committed chunk: none ran twice
    expect(audits.reduce((n, a) => n + Number((a.after as { created_total: number }).created_total), 0)).toBe(rows.length);
  }, 240_000);
});
