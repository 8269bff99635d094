import type { Db, Tx } from "~/platform/db.server";
import { Prisma, type Job } from "~/generated/prisma/client.ts";
import { recordAudit, type Actor } from "~/platform/audit.server";
import type { StoredCode } from "~/platform/i18n/stored-text";
import { storedText } from "~/platform/i18n/stored-text.server";
import { refusalKeyOf } from "~/platform/i18n/refusal-key";
import { noticeOf } from "~/platform/refusal-notice.server";
import type { ApiError } from "~/platform/api.server";
import type { JobStep, StepResult } from "../../../workflows/bulk-job-contract";

/**
 * The contract between the generic bulk job workflow and a job type.
 *
 * HOW TO ADD A JOB TYPE (see docs/decisions/0015-bulk-jobs.md):
 *  1. The JobType enum value exists in prisma/schema.prisma (ask the lead otherwise).
 *  2. Describe it for the API and pages in `JOB_TYPES` (app/features/jobs/job-types.server.ts): key, label,
 *     scope, API collection path, page path, input ("file" with its header check, or "none"), output file.
 *     Scope "cycle" (the default): a job of one cycle (Job.cycleId set); its API collection is under
 *     /api/v1/admin/cycles/{cycle_id}/ and its pages under /app/admin/cycles/{cycleId}/.
 *     Scope "company": a company-wide job (Job.cycleId null, e.g. the directory import, or a person's export
 *     with Job.subjectUserId); its API collection is /api/v1/admin/{apiCollection} and its pages /app/admin/{pagePath}.
 *     The same engine serves both: createJob, listJobs/getJobDetail/jobOutputResponse, the generic API
 *     loaders/actions (api.server.ts), the page loaders/actions (pages.server.ts) and the OpenAPI contract
 *     (contract.server.ts) take the cycle id as `number | null` and check it against the type's scope.
 *  3. Write its `JobHandler` (begin / step / finish below; e.g. app/features/jobs/types/participants/download.server.ts)
 *     and register it in `JOB_HANDLERS` (app/features/jobs/handlers.server.ts). A cycle job type's handler is
 *     written as `cycleJobHandler({...})`: its context's job is a `CycleJob` (cycleId: number), narrowed once
 *     there (a cycle job without a cycle fails as a JobStateError). A company-wide handler is a plain
 *     `JobHandler` (e.g. app/features/jobs/types/directory/handler.server.ts); one about a person reads
 *     `ctx.job.subjectUserId`, and what it was asked for beyond its file is in `ctx.job.params`.
 *  4. Add API routes that call the factories of app/features/jobs/api.server.ts (jobCollectionLoader,
 *     jobCollectionAction, jobItemLoader, jobFileLoader: they read {id} for a cycle type, nothing for a company
 *     type, and {jobId}), their rows in app/platform/security/route-policy.ts, and pages that use the factories of
 *     app/features/jobs/pages.server.ts with the views of app/features/jobs/components/job-views.tsx.
 * The workflow (workflows/bulk-job.ts) and the activities (worker/activities/jobs.ts) stay unchanged.
 *
 * Rules for a handler:
 *  - `begin` reads only (count rows, scan the input); anything it must write goes in `write`, which
 *    runs in the job.start transaction exactly once.
 *  - `step` does one chunk. Its writes, the job's counters and its audit record commit in ONE
 *    transaction that first moves the watermark with `claimRows`; if the claim fails the chunk was
 *    already done (a retry after a lost reply, or a resumed workflow) and the step writes nothing.
 *    It returns the next step, computed the same way whether or not it wrote.
 *  - `finish` gives the verdict from the Job row's counters; `write` runs in the same transaction as
 *    the status change (e.g. assembling the output file).
 */

export type JobContext<J extends Job = Job> = {
  db: Db;
  /** The Job row as loaded when the activity started. */
  job: J;
  /** Who started the job, with source "workflow". */
  actor: Actor;
  chunkRows: number;
  /** Tell Temporal the activity is alive (call every few thousand rows of a long scan). */
  heartbeat(details?: unknown): void;
  /** Throws if the activity was cancelled (e.g. the worker is shutting down): call before writing. */
  checkCancelled(): void;
};

