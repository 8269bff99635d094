/**
 * Replay of a recorded calibration session run (workflows/calibration-session.ts, ADR 0026): activate, a
 * deadline update, the reminder 24 h before that deadline, progress_to_review and the admin's close, after
 * which the workflow completes. A change to the workflow that would break the sessions already in progress
 * fails here.
 * RECORD_HISTORIES=1 rewrites tests/fixtures/histories/calibration-session-workflow.json from a fresh run on the
 * test dev server, with activities that only record their calls (the history keeps only their results).
 */
import { randomInt, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { NativeConnection, Worker } from "@temporalio/worker";
import type { Actor } from "~/platform/actor";
import { getTemporalClient } from "~/platform/temporal.server";
import { workflowSource } from "../../worker/worker";
import {
  CALIBRATION_SESSION_WORKFLOW,
  calibrationSessionWorkflowId,
  sessionDeadlineUpdate,
  sessionTransitionUpdate,
  type CalibrationActivities,
  type CalibrationSessionWorkflow,
  type RemindSessionInput,
} from "../../workflows/calibration-session-contract";
import { CycleIdKey, SessionStateKey } from "../../workflows/search-attributes-contract";
import { loadHistory, recordingHistories, replayHistory, saveHistory, scheduledActivities } from "../support/histories";
import { until } from "../support/wait";

const FIXTURE = "calibration-session-workflow";

async function record(): Promise<void> {
  const tag = randomUUID().slice(0, 8);
  const sessionId = randomInt(900_000, 999_999);
  const cycleId = 42;
  const actor: Actor = { userId: 1, realUserId: 1, source: "api" };
  const reminders: RemindSessionInput[] = [];
  const activities: CalibrationActivities = {
    applySessionTransition: async (input) => ({ sessionId: input.sessionId, state: input.to, alreadyApplied: false }),
    setSessionDeadline: async (input) => ({ sessionId: input.sessionId }),
    remindCalibrationSession: async (input) => {
      reminders.push(input);
      return { notified: 1, emailed: 0 };
    },
  };
  const taskQueue = `calibration-history-${tag}`;
  const connection = await NativeConnection.connect({ address: process.env.TEMPORAL_ADDRESS! });
  const worker = await Worker.create({ connection, taskQueue, ...workflowSource(), activities });
  const running = worker.run();
  try {
    const client = await getTemporalClient();
    const handle = await client.workflow.start<CalibrationSessionWorkflow>(CALIBRATION_SESSION_WORKFLOW, {
      taskQueue,
      workflowId: calibrationSessionWorkflowId(sessionId),
      args: [{ sessionId, cycleId, state: "draft", deadline: null }],
      typedSearchAttributes: [
        { key: CycleIdKey, value: String(cycleId) },
        { key: SessionStateKey, value: "draft" },
      ],
    });
    const move = (transition: "activate" | "progress_to_review" | "close") => handle.executeUpdate(sessionTransitionUpdate, { args: [{ transition, actor }] });

    expect(await move("activate")).toEqual({ sessionId, from: "draft", state: "active" });
    // A deadline 24 h and 2 s ahead: its lead reminder is due in 2 s.
    const deadline = new Date(Date.now() + 24 * 3600_000 + 2000).toISOString();
    expect(await handle.executeUpdate(sessionDeadlineUpdate, { args: [{ deadline, actor }] })).toEqual({ sessionId, deadline });
    await until("the lead reminder", async () => reminders.length > 0, 30_000);
    expect(reminders).toEqual([{ sessionId, state: "active", kind: "due_soon", round: 2 }]);
    expect(await move("progress_to_review")).toEqual({ sessionId, from: "active", state: "in_review" });
    expect(await move("close")).toEqual({ sessionId, from: "in_review", state: "closed" });
    expect(await handle.result()).toEqual({ sessionId, state: "closed" });
    expect(reminders).toHaveLength(1);
    saveHistory(FIXTURE, await handle.fetchHistory());
  } finally {
    worker.shutdown();
    await running;
    await connection.close();
  }
}

describe("calibration session workflow", () => {
  it("replays the recorded history", async () => {
    if (recordingHistories()) await record();
    const history = loadHistory(FIXTURE);
    expect(scheduledActivities(history)).toEqual([
      "applySessionTransition",
      "setSessionDeadline",
      "remindCalibrationSession",
      "applySessionTransition",
      "applySessionTransition",
    ]);
    const updates = history.events!.filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes);
    expect(updates.map((e) => e.workflowExecutionUpdateAcceptedEventAttributes!.acceptedRequest!.input!.name)).toEqual([
      "transition",
      "deadline",
      "transition",
      "transition",
    ]);
    expect(history.events!.at(-1)!.workflowExecutionCompletedEventAttributes).toBeTruthy();
    await replayHistory(history, "calibration-session-replay");
  });
});
