/**
 * What the scheduled nudge workflow (workflows/nudge-schedule.ts), its activity
 * (the worker's nudge activity) and the nudge service (features/nudges) agree on.
 * Pure module (no Temporal runtime import).
 */
import type { Actor } from "../app/platform/actor";

/** The NUDGE job type's key: JSON `type` and the JobType search attribute. */
export const NUDGE_JOB_TYPE_KEY = "nudge";

/** Arguments a nudge schedule's action passes to each run. */
export type ScheduledNudgeInput = {
  /** NudgeSchedule row id. */
  nudgeScheduleId: number;
  cycleId: number;
  /** The admin who created the schedule; the run's records carry source "workflow". */
  actor: Actor;
};

export type StartScheduledNudgeInput = ScheduledNudgeInput & {
  /** The run's workflow id (the schedule appends the scheduled time): one Job per run. */
  runWorkflowId: string;
};

/** The run's Job, or null with the reason when the run does nothing (schedule cancelled, cycle gone). */
export type StartScheduledNudgeResult = { jobId: number | null; reason: string | null };

export type ScheduledNudgeResult = { jobId: number | null; status: "SUCCEEDED" | "FAILED" | "SKIPPED" };

/** The workflow type a nudge schedule starts (the exported function's name in workflows/nudge-schedule.ts). */
export const SCHEDULED_NUDGE_WORKFLOW = "scheduledNudgeWorkflow";
export type ScheduledNudgeWorkflow = (input: ScheduledNudgeInput) => Promise<ScheduledNudgeResult>;

/** The activity a scheduled nudge run calls (implemented by the worker's nudge activity). */
export interface NudgeActivities {
  /** The run's NUDGE Job, created once per run; null with the reason when the run does nothing. */
  startScheduledNudge(input: StartScheduledNudgeInput): Promise<StartScheduledNudgeResult>;
}
