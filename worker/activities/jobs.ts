import { Context } from "@temporalio/activity";
import { ApplicationFailure, CancelledFailure } from "@temporalio/common";
import { getDb, type Db } from "~/platform/db.server";
import type { Job } from "~/generated/prisma/client.ts";
import { handlerFor } from "~/features/jobs/handlers.server";
import { CsvInputError } from "~/features/jobs/files.server";
import { auditJob, jobCounters, jobMessageData, jobTextEnglish, JobInputError, JobStateError, type JobContext, type JobText } from "~/features/jobs/runner.server";
import { storedText } from "~/platform/i18n/stored-text.server";
import {
  JOB_FAILURE,
  type BeginJobInput,
  type FailJobInput,
  type FinishJobInput,
  type JobOutcome,
  type RunJobStepInput,
  type StepResult,
} from "../../workflows/bulk-job-contract";

/**
 * Activities of the generic bulk job workflow (workflows/bulk-job.ts). They own the Job row's
 * status (PENDING → RUNNING → SUCCEEDED | FAILED, each change conditional and audited) and hand
 * the work of each step to the job type's handler (app/features/jobs/handlers.server.ts).
 */

const MAX_MESSAGE = 2000;

async function loadJob(db: Db, jobId: number): Promise<Job> {
  const job = await db.job.findUnique({ where: { id: jobId } });
  if (!job) throw ApplicationFailure.nonRetryable(`Job ${jobId} not found`, JOB_FAILURE.notFound);
  return job;
}

function contextFor(db: Db, job: Job, input: { actor: JobContext["actor"]; chunkRows?: number }): JobContext {
  return {
    db,
    job,
    actor: { ...input.actor, source: "workflow" },
    chunkRows: Math.max(1, input.chunkRows ?? 1000),
    heartbeat: (details?: unknown) => {
      try {
        Context.current().heartbeat(details);
      } catch {
        // outside an activity (direct calls in tests): nothing to tell
      }
    },
    checkCancelled: () => {
      let aborted = false;
      try {
        aborted = Context.current().cancellationSignal.aborted;
      } catch {
        aborted = false;
      }
      if (aborted) throw new CancelledFailure("Activity cancelled before writing");
    },
  };
}

/**
 * Bad input becomes a non-retryable failure: the workflow then fails the job with its message. An input error with a
 * code (ADR 0100) fails the job here first, with its English and its code (the workflow hands failJob the English
 * only), so the job page says it in the reader's language; the workflow's failJob then finds the job failed.
 */
async function guarded<T>(ctx: JobContext, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof JobInputError || err instanceof CsvInputError) {
      if (err instanceof JobInputError && typeof err.text !== "string") await failWith(ctx.db, ctx.job.id, ctx.actor, err.text);
      throw ApplicationFailure.nonRetryable(err.message, JOB_FAILURE.badInput);
    }
    if (err instanceof JobStateError) throw ApplicationFailure.nonRetryable(err.message, JOB_FAILURE.stateMismatch);
    throw err;
  }
}

/** PENDING → RUNNING with its total and phase (audit job.start); returns the first step. */
export async function beginJob(input: BeginJobInput): Promise<StepResult> {
  const db = await getDb();
  const job = await loadJob(db, input.jobId);
  if (job.status === "SUCCEEDED" || job.status === "FAILED") return { next: null };
  const ctx = contextFor(db, job, input);
  const begun = await guarded(ctx, () => handlerFor(job.type).begin(ctx));
  ctx.checkCancelled();
  // `write` may read the input too (e.g. to stage it): an unusable file fails the job there as well.
  await guarded(ctx, () =>
    db.$transaction(
      async (tx) => {
        const res = await tx.job.updateMany({
          where: { id: job.id, status: "PENDING" },
          data: {
            status: "RUNNING",
            startedAt: new Date(),
            totalRows: begun.totalRows,
            processedRows: 0,
            succeededRows: 0,
            failedRows: 0,
            ...jobMessageData(begun.phase),
          },
        });
        if (res.count !== 1) return; // a retry after the commit: already running
        const written = await begun.write?.(tx);
        const totalRows = written ? written.totalRows : begun.totalRows;
        if (totalRows !== begun.totalRows) await tx.job.update({ where: { id: job.id }, data: { totalRows } });
        await auditJob(tx, ctx.actor, job, "job.start", { total_rows: totalRows, error_mode: job.errorMode.toLowerCase() });
      },
      { timeout: 120_000, maxWait: 60_000 },
    ),
  );
  return { next: begun.first };
}

