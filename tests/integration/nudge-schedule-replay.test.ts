/**
 * Replay of a recorded scheduled nudge run (workflows/nudge-schedule.ts): its activity creates the run's
 * NUDGE job, then it runs the bulk job workflow as a child started by the contract's name. A change to the
 * workflow that would break the runs already in progress fails here.
 * RECORD_HISTORIES=1 rewrites tests/fixtures/histories/nudge-schedule-workflow.json from a fresh run.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { createAppWorker } from "../../worker/worker";
import { SCHEDULED_NUDGE_WORKFLOW, type ScheduledNudgeWorkflow } from "../../workflows/nudge-contract";
import { createTestUser } from "../support/api";
import { loadHistory, recordingHistories, replayHistory, saveHistory, scheduledActivities } from "../support/histories";


describe("scheduled nudge workflow", () => {
  it("replays the recorded history", async () => {
    if (recordingHistories()) {
      const db = await getDb();
      const tag = randomUUID().slice(0, 8);
      const admin = await createTestUser({ role: "SUPER_ADMIN", name: `Replay Admin ${tag}` });
      const cycle = await db.cycle.create({ data: { name: `Replay nudge ${tag}`, state: "START", workflowId: `test-cycle-${randomUUID()}` } });
      const schedule = await db.nudgeSchedule.create({
        data: { cycleId: cycle.id, scheduleId: `nudge-cycle-${cycle.id}-replay-${tag}`, kind: "ONCE", runAt: new Date(Date.now() + 3600_000), createdById: admin.id },
      });
      const taskQueue = `nudge-history-${tag}`;
      const worker = await createAppWorker({ address: process.env.TEMPORAL_ADDRESS!, taskQueue });
      const running = worker.run();
      const client = await getTemporalClient();
      const handle = await client.workflow.start<ScheduledNudgeWorkflow>(SCHEDULED_NUDGE_WORKFLOW, {
        taskQueue,
        workflowId: `${schedule.scheduleId}-run-${tag}`,
        args: [{ nudgeScheduleId: schedule.id, cycleId: cycle.id, actor: { userId: admin.id, realUserId: admin.id, source: "api" } }],
      });
      const result = await handle.result();
      worker.shutdown();
      await running;
      expect(result.status).toBe("SUCCEEDED");
      expect(await db.job.count({ where: { nudgeScheduleId: schedule.id } })).toBe(1);
      saveHistory("nudge-schedule-workflow", await handle.fetchHistory());
    }
    const history = loadHistory("nudge-schedule-workflow");
    expect(scheduledActivities(history)).toEqual(["startScheduledNudge"]);
    const children = history.events!.filter((e) => e.startChildWorkflowExecutionInitiatedEventAttributes);
    expect(children.map((e) => e.startChildWorkflowExecutionInitiatedEventAttributes!.workflowType!.name)).toEqual(["bulkJobWorkflow"]);
    await replayHistory(history, "nudge-schedule-replay");
  });
});
