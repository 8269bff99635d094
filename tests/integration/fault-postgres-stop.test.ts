/**
 * Fault: PostgreSQL stops for 10 s in the middle of a job (ADR 0044). A PostgreSQL server of this file's own
 * (tests/support/fault.ts: initdb + pg_ctl on port 5441, migrated; never the shared server) serves both the
 * worker process (worker/main.ts) and this process (its database handle points there for the file). While a
 * participant upload saves its chunks, the server is stopped with `pg_ctl stop -m immediate` (every connection
 * cut, an open chunk transaction lost, as in a crash), kept down 10 s and started again: the job finishes by
 * itself (the step activity's retries), with exactly every row once and each audit record once, and both
 * processes' connection pools work again without a restart.
 * Runs in the PostgreSQL lane only (once per CI run; it does not use the lane's database).
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, getDb } from "~/platform/db.server";
import type { Actor } from "~/platform/audit.server";
import { createJob } from "~/features/jobs/service.server";
import { PHASE } from "~/features/jobs/types/participants/common.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { createTestUser } from "../support/api";
import { testDbKind } from "../support/db";
import { startOwnPostgres, startWorkerProcess, type OwnPostgres, type WorkerProcess } from "../support/fault";
import { sleep, until } from "../support/wait";

const PORT = 5441;
const DOWN_MS = 10_000;
const onPostgresLane = testDbKind() === "postgres";
const taskQueue = `fault-pg-${randomUUID().slice(0, 8)}`;
let server: OwnPostgres | null = null;
let worker: WorkerProcess | null = null;
let laneDb: typeof globalThis.__pmrDb;
let swapped = false;

beforeAll(async () => {
  if (!onPostgresLane) return;
  server = await startOwnPostgres(PORT);
  // This process's database handle (getDb) points at the own server for the file; restored afterwards.
  laneDb = globalThis.__pmrDb;
  globalThis.__pmrDb = createDb(server.url);
  swapped = true;
  worker = await startWorkerProcess(
    { DATABASE_URL: server.url, TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS!, TEMPORAL_TASK_QUEUE: taskQueue },
    path.join(os.tmpdir(), `pmr-${taskQueue}.log`),
  );
});

afterAll(async () => {
  await worker?.stop();
  if (swapped) {
    const own = globalThis.__pmrDb;
    globalThis.__pmrDb = laneDb;
    await (await own)?.close();
  }
  server?.destroy();
});

describe.skipIf(!onPostgresLane)("PostgreSQL stopped for 10 s in the middle of a job", () => {
  it("a 5,000-row participant upload finishes after the server is back: every row once, each audit once", async () => {
    const db = await getDb();
    const admin = await createTestUser({ role: "SUPER_ADMIN", name: "Fault PG Admin" });
    const actor: Actor = { userId: admin.id, realUserId: admin.id, source: "api" };
    const N = 5000;
    const CHUNK = 250;
    const tag = randomUUID().slice(0, 8);
    await db.user.createMany({ data: Array.from({ length: N }, (_, i) => ({ email: `p${i}.${tag}@fault-pg.example.com`, name: `P ${i}` })) });
    const users = await db.user.findMany({ where: { email: { endsWith: `.${tag}@fault-pg.example.com` } }, orderBy: { id: "asc" } });
    const cycleId = (await db.cycle.create({ data: { name: "fault pg", state: "START", workflowId: `test-cycle-${randomUUID()}` } })).id;
    const lines = ["email,manager_email", ...users.map((u, i) => `${u.email},${i === 0 ? "" : users[Math.floor((i - 1) / 8)]!.email}`)];
    const bytes = new TextEncoder().encode(lines.join("\n") + "\n") as Uint8Array<ArrayBuffer>;

    const t0 = Date.now();
    const job = await createJob(actor, { cycleId, type: "UPLOAD_PARTICIPANTS", errorMode: "valid_only", file: { name: "people.csv", contentType: "text/csv", bytes } }, { taskQueue, chunkRows: CHUNK });
    await until("the upload to save its first chunks", async () => {
      const row = await db.job.findUniqueOrThrow({ where: { id: job.id } });
      if (row.status !== "PENDING" && row.status !== "RUNNING") throw new Error(`Job ${job.id} ended (${row.status}) before the server was stopped`);
      return row.message === PHASE.saving && row.processedRows >= 2 * CHUNK;
    });
    server!.stop();
    const stoppedAt = Date.now();
    // While it is down, reads fail with an error (no hang, no crash of this process).
    await expect(db.job.findUnique({ where: { id: job.id } })).rejects.toThrow();
    await sleep(DOWN_MS - (Date.now() - stoppedAt));
    server!.start();
    const downS = (Date.now() - stoppedAt) / 1000;

    // The pool of this process works again at once (broken connections are dropped, new ones opened).
    const atRestart = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(atRestart.processedRows).toBeLessThan(N);
    const handle = (await getTemporalClient()).workflow.getHandle(job.workflow_id);
    expect(await handle.result()).toEqual({ jobId: job.id, status: "SUCCEEDED" });
    const afterS = (Date.now() - stoppedAt) / 1000 - downS;

    const done = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(done).toMatchObject({ status: "SUCCEEDED", totalRows: N, processedRows: N, succeededRows: N, failedRows: 0, message: `${N} of ${N} rows committed` });
    const participants = await db.participant.findMany({ where: { cycleId }, select: { userId: true } });
    expect(participants).toHaveLength(N);
    expect(new Set(participants.map((p) => p.userId)).size).toBe(N);
    const perParticipant = await db.$queryRaw<Array<{ action: string; n: number; entities: number }>>`
      SELECT a.action, count(*)::int AS n, count(DISTINCT a."entityId")::int AS entities
      FROM "AuditRecord" a JOIN "Participant" p ON a."entityType" = 'Participant' AND a."entityId" = p.id::text
      WHERE p."cycleId" = ${cycleId} GROUP BY a.action`;
    expect(perParticipant).toEqual([{ action: "participant.create", n: N, entities: N }]);
    const jobAudits = (await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(job.id) }, orderBy: { id: "asc" } })).map((a) => a.action);
    expect(jobAudits.filter((a) => a === "job.rows_committed")).toHaveLength(N / CHUNK);
    expect(jobAudits.filter((a) => a !== "job.rows_committed")).toEqual(["job.create", "job.start", "job.succeed"]);
    // The worker process never restarted: the same process finished the job.
    expect(worker!.alive()).toBe(true);

    console.log(
      `fault: PostgreSQL stopped (pg_ctl -m immediate) for ${downS.toFixed(1)} s in a ${N}-row participant upload at row ${atRestart.processedRows} — survived,` +
        ` the job finished ${afterS.toFixed(1)} s after the server was back (${((Date.now() - t0) / 1000).toFixed(1)} s in all), same worker process:` +
        ` ${participants.length} participants, 0 duplicates, ${perParticipant[0]!.n} participant.create, ${N / CHUNK} job.rows_committed, 1 job.start, 1 job.succeed`,
    );
  }, 240_000); // about 40 s; a machine under heavy load needs more
});
