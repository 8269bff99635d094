/**
 * One workflow per bulk job (id `job-<jobId>`, search attributes CycleId and JobType), generic over
 * the job type: the job type's handler (the jobs feature's handler registry) decides what each step
 * does; this workflow only drives the steps in order:
 *
 *   beginJob            PENDING → RUNNING (audit job.start), counts the rows, returns the first step
 *   runJobStep × N      one chunk each (e.g. 1,000 CSV rows); returns the next step or null
 *   finishJob           RUNNING → SUCCEEDED | FAILED by the handler's verdict (audit job.succeed/job.fail)
 *
 * If a step still fails after its retries (or the input is unusable), failJob marks the job FAILED
 * with the reason. Progress lives in the Job row, written by the activities in the same transaction
 * as each chunk's rows, so a retried or resumed step is skipped or redone exactly (see ADR 0015).
 * Long jobs continue as new when Temporal suggests it, carrying the next step.
 * Deterministic code only: no I/O, no Node imports.
 */
import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  continueAsNew,
  isCancellation,
  proxyActivities,
  workflowInfo,
  type RetryPolicy,
} from "@temporalio/workflow";
import { DEFAULT_CHUNK_ROWS, JOB_FAILURE, type BulkJobActivities, type BulkJobInput, type BulkJobResult, type JobStep } from "./bulk-job-contract";

const retry: RetryPolicy = {
  initialInterval: "1 second",
  backoffCoefficient: 2,
  maximumInterval: "30 seconds",
  maximumAttempts: 8,
  nonRetryableErrorTypes: [JOB_FAILURE.notFound, JOB_FAILURE.badInput, JOB_FAILURE.stateMismatch],
};

const { beginJob, runJobStep } = proxyActivities<BulkJobActivities>({
  // A whole-file scan (100k rows) takes seconds; a dead worker is noticed by the missing heartbeat.
  startToCloseTimeout: "10 minutes",
  heartbeatTimeout: "30 seconds",
  retry,
});

const { finishJob, failJob } = proxyActivities<BulkJobActivities>({
  startToCloseTimeout: "2 minutes",
  // Recording the outcome must not give up while the database is briefly away.
  retry: { ...retry, maximumAttempts: 30 },
});

function reasonOf(err: unknown): string {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    if (e instanceof ApplicationFailure) return e.message;
    if (e instanceof ActivityFailure) e = e.cause;
    else break;
  }
  return err instanceof Error ? err.message : String(err);
}

function failureType(err: unknown): string | undefined {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  return cause instanceof ApplicationFailure ? (cause.type ?? undefined) : undefined;
}

export async function bulkJobWorkflow(input: BulkJobInput): Promise<BulkJobResult> {
  const { jobId, actor } = input;
  const chunkRows = input.chunkRows ?? DEFAULT_CHUNK_ROWS;

  /** The job could not finish: record why (not cancellable, so a cancelled workflow still marks its job). */
  async function fail(err: unknown): Promise<BulkJobResult> {
    if (failureType(err) === JOB_FAILURE.notFound) return { jobId, status: "FAILED" };
    const outcome = await CancellationScope.nonCancellable(() => failJob({ jobId, actor, message: reasonOf(err) }));
    if (isCancellation(err)) throw err;
    return { jobId, status: outcome.status };
  }

  let step: JobStep | null;
  try {
    step = input.resume !== undefined ? input.resume : (await beginJob({ jobId, actor, chunkRows })).next;
  } catch (err) {
    return fail(err);
  }
  while (step) {
    try {
      step = (await runJobStep({ jobId, actor, chunkRows, step })).next;
    } catch (err) {
      return fail(err);
    }
    if (step && workflowInfo().continueAsNewSuggested) {
      return continueAsNew<typeof bulkJobWorkflow>({ ...input, chunkRows, resume: step });
    }
  }
  const outcome = await finishJob({ jobId, actor });
  return { jobId, status: outcome.status };
}
