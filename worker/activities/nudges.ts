import { createScheduledNudgeJob } from "~/features/nudges/scheduled-run.server";
import type { StartScheduledNudgeInput, StartScheduledNudgeResult } from "../../workflows/nudge-contract";

/**
 * Activity of a scheduled nudge run (workflows/nudge-schedule.ts): the run's NUDGE Job, created
 * once per run; null when the schedule was cancelled or its cycle is gone. The job itself runs
 * through the bulk job activities (worker/activities/jobs.ts) with the nudge handler.
 */
export async function startScheduledNudge(input: StartScheduledNudgeInput): Promise<StartScheduledNudgeResult> {
  return createScheduledNudgeJob(input);
}