/**
 * A job's phase or result as stored (ADR 0096): its English `text` (Job.message: what the API, the audit and
 * `claimRows` compare) and its `code` (Job.messageCode), so that the job pages show it in the reader's language.
 */
export type JobText = { text: string; code: StoredCode };

/** The Job row's message columns for a text (a plain string, e.g. an exception's, is kept without a code). */
export function jobMessageData(value: string | JobText): { message: string; messageCode: Prisma.InputJsonValue | typeof Prisma.DbNull } {
  return typeof value === "string" ? { message: value, messageCode: Prisma.DbNull } : { message: value.text, messageCode: value.code as Prisma.InputJsonValue };
}

/** The English of a job text (what Job.message keeps). */
export const jobTextEnglish = (value: string | JobText): string => (typeof value === "string" ? value : value.text);

export type BeginResult = {
  totalRows: number;
  /** Phase shown on the job page while it runs; its English (`text`) is also the phase `claimRows` checks. */
  phase: string | JobText;
  /** The first step, or null if there is nothing to do (finish follows). */
  first: JobStep | null;
  /**
   * Extra writes in the job.start transaction (e.g. row errors found by a whole-file scan, or the rows staged
   * for set-based steps). May return the row count when only the writing knows it (it then replaces `totalRows`).
   */
  write?: (tx: Tx) => Promise<void | { totalRows: number }>;
};

export type JobVerdict = {
  status: "SUCCEEDED" | "FAILED";
  message: string | JobText;
  /** Writes in the same transaction as the final status (only once). */
  write?: (tx: Tx) => Promise<void>;
};

/**
 * The verdict of a job that checks and commits a file's rows (the uploads): with ALL_OR_NOTHING any failed row fails
 * the job; otherwise the rows with errors are skipped. `write` goes with it (e.g. dropping staged rows). Its message
 * is a JobText (English and code, ADR 0096).
 */
export function rowJobOutcome(
  job: { totalRows: number; errorMode: string; failedRows: number; succeededRows: number },
  write?: JobVerdict["write"],
): JobVerdict {
  const total = job.totalRows;
  const verdict = (status: JobVerdict["status"], message: JobText): JobVerdict => (write ? { status, message, write } : { status, message });
  if (total === 0) return verdict("SUCCEEDED", storedText("storedTexts.jobs.noRows"));
  // "1 of 1 row has", "1 row with errors was skipped": a count of one takes the singular (issue 26 §6); the total is
  // the plural's count, a second count of one has keys of its own.
  const counts = { count: total, failed: job.failedRows, committed: job.succeededRows };
  if (job.errorMode === "ALL_OR_NOTHING" && job.failedRows > 0) {
    if (job.succeededRows === 0) return verdict("FAILED", storedText("storedTexts.jobs.haveErrors", counts));
    return verdict("FAILED", storedText(job.succeededRows === 1 ? "storedTexts.jobs.invalidWhileSavingOneCommitted" : "storedTexts.jobs.invalidWhileSaving", counts));
  }
  if (job.failedRows > 0) return verdict("SUCCEEDED", storedText(job.failedRows === 1 ? "storedTexts.jobs.committedOneSkipped" : "storedTexts.jobs.committedSkipped", counts));
  return verdict("SUCCEEDED", storedText("storedTexts.jobs.committed", counts));
}

/** rowJobOutcome with its message as English text only (what Job.message keeps). */
export function rowJobVerdict(
  job: { totalRows: number; errorMode: string; failedRows: number; succeededRows: number },
  write?: JobVerdict["write"],
): JobVerdict & { message: string } {
  const verdict = rowJobOutcome(job, write);
  return { ...verdict, message: jobTextEnglish(verdict.message) };
}

export interface JobHandler<J extends Job = Job> {
  begin(ctx: JobContext<J>): Promise<BeginResult>;
  step(ctx: JobContext<J>, step: JobStep): Promise<StepResult>;
  finish(ctx: JobContext<J>): Promise<JobVerdict>;
}

/** A job of a cycle job type (scope "cycle"): its cycle is set. */
export type CycleJob = Job & { cycleId: number };
export type CycleJobContext = JobContext<CycleJob>;

