/**
 * The upload questionnaire job in the bulk job workflow beyond the happy path (pattern of
 * bulk-job-workflow.test.ts):
 *  - a worker stopped in the middle of a 300-question file and a new worker finishing it: the
 *    questionnaire saved exactly once (one version, one audit), every row checked once;
 *  - every activity retried after its commit (lost reply) writes nothing the second time;
 *  - feedback given between the check and the save: the save step fails with the lock message and
 *    nothing is saved;
 *  - unusable input (more than 300 rows) fails without retry.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Worker } from "@temporalio/worker";
import { getDb } from "~/platform/db.server";
import { QUESTIONNAIRE_LIMITS, REVIEWER_TYPES } from "~/features/questionnaires/rules";
import type { Actor } from "~/platform/audit.server";
import { createJob } from "~/features/jobs/service.server";
import { QUESTIONNAIRE_PHASE } from "~/features/jobs/types/questionnaire.server";
import { getQuestionnaire } from "~/features/questionnaires/service.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { createAppWorker } from "../../worker/worker";
import { beginJob, failJob, finishJob, runJobStep } from "../../worker/activities/jobs";
import { createTestUser } from "../support/api";
import { until } from "../support/wait";

const LOCKED = "The questionnaire cannot change: feedback has already been given in this cycle";

let actor: Actor;

async function newCycle(name: string): Promise<number> {
  const db = await getDb();
  return (await db.cycle.create({ data: { name, state: "START", workflowId: `test-cycle-${randomUUID()}` } })).id;
}

/** `perType` questions for every reviewer type (rating, text and choice in turn). */
function csvOf(perType: number, label = "Question"): Uint8Array<ArrayBuffer> {
  const lines = ["reviewer_type,question_id,kind,label,required,scale_min,scale_max,options"];
  for (const t of REVIEWER_TYPES) {
    for (let i = 0; i < perType; i++) {
      const kind = ["rating", "text", "choice"][i % 3]!;
      lines.push(`${t},q${i},${kind},${label} ${i} for ${t},${i % 2 === 0},${kind === "rating" ? "1,5" : ","},${kind === "choice" ? "A|B|C" : ""}`);
    }
  }
  return new TextEncoder().encode(lines.join("\n") + "\n") as Uint8Array<ArrayBuffer>;
}

async function directJob(cycleId: number, bytes: Uint8Array<ArrayBuffer>) {
  const db = await getDb();
  const job = await db.job.create({ data: { cycleId, type: "UPLOAD_QUESTIONNAIRE", workflowId: `job-direct-${randomUUID()}` } });
  await db.jobFile.create({ data: { jobId: job.id, kind: "input", name: "q.csv", contentType: "text/csv", content: bytes } });
  return job;
}

async function uploadAudits(cycleId: number) {
  return (await getDb()).auditRecord.findMany({ where: { action: "questionnaire.upload", after: { path: ["cycle_id"], equals: cycleId } } });
}

beforeAll(async () => {
  const admin = await createTestUser({ role: "SUPER_ADMIN" });
  actor = { userId: admin.id, realUserId: admin.id, source: "api" };
});

