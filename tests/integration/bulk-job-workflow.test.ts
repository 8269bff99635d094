/**
 * The bulk job workflow (workflows/bulk-job.ts) and its activities beyond the happy path:
 *  - a worker stopped in the middle of a 5,000-row upload and a new worker finishing it: exact
 *    participant count, every row committed once (audits), progress seen while running;
 *  - a step retried after its commit (lost reply) writes nothing the second time;
 *  - replay of a recorded history (a non-deterministic change to the workflow fails here).
 *
 * RECORD_HISTORIES=1 rewrites tests/fixtures/histories/bulk-job-workflow.json from a fresh run.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Worker } from "@temporalio/worker";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import type { Actor } from "~/platform/audit.server";
import { createJob } from "~/features/jobs/service.server";
import { PHASE } from "~/features/jobs/types/participants/common.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { createAppWorker } from "../../worker/worker";
import { beginJob, finishJob, runJobStep } from "../../worker/activities/jobs";
import { createTestUser } from "../support/api";
import { until } from "../support/wait";
import { loadHistory, recordingHistories, replayHistory, saveHistory, scheduledActivities } from "../support/histories";


let actor: Actor;

async function newCycle(name: string): Promise<number> {
  const db = await getDb();
  return (await db.cycle.create({ data: { name, workflowId: `test-cycle-${randomUUID()}` } })).id;
}

async function makeUsers(count: number): Promise<User[]> {
  const db = await getDb();
  const tag = randomUUID().slice(0, 8);
  const data = Array.from({ length: count }, (_, i) => ({ email: `w${i}.${tag}@restart.example.com`, name: `W ${i} ${tag}` }));
  for (let i = 0; i < data.length; i += 1000) await db.user.createMany({ data: data.slice(i, i + 1000) });
  return db.user.findMany({ where: { email: { endsWith: `.${tag}@restart.example.com` } }, orderBy: { id: "asc" } });
}

function csvOf(users: User[]): Uint8Array<ArrayBuffer> {
  const lines = ["email,manager_email,reviewer_only"];
  users.forEach((u, i) => lines.push(`${u.email},${i > 0 ? users[Math.floor((i - 1) / 10)]!.email : ""},${i % 7 === 0 ? "true" : "false"}`));
  return new TextEncoder().encode(lines.join("\n") + "\n") as Uint8Array<ArrayBuffer>;
}

beforeAll(async () => {
  const admin = await createTestUser({ role: "SUPER_ADMIN" });
  actor = { userId: admin.id, realUserId: admin.id, source: "api" };
});

describe("bulk job workflow", () => {
  let first: Worker | undefined;
  let second: Worker | undefined;
  afterAll(async () => {
    for (const w of [first, second]) if (w && w.getState() === "RUNNING") w.shutdown();
  });

  it("survives a worker restart in the middle of a 5,000-row upload: exact count, every row committed once", async () => {
    const taskQueue = `bulk-restart-${randomUUID().slice(0, 8)}`;
    const address = process.env.TEMPORAL_ADDRESS!;
    const db = await getDb();
    const users = await makeUsers(5000);
    const cycleId = await newCycle("restart");

    first = await createAppWorker({ address, taskQueue });
    const firstRun = first.run();
    const job = await createJob(
      actor,
      { cycleId, type: "UPLOAD_PARTICIPANTS", errorMode: "all_or_nothing", file: { name: "big.csv", contentType: "text/csv", bytes: csvOf(users) } },
      { taskQueue, chunkRows: 250 },
    );

    // Progress is visible while the check pass runs, then the save pass starts over from row 0.
    const seen = new Set<string>();
    const midway = await until("the save pass to be under way", async () => {
      const row = await db.job.findUniqueOrThrow({ where: { id: job.id } });
      if (row.status === "RUNNING") seen.add(`${row.message}:${row.processedRows}`);
      return row.message === PHASE.saving && row.processedRows >= 1000 && row;
    });
    first.shutdown();
    await firstRun;
    const stopped = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(stopped.status).toBe("RUNNING");
    expect(stopped.totalRows).toBe(5000);
    expect(stopped.processedRows).toBeGreaterThanOrEqual(midway.processedRows);
    expect(stopped.processedRows).toBeLessThan(5000);
    const committedBefore = await db.participant.count({ where: { cycleId } });
    expect(committedBefore).toBe(stopped.processedRows); // whole chunks only
    expect([...seen].some((s) => s.startsWith(`${PHASE.checking}:`) && !s.endsWith(":0"))).toBe(true);

    // Nothing moves without a worker.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await db.job.findUniqueOrThrow({ where: { id: job.id } })).processedRows).toBe(stopped.processedRows);

    second = await createAppWorker({ address, taskQueue });
    const secondRun = second.run();
    const client = await getTemporalClient();
    expect(await client.workflow.getHandle(job.workflow_id).result()).toEqual({ jobId: job.id, status: "SUCCEEDED" });
    second.shutdown();
    await secondRun;

    const done = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(done).toMatchObject({ status: "SUCCEEDED", totalRows: 5000, processedRows: 5000, succeededRows: 5000, failedRows: 0 });
    const participants = await db.participant.findMany({ where: { cycleId }, select: { userId: true, managerId: true, reviewerOnly: true } });
    expect(participants).toHaveLength(5000);
    expect(new Set(participants.map((p) => p.userId)).size).toBe(5000);
    const byUser = new Map(participants.map((p) => [p.userId, p]));
    expect(byUser.get(users[4999]!.id)).toMatchObject({ managerId: users[499]!.id, reviewerOnly: false });
    expect(byUser.get(users[7]!.id)).toMatchObject({ managerId: users[0]!.id, reviewerOnly: true });

    // Every chunk committed exactly once: 20 disjoint ranges covering rows 2..5001, and one create audit per participant.
    const chunks = await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(job.id), action: "job.rows_committed" }, orderBy: { id: "asc" } });
    const ranges = chunks.map((c) => c.after as { from_row: number; to_row: number; committed: number });
    expect(ranges).toHaveLength(20);
    expect(ranges.map((r) => r.from_row)).toEqual(Array.from({ length: 20 }, (_, i) => 2 + i * 250));
    expect(ranges.reduce((n, r) => n + r.committed, 0)).toBe(5000);
    const creates = await db.auditRecord.count({
      where: { action: "participant.create", entityId: { in: (await db.participant.findMany({ where: { cycleId }, select: { id: true } })).map((p) => String(p.id)) } },
    });
    expect(creates).toBe(5000);
    const statusAudits = await db.auditRecord.findMany({
      where: { entityType: "Job", entityId: String(job.id), action: { in: ["job.start", "job.succeed", "job.fail"] } },
    });
    expect(statusAudits.map((a) => a.action).sort()).toEqual(["job.start", "job.succeed"]);
  });

  it("a step retried after its commit writes nothing and returns the same next step", async () => {
    const db = await getDb();
    const users = await makeUsers(5);
    const cycleId = await newCycle("retry");
    const bytes = csvOf(users);
    // A job row and file without a workflow: the activities are called directly, as Temporal would.
    const job = await db.job.create({ data: { cycleId, type: "UPSERT_PARTICIPANTS", errorMode: "VALID_ONLY", workflowId: `job-direct-${randomUUID()}` } });
    await db.jobFile.create({ data: { jobId: job.id, kind: "input", name: "r.csv", contentType: "text/csv", content: bytes } });
    const input = { jobId: job.id, actor, chunkRows: 2 };

    const begun = await beginJob(input);
    expect(await beginJob(input)).toEqual(begun); // retried begin: same first step, one job.start
    let step = begun.next;
    let steps = 0;
    while (step) {
      const result = await runJobStep({ ...input, step });
      const retried = await runJobStep({ ...input, step }); // the reply was lost: Temporal runs it again
      expect(retried).toEqual(result);
      step = result.next;
      steps++;
    }
    expect(steps).toBe(3);
    expect(await finishJob(input)).toEqual({ status: "SUCCEEDED" });
    expect(await finishJob(input)).toEqual({ status: "SUCCEEDED" });

    const done = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(done).toMatchObject({ status: "SUCCEEDED", totalRows: 5, processedRows: 5, succeededRows: 5, failedRows: 0 });
    expect(await db.participant.count({ where: { cycleId } })).toBe(5);
    const actions = (await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(job.id) }, orderBy: { id: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(["job.start", "job.rows_committed", "job.rows_committed", "job.rows_committed", "job.succeed"]);
  });

  it("records a failure the workflow could not recover from (unusable input) as a failed job", async () => {
    const db = await getDb();
    const cycleId = await newCycle("bad input");
    const job = await db.job.create({ data: { cycleId, type: "UPLOAD_PARTICIPANTS", workflowId: `job-direct-${randomUUID()}` } });
    await db.jobFile.create({ data: { jobId: job.id, kind: "input", name: "x.csv", contentType: "text/csv", content: new TextEncoder().encode('email\n"unclosed\n') as Uint8Array<ArrayBuffer> } });
    await expect(beginJob({ jobId: job.id, actor, chunkRows: 10 })).rejects.toMatchObject({ type: "JobInputInvalid", nonRetryable: true });
    // A coded input error: the activity fails the job itself with its English and code (ADR 0107); the workflow's
    // failJob then finds it failed.
    expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "FAILED", messageCode: { key: "jobs.failure.notCsvNear" } });
  });

  it("replays the recorded history", async () => {
    if (recordingHistories()) {
      const db = await getDb();
      const users = await makeUsers(4);
      const cycleId = await newCycle("history");
      const taskQueue = `bulk-history-${randomUUID().slice(0, 8)}`;
      const worker = await createAppWorker({ address: process.env.TEMPORAL_ADDRESS!, taskQueue });
      const running = worker.run();
      const csv = new TextEncoder().encode(
        `email,manager_email\n${users[0]!.email},\n${users[1]!.email},${users[0]!.email}\nbad,\n${users[2]!.email},${users[3]!.email}\n`,
      ) as Uint8Array<ArrayBuffer>;
      const job = await createJob(actor, { cycleId, type: "UPLOAD_PARTICIPANTS", errorMode: "valid_only", file: { name: "h.csv", contentType: "text/csv", bytes: csv } }, { taskQueue, chunkRows: 2 });
      const handle = (await getTemporalClient()).workflow.getHandle(job.workflow_id);
      expect(await handle.result()).toEqual({ jobId: job.id, status: "SUCCEEDED" });
      worker.shutdown();
      await running;
      expect(await db.participant.count({ where: { cycleId } })).toBe(3);
      saveHistory("bulk-job-workflow", await handle.fetchHistory());
    }
    const history = loadHistory("bulk-job-workflow");
    expect(scheduledActivities(history)).toEqual(["beginJob", "runJobStep", "runJobStep", "finishJob"]);
    await replayHistory(history, "bulk-job-replay");
  });
});