/** The job with its cycle (a cycle job type's job); a JobStateError (the job fails, no retry) if it has none. */
export function cycleJob<J extends Pick<Job, "id" | "cycleId">>(job: J): J & { cycleId: number } {
  if (job.cycleId === null) throw new JobStateError(`Job ${job.id} belongs to no cycle, but its type is a cycle job type`);
  return job as J & { cycleId: number };
}

/** The handler of a cycle job type: each call's job is narrowed to a CycleJob here, once for every cycle type. */
export function cycleJobHandler(handler: JobHandler<CycleJob>): JobHandler {
  const narrow = (ctx: JobContext): CycleJobContext => ({ ...ctx, job: cycleJob(ctx.job) });
  return {
    begin: (ctx) => handler.begin(narrow(ctx)),
    step: (ctx, step) => handler.step(narrow(ctx), step),
    finish: (ctx) => handler.finish(narrow(ctx)),
  };
}

/**
 * The input cannot be processed (bad header, not CSV): the job fails with this message, no retry. Given a JobText,
 * the job's message keeps its code too (ADR 0100), so the job page says it in the reader's language.
 */
export class JobInputError extends Error {
  readonly text: string | JobText;
  constructor(reason: string | JobText) {
    super(jobTextEnglish(reason));
    this.text = reason;
  }
}

/**
 * A refusal met while a job runs (the creator no longer may, the person re-activated meanwhile), as the job's failure
 * "Refused: <the refusal>" (the English as the API says it): the refusal in its own key when it carries one (a notice
 * or `details.message_key`, ADR 0108), so the job page says all of it in the reader's language. Every refusal a job can
 * meet has its key (tests/integration/job-refusal-keys.test.ts); one without, unexpected, keeps its English as data.
 */
export function jobRefusal(err: ApiError): JobInputError {
  const key = noticeOf(err) ?? refusalKeyOf(err.details);
  return new JobInputError(storedText("storedTexts.jobs.stopped.refused", { reason: key ?? err.message }));
}

/** The Job row's progress contradicts the step (should never happen): the job fails, no retry. */
export class JobStateError extends Error {}

/** Interactive transaction options for chunk writes (a 1,000-row chunk with audits takes well under this). */
export const CHUNK_TX = { timeout: 120_000, maxWait: 60_000 } as const;

/**
 * The per-chunk watermark (compare-and-set on the Job row, inside the chunk's transaction): moves
 * processedRows from `from` to `to` only if the job is RUNNING in `phase` with processedRows =
 * `from`. True: this transaction owns the chunk (the row stays locked until commit). False: the
 * chunk was already done, or the job moved on; write nothing.
 */
export async function claimRows(
  tx: Tx,
  jobId: number,
  claim: { phase: string; from: number; to: number; data?: Omit<Prisma.JobUpdateManyMutationInput, "processedRows" | "status"> },
): Promise<boolean> {
  const res = await tx.job.updateMany({
    where: { id: jobId, status: "RUNNING", message: claim.phase, processedRows: claim.from },
    data: { ...claim.data, processedRows: claim.to },
  });
  return res.count === 1;
}

/** One audit record about a job (job.start, job.rows_committed, job.succeed, job.fail, ...). */
export async function auditJob(
  tx: Tx | Db,
  actor: Actor,
  job: Pick<Job, "id" | "cycleId" | "type"> & { subjectUserId?: number | null },
  action: string,
  after: Record<string, unknown>,
) {
  // A company-wide job has no cycle (cycle_id null); one about a person names them.
  const subject = job.subjectUserId != null ? { subject_user_id: job.subjectUserId } : {};
  await recordAudit(tx, actor, {
    action,
    entityType: "Job",
    entityId: job.id,
    after: { job_id: job.id, cycle_id: job.cycleId, type: job.type.toLowerCase(), ...subject, ...after },
  });
}

/** The job's counters as audit/JSON data. */
export function jobCounters(job: Pick<Job, "totalRows" | "processedRows" | "succeededRows" | "failedRows">) {
  return { total_rows: job.totalRows, processed_rows: job.processedRows, succeeded_rows: job.succeededRows, failed_rows: job.failedRows };
}
