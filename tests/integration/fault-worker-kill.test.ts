/**
 * Fault: the worker process is SIGKILLed in the middle of a 10,000-row participant upload (ADR 0044). The production
 * worker (worker/main.ts) runs as its own process on a task queue of this file's; it is killed with SIGKILL while a
 * chunk transaction of the upload (set-based, ADR 0038) is open on the database (seen in pg_stat_activity), then a
 * new worker process is started: the job ends with exactly 10,000 participants, none twice, one participant.create
 * audit each, one job.rows_committed per chunk and one job.create/start/succeed.
 * The worker process and the test share the database, so this file runs on PostgreSQL only (the PostgreSQL lane):
 * a PGlite folder is open in one process at a time, and with PGlite the worker runs inside the app.
 * The same for a 2,000-person directory import (ADR 0052): killed in a save step, resumed, every person created
 * once with their manager, one user.create audit each.
 * The stage move under the same fault: fault-stage-move-kill.test.ts.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { Actor } from "~/platform/audit.server";
import { createJob } from "~/features/jobs/service.server";
import { PHASE } from "~/features/jobs/types/participants/common.server";
import { DIRECTORY_PHASE } from "~/features/jobs/types/directory/handler.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { createTestUser } from "../support/api";
import { testDbKind } from "../support/db";
import { killInTransaction, makeUsers, managerIndex, startWorkerProcess, type WorkerProcess } from "../support/fault";
import { sleep, until } from "../support/wait";

const onPostgres = testDbKind() === "postgres";
const taskQueue = `fault-kill-${randomUUID().slice(0, 8)}`;
const logFile = path.join(os.tmpdir(), `pmr-${taskQueue}.log`);
let worker: WorkerProcess | null = null;
let actor: Actor;

const startWorker = async () =>
  (worker = await startWorkerProcess({ DATABASE_URL: process.env.DATABASE_URL!, TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS!, TEMPORAL_TASK_QUEUE: taskQueue }, logFile));

beforeAll(async () => {
  if (!onPostgres) return;
  const admin = await createTestUser({ role: "SUPER_ADMIN", name: "Fault Admin" });
  actor = { userId: admin.id, realUserId: admin.id, source: "api" };
});

afterAll(async () => {
  await worker?.stop();
});

describe.skipIf(!onPostgres)("the worker process SIGKILLed in the middle of the work, then started again", () => {
  it("a 10,000-row participant upload: exactly 10,000 participants, none twice, each audit once", async () => {
    const db = await getDb();
    const N = 10_000;
    const CHUNK = 500;
    // The worker starts (seconds of TypeScript loading) while the users are written.
    const [users] = await Promise.all([makeUsers(db, N, "u"), startWorker()]);
    const cycleId = (await db.cycle.create({ data: { name: "fault upload", state: "START", workflowId: `test-cycle-${randomUUID()}` } })).id;
    const lines = ["email,manager_email,reviewer_only", ...users.map((u, i) => `${u.email},${managerIndex(i) === null ? "" : users[managerIndex(i)!]!.email},${i % 9 === 0}`)];
    const bytes = new TextEncoder().encode(lines.join("\n") + "\n") as Uint8Array<ArrayBuffer>;

    const t0 = Date.now();
    const job = await createJob(actor, { cycleId, type: "UPLOAD_PARTICIPANTS", errorMode: "valid_only", file: { name: "people.csv", contentType: "text/csv", bytes } }, { taskQueue, chunkRows: CHUNK });
    await until("the upload to save its first chunks", async () => {
      const row = await db.job.findUniqueOrThrow({ where: { id: job.id } });
      if (row.status !== "PENDING" && row.status !== "RUNNING") throw new Error(`Job ${job.id} ended (${row.status}) before the worker was killed`);
      return row.message === PHASE.saving && row.processedRows >= 2 * CHUNK;
    });
    const cutMs = await killInTransaction(db, worker!, 30, async () => (await db.job.findUniqueOrThrow({ where: { id: job.id } })).processedRows >= N - 4 * CHUNK);

    // Killed: the job stands still at a whole chunk, everything it counts is there, nothing more.
    const stopped = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(stopped).toMatchObject({ status: "RUNNING", message: PHASE.saving, totalRows: N });
    expect(stopped.processedRows % CHUNK).toBe(0);
    expect(stopped.processedRows).toBeLessThan(N);
    expect(await db.participant.count({ where: { cycleId } })).toBe(stopped.succeededRows);
    const committedAtKill = await db.auditRecord.count({ where: { entityType: "Job", entityId: String(job.id), action: "job.rows_committed" } });
    expect(committedAtKill).toBe(stopped.processedRows / CHUNK);
    await sleep(1000);
    expect((await db.job.findUniqueOrThrow({ where: { id: job.id } })).processedRows).toBe(stopped.processedRows);

    const t1 = Date.now();
    await startWorker();
    const handle = (await getTemporalClient()).workflow.getHandle(job.workflow_id);
    expect(await handle.result()).toEqual({ jobId: job.id, status: "SUCCEEDED" });
    const resumedS = (Date.now() - t1) / 1000;

    const done = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(done).toMatchObject({ status: "SUCCEEDED", totalRows: N, processedRows: N, succeededRows: N, failedRows: 0 });
    const participants = await db.participant.findMany({ where: { cycleId }, select: { id: true, userId: true, managerId: true, reviewerOnly: true } });
    expect(participants).toHaveLength(N);
    expect(new Set(participants.map((p) => p.userId)).size).toBe(N);
    const byUser = new Map(participants.map((p) => [p.userId, p]));
    users.forEach((u, i) => expect(byUser.get(u.id)).toMatchObject({ managerId: managerIndex(i) === null ? null : users[managerIndex(i)!]!.id, reviewerOnly: i % 9 === 0 }));

    // Exactly the expected audit records, counted per action and entity.
    const perParticipant = await db.$queryRaw<Array<{ action: string; n: number; entities: number }>>`
      SELECT a.action, count(*)::int AS n, count(DISTINCT a."entityId")::int AS entities
      FROM "AuditRecord" a JOIN "Participant" p ON a."entityType" = 'Participant' AND a."entityId" = p.id::text
      WHERE p."cycleId" = ${cycleId} GROUP BY a.action`;
    expect(perParticipant).toEqual([{ action: "participant.create", n: N, entities: N }]);
    const jobAudits = await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(job.id) }, orderBy: { id: "asc" } });
    const count = (action: string) => jobAudits.filter((a) => a.action === action).length;
    expect({ create: count("job.create"), start: count("job.start"), chunks: count("job.rows_committed"), succeed: count("job.succeed"), all: jobAudits.length }).toEqual({
      create: 1,
      start: 1,
      chunks: N / CHUNK,
      succeed: 1,
      all: N / CHUNK + 3,
    });
    const ranges = jobAudits.filter((a) => a.action === "job.rows_committed").map((a) => a.after as Record<string, number>);
    expect(ranges.map((r) => r.from_row)).toEqual(Array.from({ length: N / CHUNK }, (_, i) => 2 + i * CHUNK));
    expect(ranges.reduce((n, r) => n + r.created!, 0)).toBe(N);

    console.log(
      `fault: worker process SIGKILLed in a 10,000-row participant upload — survived, killed at row ${stopped.processedRows} of ${N}` +
        ` (${cutMs === null ? "between chunks" : `a chunk transaction open ${Math.round(cutMs)} ms cut off`}), finished ${resumedS.toFixed(1)} s after the restart` +
        ` (${((Date.now() - t0) / 1000).toFixed(1)} s in all): ${participants.length} participants, 0 duplicates, ${perParticipant[0]!.n} participant.create,` +
        ` ${ranges.length} job.rows_committed, 1 job.start, 1 job.succeed`,
    );
  }, 240_000); // about 60 s; a machine under heavy load needs more (the worker's start, the heartbeat timeout)

  it("a 2,000-person directory import: every person created once, with their manager, each audit once", async () => {
    const db = await getDb();
    const N = 2_000;
    const CHUNK = 200;
    if (!worker?.alive()) await startWorker();
    const tag = randomUUID().slice(0, 8);
    const email = (i: number) => `d${i}.${tag}@directory-fault.example.com`;
    // Managers after their reports in the file (the import links them once everyone exists).
    const order = Array.from({ length: N }, (_, i) => N - 1 - i);
    const lines = ["email,name,manager_email", ...order.map((i) => `${email(i)},Person ${i} ${tag},${managerIndex(i) === null ? "" : email(managerIndex(i)!)}`)];
    const bytes = new TextEncoder().encode(lines.join("\n") + "\n") as Uint8Array<ArrayBuffer>;

    const job = await createJob(actor, { type: "IMPORT_DIRECTORY", errorMode: "all_or_nothing", file: { name: "directory.csv", contentType: "text/csv", bytes } }, { taskQueue, chunkRows: CHUNK });
    await until("the import to save its first chunks", async () => {
      const row = await db.job.findUniqueOrThrow({ where: { id: job.id } });
      if (row.status !== "PENDING" && row.status !== "RUNNING") throw new Error(`Job ${job.id} ended (${row.status}) before the worker was killed`);
      return row.message === DIRECTORY_PHASE.saving && row.processedRows >= 2 * CHUNK;
    });
    const cutMs = await killInTransaction(db, worker!, 20, async () => (await db.job.findUniqueOrThrow({ where: { id: job.id } })).processedRows >= N - 4 * CHUNK);
    const stopped = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(stopped).toMatchObject({ status: "RUNNING", message: DIRECTORY_PHASE.saving, totalRows: N });
    expect(stopped.processedRows % CHUNK).toBe(0);
    expect(stopped.processedRows).toBeLessThan(N);

    await startWorker();
    const handle = (await getTemporalClient()).workflow.getHandle(job.workflow_id);
    expect(await handle.result()).toEqual({ jobId: job.id, status: "SUCCEEDED" });

    const done = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(done).toMatchObject({ status: "SUCCEEDED", totalRows: N, processedRows: N, succeededRows: N, failedRows: 0 });
    const users = await db.user.findMany({ where: { email: { endsWith: `.${tag}@directory-fault.example.com` } }, select: { id: true, email: true, managerId: true } });
    expect(users).toHaveLength(N);
    const idOf = new Map(users.map((u) => [u.email, u.id]));
    for (const u of users) {
      const i = Number(/^d(\d+)\./.exec(u.email)![1]);
      expect(u.managerId).toBe(managerIndex(i) === null ? null : idOf.get(email(managerIndex(i)!)));
    }
    const perUser = await db.$queryRaw<Array<{ action: string; n: number; entities: number }>>`
      SELECT a.action, count(*)::int AS n, count(DISTINCT a."entityId")::int AS entities
      FROM "AuditRecord" a JOIN "User" u ON a."entityType" = 'User' AND a."entityId" = u.id::text
      WHERE u.email LIKE ${`%.${tag}@directory-fault.example.com`} GROUP BY a.action`;
    expect(perUser).toEqual([{ action: "user.create", n: N, entities: N }]);
    const committed = await db.auditRecord.count({ where: { entityType: "Job", entityId: String(job.id), action: "job.rows_committed" } });
    expect(committed).toBe(N / CHUNK);
    console.log(
      `fault: worker process SIGKILLed in a 2,000-person directory import — survived, killed at row ${stopped.processedRows} of ${N} while saving` +
        ` (${cutMs === null ? "between chunks" : `a chunk transaction open ${Math.round(cutMs)} ms cut off`}): ${users.length} users, 0 duplicates, ${perUser[0]!.n} user.create, ${committed} job.rows_committed`,
    );
  }, 240_000);
});