/** One chunk through the job type's handler; nothing to do once the job has finished. */
export async function runJobStep(input: RunJobStepInput): Promise<StepResult> {
  const db = await getDb();
  const job = await loadJob(db, input.jobId);
  if (job.status !== "RUNNING") return { next: null };
  const ctx = contextFor(db, job, input);
  return guarded(ctx, () => handlerFor(job.type).step(ctx, input.step));
}

/** RUNNING → the handler's verdict (audit job.succeed / job.fail). Idempotent. */
export async function finishJob(input: FinishJobInput): Promise<JobOutcome> {
  const db = await getDb();
  const job = await loadJob(db, input.jobId);
  if (job.status === "SUCCEEDED" || job.status === "FAILED") return { status: job.status };
  const ctx = contextFor(db, job, input);
  const verdict = await handlerFor(job.type).finish(ctx);
  // The English (and its code, ADR 0096) as kept; a text cut to the column's length keeps no code.
  const english = jobTextEnglish(verdict.message);
  const kept = english.length > MAX_MESSAGE ? jobMessageData(english.slice(0, MAX_MESSAGE)) : jobMessageData(verdict.message);
  return db.$transaction(
    async (tx) => {
      const res = await tx.job.updateMany({
        where: { id: job.id, status: "RUNNING" },
        data: { status: verdict.status, ...kept, finishedAt: new Date() },
      });
      if (res.count === 1) {
        await verdict.write?.(tx);
        const after = await tx.job.findUniqueOrThrow({ where: { id: job.id } });
        await auditJob(tx, ctx.actor, job, verdict.status === "SUCCEEDED" ? "job.succeed" : "job.fail", {
          ...jobCounters(after),
          message: english,
        });
        return { status: verdict.status };
      }
      const now = await tx.job.findUniqueOrThrow({ where: { id: job.id }, select: { status: true } });
      return { status: now.status === "SUCCEEDED" ? "SUCCEEDED" : "FAILED" };
    },
    { timeout: 120_000, maxWait: 60_000 },
  );
}

/** The job could not run to its end: FAILED with the reason (audit job.fail). Idempotent. */
export async function failJob(input: FailJobInput): Promise<JobOutcome> {
  const db = await getDb();
  const job = await db.job.findUnique({ where: { id: input.jobId } });
  if (!job) return { status: "FAILED" };
  if (job.status === "SUCCEEDED") return { status: "SUCCEEDED" };
  await failWith(db, job.id, { ...input.actor, source: "workflow" as const }, input.message);
  return { status: "FAILED" };
}

/**
 * PENDING or RUNNING → FAILED with the reason (audit job.fail); nothing when the job has already finished. Rows
 * committed before the failure are said after the reason ("… (3 rows had been committed)"): one message with the
 * reason as a value (its code when it has one, else its text), never two translated fragments put together.
 */
async function failWith(db: Db, jobId: number, actor: JobContext["actor"], reason: string | JobText): Promise<void> {
  await db.$transaction(async (tx) => {
    const job = await tx.job.findUnique({ where: { id: jobId } });
    if (!job || (job.status !== "PENDING" && job.status !== "RUNNING")) return;
    const value = typeof reason === "string" ? reason : { key: reason.code.key, ...(reason.code.values ? { values: reason.code.values } : {}) };
    const text: string | JobText = job.succeededRows > 0 ? storedText("storedTexts.jobs.failedAfterCommit", { reason: value, committed: job.succeededRows }) : reason;
    const english = jobTextEnglish(text);
    // A text cut to the column's length keeps no code.
    const kept = english.length > MAX_MESSAGE ? jobMessageData(english.slice(0, MAX_MESSAGE)) : jobMessageData(text);
    const res = await tx.job.updateMany({
      where: { id: job.id, status: { in: ["PENDING", "RUNNING"] } },
      data: { status: "FAILED", ...kept, finishedAt: new Date() },
    });
    if (res.count === 1) await auditJob(tx, actor, job, "job.fail", { ...jobCounters(job), message: kept.message });
  });
}
