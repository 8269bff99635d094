/**
 * Replay of a recorded scheduled nudge run (workflows/nudge-schedule.ts): its activity creates the run's
 * NUDGE job, then it runs the bulk job workflow as a child started by the contract's name. A change to the
 * workflow that would break the runs already in progress fails here.
 * RECORD_HISTORIES=1 rewrites tests/fixtures/histories/nudge-schedule-workflow.json from a fresh run.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { historyFromJSON, historyToJSON } from "@temporalio/common/lib/proto-utils.js";
import { Worker } from "@temporalio/worker";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { createAppWorker, WORKFLOWS_PATH } from "../../worker/worker";
import { SCHEDULED_NUDGE_WORKFLOW, type ScheduledNudgeWorkflow } from "../../workflows/nudge-contract";
import { createTestUser } from "../support/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const HISTORY_FILE = path.join(root, "tests/fixtures/histories/nudge-schedule-workflow.json");

describe("scheduled nudge workflow", () => {
  it("replays the recorded history", async () => {
    if (process.env.RECORD_HISTORIES === "1") {
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
      const history = await handle.fetchHistory();
      fs.mkdirSync(path.dirname(HISTORY_FILE), { recursive: true });
      fs.writeFileSync(HISTORY_FILE, JSON.stringify(JSON.parse(historyToJSON(history)), null, 2) + "\n");
    }
    expect(fs.existsSync(HISTORY_FILE), `${HISTORY_FILE} is missing: run with RECORD_HISTORIES=1`).toBe(true);
    const history = historyFromJSON(JSON.parse(fs.readFileSync(HISTORY_FILE, "utf8")));
    const activities = history.events!.filter((e) => e.activityTaskScheduledEventAttributes).map((e) => e.activityTaskScheduledEventAttributes!.activityType!.name);
    expect(activities).toEqual(["startScheduledNudge"]);
    const children = history.events!.filter((e) => e.startChildWorkflowExecutionInitiatedEventAttributes);
    expect(children.map((e) => e.startChildWorkflowExecutionInitiatedEventAttributes!.workflowType!.name)).toEqual(["bulkJobWorkflow"]);
    await Worker.runReplayHistory({ workflowsPath: WORKFLOWS_PATH }, history, "nudge-schedule-replay");
  });
});