describe("upload questionnaire job workflow", () => {
  let first: Worker | undefined;
  let second: Worker | undefined;
  afterAll(async () => {
    for (const w of [first, second]) if (w && w.getState() === "RUNNING") w.shutdown();
  });

  it("survives a worker restart in the middle of the check: saved exactly once with every question", { timeout: 300_000 }, async () => {
    const taskQueue = `qjob-restart-${randomUUID().slice(0, 8)}`;
    const address = process.env.TEMPORAL_ADDRESS!;
    const db = await getDb();
    const cycleId = await newCycle("questionnaire restart");
    const perType = QUESTIONNAIRE_LIMITS.questionsPerType; // 50 × 6 = 300 rows, the most a file may have

    first = await createAppWorker({ address, taskQueue });
    const firstRun = first.run();
    const job = await createJob(actor, { cycleId, type: "UPLOAD_QUESTIONNAIRE", file: { name: "big.csv", contentType: "text/csv", bytes: csvOf(perType) } }, { taskQueue, chunkRows: 3 });
    const midway = await until("the check to be under way", async () => {
      const row = await db.job.findUniqueOrThrow({ where: { id: job.id } });
      return row.status === "RUNNING" && row.message === QUESTIONNAIRE_PHASE.checking && row.processedRows >= 30 && row;
    });
    first.shutdown();
    await firstRun;
    const stopped = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(stopped).toMatchObject({ status: "RUNNING", totalRows: 300, message: QUESTIONNAIRE_PHASE.checking, failedRows: 0 });
    expect(stopped.processedRows).toBeGreaterThanOrEqual(midway.processedRows);
    expect(stopped.processedRows).toBeLessThan(300);
    expect(stopped.processedRows % 3).toBe(0); // whole chunks only
    expect((await getQuestionnaire(cycleId)).version).toBe(0);

    // Nothing moves without a worker.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await db.job.findUniqueOrThrow({ where: { id: job.id } })).processedRows).toBe(stopped.processedRows);

    second = await createAppWorker({ address, taskQueue });
    const secondRun = second.run();
    expect(await (await getTemporalClient()).workflow.getHandle(job.workflow_id).result()).toEqual({ jobId: job.id, status: "SUCCEEDED" });
    second.shutdown();
    await secondRun;

    const done = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(done).toMatchObject({ status: "SUCCEEDED", totalRows: 300, processedRows: 300, succeededRows: 300, failedRows: 0 });
    expect(done.message).toBe(
      "Questionnaire saved as version 1 (300 questions: Self 50, Manager 50, Direct Report 50, Peer/Stakeholder 50, Matrix Manager 50, Matrix Team 50)",
    );
    const q = await getQuestionnaire(cycleId);
    expect(q.version).toBe(1);
    for (const t of REVIEWER_TYPES) {
      expect(q.definition[t]).toHaveLength(perType);
      expect(q.definition[t]![49]).toMatchObject({ id: "q49", kind: "text", label: `Question 49 for ${t}`, required: false });
    }
    expect(q.definition.PEER![2]).toMatchObject({ kind: "choice", options: ["A", "B", "C"], required: true });
    expect(await uploadAudits(cycleId)).toHaveLength(1);
    const actions = (await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(job.id) }, orderBy: { id: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(["job.create", "job.start", "job.rows_committed", "job.succeed"]);
  });

  it("every activity retried after its commit writes nothing the second time", async () => {
    const db = await getDb();
    const cycleId = await newCycle("questionnaire retry");
    const job = await directJob(cycleId, csvOf(1));
    const input = { jobId: job.id, actor, chunkRows: 2 };

    const begun = await beginJob(input);
    expect(await beginJob(input)).toEqual(begun);
    let step = begun.next;
    const phases: string[] = [];
    while (step) {
      const result = await runJobStep({ ...input, step });
      expect(await runJobStep({ ...input, step })).toEqual(result); // the reply was lost: Temporal runs it again
      phases.push(step.phase);
      step = result.next;
    }
    expect(phases).toEqual(["check", "check", "check", "save"]);
    expect(await finishJob(input)).toEqual({ status: "SUCCEEDED" });
    expect(await finishJob(input)).toEqual({ status: "SUCCEEDED" });

    expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "SUCCEEDED", totalRows: 6, processedRows: 6, succeededRows: 6, failedRows: 0 });
    expect((await getQuestionnaire(cycleId)).version).toBe(1);
    expect(await uploadAudits(cycleId)).toHaveLength(1);
    const actions = (await db.auditRecord.findMany({ where: { entityType: "Job", entityId: String(job.id) }, orderBy: { id: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(["job.start", "job.rows_committed", "job.succeed"]);
  });

  it("feedback given between the check and the save: the save fails with the lock message and nothing is saved", async () => {
    const db = await getDb();
    const cycleId = await newCycle("questionnaire locked meanwhile");
    const job = await directJob(cycleId, csvOf(2));
    const input = { jobId: job.id, actor, chunkRows: 100 };
    const check = (await beginJob(input)).next!;
    const save = (await runJobStep({ ...input, step: check })).next!;
    expect(save.phase).toBe("save");

    const reviewee = await createTestUser();
    const reviewer = await createTestUser();
    const participant = await db.participant.create({ data: { cycleId, userId: reviewee.id } });
    await db.feedback.create({ data: { cycleId, revieweeId: participant.id, reviewerId: reviewer.id, reviewerType: "PEER", answers: { q0: 4 } } });

    await expect(runJobStep({ ...input, step: save })).rejects.toMatchObject({ type: "JobInputInvalid", nonRetryable: true, message: LOCKED });
    // What the workflow does with a non-retryable failure.
    expect(await failJob({ ...input, message: LOCKED })).toEqual({ status: "FAILED" });
    expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "FAILED", message: LOCKED, succeededRows: 0 });
    expect(await getQuestionnaire(cycleId)).toMatchObject({ version: 0, is_default: true, locked: true });
    expect(await uploadAudits(cycleId)).toHaveLength(0);
  });

  it("fails a file with more than 300 rows without retrying", async () => {
    const db = await getDb();
    const cycleId = await newCycle("questionnaire too long");
    const job = await directJob(cycleId, csvOf(51));
    await expect(beginJob({ jobId: job.id, actor, chunkRows: 10 })).rejects.toMatchObject({
      type: "JobInputInvalid",
      nonRetryable: true,
      message: "The file has more than 300 rows: a questionnaire has at most 50 questions for each of the 6 reviewer types",
    });
    // A coded input error: the activity fails the job itself with its English and code (ADR 0107).
    expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "FAILED", messageCode: { key: expect.any(String) } });
  });
});
