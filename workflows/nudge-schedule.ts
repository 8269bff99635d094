/**
 * One run of a nudge schedule (ADR 0019). The Temporal Schedule `nudge-cycle-<cycleId>-<id>` starts
 * this workflow (id `nudge-cycle-<cycleId>-<id>-run-<scheduled time>`, search attributes CycleId and
 * JobType=nudge) each time it fires:
 *
 *   startScheduledNudge   creates the run's NUDGE Job (idempotent: keyed by this workflow's id), or
 *                         returns null when the schedule was cancelled or the cycle is gone
 *   bulkJobWorkflow       the job itself, as a child `job-<jobId>` (the same workflow as "send now")
 *
 * The child is abandoned if this run is terminated, so the job still finishes.
 * Deterministic code only: no I/O, no Node imports.
 */
import { executeChild, ParentClosePolicy, proxyActivities, workflowInfo } from "@temporalio/workflow";
import { BULK_JOB_WORKFLOW, type BulkJobWorkflow } from "./bulk-job-contract";
import { NUDGE_JOB_TYPE_KEY, type NudgeActivities, type ScheduledNudgeInput, type ScheduledNudgeResult } from "./nudge-contract";
import { CycleIdKey, JobTypeKey } from "./search-attributes-contract";

const { startScheduledNudge } = proxyActivities<NudgeActivities>({
  startToCloseTimeout: "1 minute",
  retry: { initialInterval: "1 second", backoffCoefficient: 2, maximumInterval: "30 seconds", maximumAttempts: 20 },
});

export async function scheduledNudgeWorkflow(input: ScheduledNudgeInput): Promise<ScheduledNudgeResult> {
  const { jobId } = await startScheduledNudge({ ...input, runWorkflowId: workflowInfo().workflowId });
  if (jobId === null) return { jobId: null, status: "SKIPPED" };
  const result = await executeChild<BulkJobWorkflow>(BULK_JOB_WORKFLOW, {
    workflowId: `job-${jobId}`,
    args: [{ jobId, type: NUDGE_JOB_TYPE_KEY, actor: input.actor }],
    parentClosePolicy: ParentClosePolicy.ABANDON,
    typedSearchAttributes: [
      { key: CycleIdKey, value: String(input.cycleId) },
      { key: JobTypeKey, value: NUDGE_JOB_TYPE_KEY },
    ],
  });
  return { jobId, status: result.status };
}
