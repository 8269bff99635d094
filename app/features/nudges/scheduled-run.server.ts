import { getDb } from "~/platform/db.server";
import { Prisma, type Job } from "~/generated/prisma/client.ts";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { isNotFound, nudgeScheduleTemporalId } from "~/features/nudges/schedules.server";
import { NUDGE_JOB_TYPE_KEY, type StartScheduledNudgeInput, type StartScheduledNudgeResult } from "../../../workflows/nudge-contract";

/**
 * A scheduled nudge run (ADR 0019; activity startScheduledNudge, worker/activities/nudges.ts): the
 * NUDGE job of one run of a nudge schedule (app/features/nudges/schedules.server.ts), which then
 * runs through the bulk job activities with the nudge handler (app/features/jobs/types/nudge.server.ts).
 */

async function removeOrphanSchedule(scheduleId: string): Promise<void> {
  try {
    const client = await getTemporalClient();
    await client.schedule.getHandle(scheduleId).delete();
  } catch (err) {
    if (!isNotFound(err)) console.warn(`Nudge schedule ${scheduleId}: could not delete the orphan schedule`, err);
  }
}

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002";
}

/**
 * The Job of one scheduled run, created once per run (keyed by the run's workflow id) with its
 * job.create audit record; null when the schedule was cancelled or deleted, or its cycle is gone.
 */
export async function createScheduledNudgeJob(input: StartScheduledNudgeInput): Promise<StartScheduledNudgeResult> {
  const db = await getDb();
  const actor: Actor = { ...input.actor, source: "workflow" };
  const existing = await db.job.findUnique({ where: { triggerKey: input.runWorkflowId }, select: { id: true } });
  if (existing) return { jobId: existing.id, reason: null };
  const schedule = await db.nudgeSchedule.findUnique({ where: { id: input.nudgeScheduleId } });
  if (!schedule || schedule.cycleId !== input.cycleId) {
    // Its cycle was deleted (the row went with it): the Temporal Schedule is an orphan, remove it.
    // (A missing row of an existing cycle may be one being created right now: leave that alone.)
    const cycle = await db.cycle.findUnique({ where: { id: input.cycleId }, select: { id: true } });
    if (!cycle) await removeOrphanSchedule(nudgeScheduleTemporalId(input.cycleId, input.nudgeScheduleId));
    return { jobId: null, reason: cycle ? "The schedule no longer exists" : "The cycle no longer exists" };
  }
  if (schedule.cancelledAt) {
    await removeOrphanSchedule(schedule.scheduleId); // normally already gone (cancel deletes it first)
    return { jobId: null, reason: "The schedule was cancelled" };
  }
  try {
    const job = await db.$transaction(async (tx) => {
      const [{ id }] = await tx.$queryRaw<Array<{ id: bigint | number }>>`SELECT nextval(pg_get_serial_sequence('"Job"', 'id')) AS id`;
      const jobId = Number(id);
      const created: Job = await tx.job.create({
        data: {
          id: jobId,
          cycleId: schedule.cycleId,
          type: "NUDGE",
          workflowId: `job-${jobId}`,
          createdById: schedule.createdById,
          nudgeScheduleId: schedule.id,
          triggerKey: input.runWorkflowId,
        },
      });
      await recordAudit(tx, actor, {
        action: "job.create",
        entityType: "Job",
        entityId: jobId,
        after: { job_id: jobId, cycle_id: schedule.cycleId, type: NUDGE_JOB_TYPE_KEY, nudge_schedule_id: schedule.id, run: input.runWorkflowId },
      });
      return created;
    });
    return { jobId: job.id, reason: null };
  } catch (err) {
    if (isUniqueViolation(err)) {
      const again = await db.job.findUnique({ where: { triggerKey: input.runWorkflowId }, select: { id: true } });
      if (again) return { jobId: again.id, reason: null };
    }
    // The cycle was deleted meanwhile (foreign key): nothing to run.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2003") return { jobId: null, reason: "The cycle no longer exists" };
    throw err;
  }
}
