/**
 * What the bulk job workflow (workflows/bulk-job.ts), its activities (the worker's job activities) and
 * the job service (features/jobs) agree on: the workflow's name, input and result, the interface of its
 * activities and their failure types. Callers start the workflow by this name, never by importing its code.
 * Pure module (no Temporal runtime import).
 */
import type { Actor } from "../app/platform/actor";

/** JSON a step cursor may hold (it travels through the workflow history). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * One unit of work of a job: a phase name chosen by the job type's handler and where in the input
 * that unit starts (e.g. `{ row: 2000, offset: 181234, line: 2001 }` for a CSV chunk). A retry or a
 * resumed workflow runs exactly the same step again, so a handler must make a step idempotent.
 */
export type JobStep = { phase: string; cursor: JsonValue };

export type BulkJobInput = {
  jobId: number;
  /** The job type in lower case (e.g. "upload_participants"); also the JobType search attribute. */
  type: string;
  /** Who started the job (the API/page request's user); activities audit with source "workflow". */
  actor: Actor;
  /** Rows per step (default 1,000); tests use smaller chunks. */
  chunkRows?: number;
  /** Set when the workflow continued as new: the step to run next. */
  resume?: JobStep | null;
};

export type BulkJobResult = { jobId: number; status: "SUCCEEDED" | "FAILED" };

/** The workflow type (the exported function's name in workflows/bulk-job.ts). */
export const BULK_JOB_WORKFLOW = "bulkJobWorkflow";
export type BulkJobWorkflow = (input: BulkJobInput) => Promise<BulkJobResult>;

export type BeginJobInput = { jobId: number; actor: Actor; chunkRows: number };
export type RunJobStepInput = { jobId: number; actor: Actor; chunkRows: number; step: JobStep };
export type StepResult = { next: JobStep | null };
export type FinishJobInput = { jobId: number; actor: Actor };
export type FailJobInput = { jobId: number; actor: Actor; message: string };

export type JobOutcome = { status: "SUCCEEDED" | "FAILED" };

/** The activities the bulk job workflow calls (implemented by the worker's job activities). */
export interface BulkJobActivities {
  /** PENDING → RUNNING, counts the rows, returns the first step (null: nothing to do). */
  beginJob(input: BeginJobInput): Promise<StepResult>;
  /** One chunk, in the chunk's transaction with the job's progress; returns the next step. */
  runJobStep(input: RunJobStepInput): Promise<StepResult>;
  /** RUNNING → SUCCEEDED | FAILED by the job type's verdict. */
  finishJob(input: FinishJobInput): Promise<JobOutcome>;
  /** Marks the job FAILED with the reason. */
  failJob(input: FailJobInput): Promise<JobOutcome>;
}

export const DEFAULT_CHUNK_ROWS = 1000;

/** ApplicationFailure types raised by the job activities. */
export const JOB_FAILURE = {
  /** The Job row is gone (e.g. its cycle was deleted): nothing left to do. */
  notFound: "JobNotFound",
  /** The input cannot be processed at all (not CSV, bad header): the job fails, no retry. */
  badInput: "JobInputInvalid",
  /** The Job row's progress does not match the step (should never happen). */
  stateMismatch: "JobStateMismatch",
} as const;
