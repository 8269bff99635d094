/**
 * Fault: the worker process is SIGKILLed in the middle of a stage move (ADR 0044). The production worker
 * (worker/main.ts) runs as its own process on a task queue of this file's (the cycle's workflow runs there too);
 * it is killed with SIGKILL while the move to SPU feedback of a 2,500-participant cycle is in its transaction
 * (the feedback requests are opened in it, ADR 0021), then a new worker process is started: the move is done
 * exactly once (one cycle.transition, one cycle.feedback_requests_opened, every request once), and it is retried
 * within the activity's heartbeat timeout, not after its 2-minute start-to-close timeout.
 * On PostgreSQL only, like fault-worker-kill.test.ts.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { Actor } from "~/platform/audit.server";
import { createCycle, transitionCycle } from "~/features/cycles/workflow.server";
import { mandatoryPairs } from "~/features/participants/rules";
import { getTemporalClient } from "~/platform/temporal.server";
import { createTestUser } from "../support/api";
import { testDbKind } from "../support/db";
import { killInTransaction, makeUsers, managerIndex, startWorkerProcess, type WorkerProcess } from "../support/fault";
import { until } from "../support/wait";

const onPostgres = testDbKind() === "postgres";
const taskQueue = `fault-move-${randomUUID().slice(0, 8)}`;
const logFile = path.join(os.tmpdir(), `pmr-${taskQueue}.log`);
const savedQueue = process.env.TEMPORAL_TASK_QUEUE;
let worker: WorkerProcess | null = null;
let actor: Actor;

const startWorker = async () =>
  (worker = await startWorkerProcess({ DATABASE_URL: process.env.DATABASE_URL!, TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS!, TEMPORAL_TASK_QUEUE: taskQueue }, logFile));

beforeAll(async () => {
  if (!onPostgres) return;
  // Workflows this file starts (the cycle's) go to the worker process's queue.
  process.env.TEMPORAL_TASK_QUEUE = taskQueue;
  const admin = await createTestUser({ role: "SUPER_ADMIN", name: "Fault Admin" });
  actor = { userId: admin.id, realUserId: admin.id, source: "api" };
});

afterAll(async () => {
  if (savedQueue === undefined) delete process.env.TEMPORAL_TASK_QUEUE;
  else process.env.TEMPORAL_TASK_QUEUE = savedQueue;
  await worker?.stop();
});

describe.skipIf(!onPostgres)("the worker process SIGKILLed in the middle of the work, then started again", () => {
  it("a stage move to SPU feedback: done once, its audit records once, every feedback request once", async () => {
    const db = await getDb();
    const N = 2500;
    // The worker starts (seconds of TypeScript loading) while the users are written.
    const [users] = await Promise.all([makeUsers(db, N, "s"), startWorker()]);
    const cycle = await createCycle(actor, { name: `fault stage move ${randomUUID().slice(0, 6)}`, max_peers: 10 });
    await db.participant.createMany({
      data: users.map((u, i) => ({ cycleId: cycle.id, userId: u.id, managerId: managerIndex(i) === null ? null : users[managerIndex(i)!]!.id, secondaryManagerId: i > 1 && i % 5 === 0 ? users[i - 1]!.id : null })),
    });
    await transitionCycle(actor, cycle.id, "start");
    const participants = await db.participant.findMany({ where: { cycleId: cycle.id } });
    const expected = mandatoryPairs(participants).filter((p) => p.reviewerType !== "manager");

    // The move runs in the worker; the caller waits for the update as the API does.
    const t0 = Date.now();
    const move = transitionCycle(actor, cycle.id, "progress_to_spu_feedback").then(
      () => "answered" as const,
      (err: unknown) => `failed: ${(err as Error).message}`,
    );
    const cutMs = await killInTransaction(db, worker!, 60, async () => (await db.cycle.findUniqueOrThrow({ where: { id: cycle.id } })).state !== "START");
    expect(cutMs, "the worker was killed after the move had committed: make the cycle larger").not.toBeNull();

    // Killed in the transaction: nothing of the move is there.
    expect((await db.cycle.findUniqueOrThrow({ where: { id: cycle.id } })).state).toBe("START");
    expect(await db.feedback.count({ where: { cycleId: cycle.id } })).toBe(0);

    const t1 = Date.now();
    await startWorker();
    const answer = await move;
    await until("the stage move to be done", async () => (await db.cycle.findUniqueOrThrow({ where: { id: cycle.id } })).state === "SPU_FEEDBACK", 90_000);
    const doneS = (Date.now() - t1) / 1000;
    // The caller waits up to 60 s (UPDATE_DEADLINE_MS): on a loaded machine the restart may take longer and it gets
    // a 503 "try again"; either way the move happened once. The retry must not wait for the activity's 2-minute
    // start-to-close timeout (the heartbeat timeout notices the killed worker).
    expect(answer === "answered" || answer.includes("try again"), answer).toBe(true);
    expect((Date.now() - t0) / 1000).toBeLessThan(120);

    const audits = await db.auditRecord.findMany({ where: { entityType: "Cycle", entityId: String(cycle.id) }, orderBy: { id: "asc" } });
    const transitions = audits.filter((a) => a.action === "cycle.transition").map((a) => (a.after as { transition: string }).transition);
    expect(transitions).toEqual(["start", "progress_to_spu_feedback"]);
    const opened = audits.filter((a) => a.action === "cycle.feedback_requests_opened");
    expect(opened).toHaveLength(1);
    expect((opened[0]!.after as { created_total: number }).created_total).toBe(expected.length);
    const rows = await db.feedback.findMany({ where: { cycleId: cycle.id }, select: { revieweeId: true, reviewerId: true } });
    expect(rows).toHaveLength(expected.length);
    expect(new Set(rows.map((r) => `${r.revieweeId}>${r.reviewerId}`)).size).toBe(expected.length);
    const stage = await (await getTemporalClient()).workflow.getHandle(cycle.workflow_id).query<string>("stage");
    expect(stage).toBe("spu_feedback");

    console.log(
      `fault: worker process SIGKILLed in a stage move (${N} participants) — survived, the move's transaction cut off after ${Math.round(cutMs!)} ms,` +
        ` done ${doneS.toFixed(1)} s after the restart (${((Date.now() - t0) / 1000).toFixed(1)} s in all, the caller ${answer}): 1 cycle.transition,` +
        ` 1 cycle.feedback_requests_opened, ${rows.length} feedback requests, 0 duplicates`,
    );
  }, 240_000); // about 50 s; a machine under heavy load needs more (the worker's start, the heartbeat timeout)
});
