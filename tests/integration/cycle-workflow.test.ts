/**
 * The cycle workflow on its own (workflows/cycle.ts): update validation, ordering, failures,
 * delete, continue-as-new and replay of a recorded history. The activities here only record their
 * calls (the database path is covered by cycles-api.test.ts), so every assertion is about the
 * workflow's own behaviour.
 *
 * RECORD_HISTORIES=1 rewrites tests/fixtures/histories/cycle-workflow.json from a fresh run.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestWorkflowEnvironment } from "@temporalio/testing";
import { Worker } from "@temporalio/worker";
import { ActivityFailure, ApplicationFailure, WorkflowUpdateFailedError, type WorkflowHandle } from "@temporalio/client";
import { CYCLE_STAGES, CYCLE_TRANSITIONS, TRANSITION_TABLE, type CycleStage, type CycleTransition } from "~/features/cycles/rules";
import type { Actor } from "~/platform/audit.server";
import { cycleWorkflow } from "../../workflows/cycle";
import { CYCLE_FAILURE, deleteUpdate, stageQuery, transitionUpdate } from "../../workflows/cycle-contract";
import { CUSTOM_SEARCH_ATTRIBUTE_KEYS, CycleIdKey, CycleStageKey } from "../../workflows/search-attributes-contract";
import { workflowSource } from "../../worker/worker";
import { temporalCliPath } from "../../scripts/lib/temporal-dev";
import { freePorts } from "../support/temporal";
import { loadHistory, recordingHistories, replayHistory, saveHistory } from "../support/histories";

const TASK_QUEUE = "cycle-workflow-test";
const actor: Actor = { userId: 1, realUserId: 1, source: "api" };

type Call = { name: string; input: any };
const calls: Call[] = [];
let failTransitions = false;
const activities = {
  async applyCycleTransition(input: any) {
    calls.push({ name: "applyCycleTransition", input });
    if (failTransitions) throw ApplicationFailure.nonRetryable("database unavailable", "TestFailure");
    return { cycleId: input.cycleId, stage: input.to, alreadyApplied: false };
  },
  async deleteDraftCycle(input: any) {
    calls.push({ name: "deleteDraftCycle", input });
    return { cycleId: input.cycleId, alreadyDeleted: false };
  },
};

let env: TestWorkflowEnvironment;
let worker: Worker;
let running: Promise<void>;
let nextId = 1000;

async function startCycle(stage: CycleStage = "draft"): Promise<{ id: number; handle: WorkflowHandle<typeof cycleWorkflow> }> {
  const id = nextId++;
  const handle = await env.client.workflow.start(cycleWorkflow, {
    workflowId: `cycle-${id}`,
    taskQueue: TASK_QUEUE,
    args: [{ cycleId: id, stage }],
    typedSearchAttributes: [
      { key: CycleIdKey, value: String(id) },
      { key: CycleStageKey, value: stage },
    ],
  });
  return { id, handle };
}

const move = (handle: WorkflowHandle, transition: CycleTransition) => handle.executeUpdate(transitionUpdate, { args: [{ transition, actor }] });

async function failureOf(p: Promise<unknown>): Promise<WorkflowUpdateFailedError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorkflowUpdateFailedError);
  return err as WorkflowUpdateFailedError;
}

beforeAll(async () => {
  const [port, httpPort, metricsPort] = await freePorts(3);
  env = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: "existing-path", path: temporalCliPath() },
      ip: "127.0.0.1",
      port,
      searchAttributes: [...CUSTOM_SEARCH_ATTRIBUTE_KEYS],
      extraArgs: [
        "--http-port",
        String(httpPort),
        "--metrics-port",
        String(metricsPort),
        // Suggest continue-as-new early, so the test can reach it (a full pass through the stages stays below).
        "--dynamic-config-value",
        "limit.historyCount.suggestContinueAsNew=150",
      ],
    },
  });
  worker = await Worker.create({ connection: env.nativeConnection, taskQueue: TASK_QUEUE, ...workflowSource(), activities });
  running = worker.run();
});

afterAll(async () => {
  if (worker?.getState() === "RUNNING") worker.shutdown();
  await running?.catch(() => {});
  await env?.teardown();
});

describe("cycle workflow", () => {
  it("moves through every stage in order, writing through the activity before changing stage and CycleStage", async () => {
    const { id, handle } = await startCycle();
    expect(await handle.query(stageQuery)).toBe("draft");
    for (const transition of CYCLE_TRANSITIONS) {
      const { from, to } = TRANSITION_TABLE[transition];
      calls.length = 0;
      const result = await move(handle, transition);
      expect(result).toEqual({ cycleId: id, from, stage: to });
      expect(calls).toEqual([{ name: "applyCycleTransition", input: { cycleId: id, transition, from, to, actor } }]);
      expect(await handle.query(stageQuery)).toBe(to);
      const desc = await handle.describe();
      expect(desc.typedSearchAttributes.get(CycleStageKey)).toBe(to);
      expect(desc.typedSearchAttributes.get(CycleIdKey)).toBe(String(id));
    }
    // HR can find it in the Temporal UI / visibility by its attributes.
    const found: string[] = [];
    for await (const wf of env.client.workflow.list({ query: `CycleId = '${id}' AND CycleStage = 'communication'` })) found.push(wf.workflowId);
    expect(found).toEqual([`cycle-${id}`]);
    expect((await handle.describe()).status.name).toBe("RUNNING");

    if (recordingHistories()) saveHistory("cycle-workflow", await handle.fetchHistory());
  });

  it("rejects every out-of-order transition in the validator: no activity, nothing in history", async () => {
    for (const stage of CYCLE_STAGES) {
      const { id, handle } = await startCycle(stage);
      expect(await handle.query(stageQuery)).toBe(stage);
      const before = (await handle.fetchHistory()).events!.length;
      calls.length = 0;
      for (const transition of CYCLE_TRANSITIONS) {
        if (TRANSITION_TABLE[transition].from === stage) continue;
        const err = await failureOf(move(handle, transition));
        expect(err.cause).toBeInstanceOf(ApplicationFailure);
        const cause = err.cause as ApplicationFailure;
        expect(cause.type).toBe(CYCLE_FAILURE.invalidTransition);
        expect(cause.message).toContain(`Cycle ${id} is in stage`);
        expect(cause.message).toContain(`${transition} needs`);
      }
      expect(calls).toEqual([]);
      expect(await handle.query(stageQuery)).toBe(stage);
      const history = await handle.fetchHistory();
      expect(history.events!.length).toBe(before);
      expect(history.events!.some((e) => e.workflowExecutionUpdateAcceptedEventAttributes)).toBe(false);
      await handle.terminate("test done");
    }
  });

  it("runs concurrent updates one at a time: a duplicate move is rejected and the activity runs once", async () => {
    const { handle } = await startCycle("start");
    calls.length = 0;
    const results = await Promise.allSettled([move(handle, "progress_to_spu_feedback"), move(handle, "progress_to_spu_feedback")]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((rejected.reason as WorkflowUpdateFailedError).cause).toMatchObject({ type: CYCLE_FAILURE.invalidTransition });
    expect(calls.filter((c) => c.name === "applyCycleTransition")).toHaveLength(1);
    expect(await handle.query(stageQuery)).toBe("spu_feedback");
    await handle.terminate("test done");
  });

  it("keeps the stage when the database write fails, and can move once it works", async () => {
    const { handle } = await startCycle("spu_feedback");
    failTransitions = true;
    try {
      const err = await failureOf(move(handle, "progress_to_manager_feedback"));
      expect(err.cause).toBeInstanceOf(ActivityFailure);
    } finally {
      failTransitions = false;
    }
    expect(await handle.query(stageQuery)).toBe("spu_feedback");
    expect((await handle.describe()).typedSearchAttributes.get(CycleStageKey)).toBe("spu_feedback");
    expect(await move(handle, "progress_to_manager_feedback")).toMatchObject({ stage: "manager_feedback" });
    await handle.terminate("test done");
  });

  it("deletes only in draft; a deleted cycle's workflow completes", async () => {
    const started = await startCycle("start");
    calls.length = 0;
    const err = await failureOf(started.handle.executeUpdate(deleteUpdate, { args: [{ actor }] }));
    expect(err.cause).toMatchObject({ type: CYCLE_FAILURE.notDraft });
    expect(calls).toEqual([]);
    await started.handle.terminate("test done");

    const { id, handle } = await startCycle("draft");
    expect(await handle.executeUpdate(deleteUpdate, { args: [{ actor }] })).toEqual({ cycleId: id, deleted: true });
    expect(calls).toEqual([{ name: "deleteDraftCycle", input: { cycleId: id, actor } }]);
    expect(await handle.result()).toEqual({ cycleId: id, stage: "draft", deleted: true });
    await expect(move(handle, "start")).rejects.toThrow();
  });

  it("continues as new when Temporal suggests it, keeping its stage and search attributes", async () => {
    const { id, handle } = await startCycle("manager_feedback");
    const firstRunId = (await handle.describe()).runId;
    failTransitions = true; // each failed attempt still adds events to the history
    try {
      for (let i = 0; i < 40; i++) {
        await move(handle, "progress_to_calibration").catch(() => {});
        if ((await handle.describe()).runId !== firstRunId) break;
      }
    } finally {
      failTransitions = false;
    }
    const desc = await handle.describe();
    expect(desc.runId).not.toBe(firstRunId);
    expect(desc.status.name).toBe("RUNNING");
    expect(desc.typedSearchAttributes.get(CycleIdKey)).toBe(String(id));
    expect(desc.typedSearchAttributes.get(CycleStageKey)).toBe("manager_feedback");
    expect(await handle.query(stageQuery)).toBe("manager_feedback");
    expect(await move(handle, "progress_to_calibration")).toMatchObject({ stage: "calibration" });
    expect((await handle.describe()).typedSearchAttributes.get(CycleStageKey)).toBe("calibration");
    await handle.terminate("test done");
  });

  it("replays the recorded history (a non-deterministic change to the workflow fails here)", async () => {
    const history = loadHistory("cycle-workflow");
    const types = history.events!.map((e) => e.eventType);
    expect(types.length).toBeGreaterThan(20);
    await replayHistory(history, "cycle-replay");
  });
});
