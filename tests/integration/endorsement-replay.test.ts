/**
 * Replay of a recorded endorsement request run (workflows/endorsement.ts, ADR 0028): the endorser is told of the
 * request, reminded 24 h before its deadline, accepts, endorses, and the workflow completes. A change to the
 * workflow that would break the requests already open fails here.
 * RECORD_HISTORIES=1 rewrites tests/fixtures/histories/endorsement-workflow.json from a fresh run on the test dev
 * server, with activities that only record their calls (the history keeps only their results).
 */
import { randomInt, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { NativeConnection, Worker } from "@temporalio/worker";
import type { Actor } from "~/platform/actor";
import { getTemporalClient } from "~/platform/temporal.server";
import { workflowSource } from "../../worker/worker";
import {
  ENDORSEMENT_WORKFLOW,
  endorsementUpdate,
  endorsementWorkflowId,
  type EndorsementActivities,
  type EndorsementWorkflow,
  type NotifyEndorsementInput,
} from "../../workflows/endorsement-contract";
import { CycleIdKey, EndorsementStatusKey } from "../../workflows/search-attributes-contract";
import { loadHistory, recordingHistories, replayHistory, saveHistory, scheduledActivities } from "../support/histories";
import { until } from "../support/wait";

const FIXTURE = "endorsement-workflow";

async function record(): Promise<void> {
  const tag = randomUUID().slice(0, 8);
  const endorsementId = randomInt(900_000, 999_999);
  const cycleId = 42;
  const actor: Actor = { userId: 7, realUserId: 7, source: "api" };
  const notices: NotifyEndorsementInput[] = [];
  const activities: EndorsementActivities = {
    applyEndorsementEvent: async (input) => ({ endorsementId: input.endorsementId, status: input.to, alreadyApplied: false }),
    notifyEndorsement: async (input) => {
      notices.push(input);
      return { notified: 1, emailed: 0 };
    },
  };
  const taskQueue = `endorsement-history-${tag}`;
  const connection = await NativeConnection.connect({ address: process.env.TEMPORAL_ADDRESS! });
  const worker = await Worker.create({ connection, taskQueue, ...workflowSource(), activities });
  const running = worker.run();
  try {
    const client = await getTemporalClient();
    // A deadline 24 h and 2 s ahead: its reminder is due in 2 s.
    const deadline = new Date(Date.now() + 24 * 3600_000 + 2000).toISOString();
    const handle = await client.workflow.start<EndorsementWorkflow>(ENDORSEMENT_WORKFLOW, {
      taskQueue,
      workflowId: endorsementWorkflowId(endorsementId),
      args: [{ endorsementId, cycleId, status: "requested", deadline }],
      typedSearchAttributes: [
        { key: CycleIdKey, value: String(cycleId) },
        { key: EndorsementStatusKey, value: "requested" },
      ],
    });
    await until("the reminder", async () => notices.length === 2, 30_000);
    expect(notices).toEqual([
      { endorsementId, kind: "requested" },
      { endorsementId, kind: "due_soon" },
    ]);
    expect(await handle.executeUpdate(endorsementUpdate, { args: [{ event: "accept", actor }] })).toEqual({ endorsementId, from: "requested", status: "accepted" });
    expect(await handle.executeUpdate(endorsementUpdate, { args: [{ event: "endorse", actor, body: "A clear yes", outcome: "endorsed" }] })).toEqual({
      endorsementId,
      from: "accepted",
      status: "endorsed",
    });
    expect(await handle.result()).toEqual({ endorsementId, status: "endorsed" });
    expect(notices).toHaveLength(2);
    saveHistory(FIXTURE, await handle.fetchHistory());
  } finally {
    worker.shutdown();
    await running;
    await connection.close();
  }
}

describe("endorsement workflow", () => {
  it("replays the recorded history", async () => {
    if (recordingHistories()) await record();
    const history = loadHistory(FIXTURE);
    expect(scheduledActivities(history)).toEqual(["notifyEndorsement", "notifyEndorsement", "applyEndorsementEvent", "applyEndorsementEvent"]);
    const updates = history.events!.filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes);
    expect(updates.map((e) => e.workflowExecutionUpdateAcceptedEventAttributes!.acceptedRequest!.input!.name)).toEqual(["respond", "respond"]);
    expect(history.events!.filter((e) => e.timerFiredEventAttributes)).toHaveLength(1); // the reminder's timer
    expect(history.events!.at(-1)!.workflowExecutionCompletedEventAttributes).toBeTruthy();
    await replayHistory(history, "endorsement-replay");
  });
});
