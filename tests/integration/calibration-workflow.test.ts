/**
 * The calibration session workflow on its own (workflows/calibration-session.ts, ADR 0026): the
 * `transition` update through every state, the validator refusing moves out of order, completion on
 * close, the `deadline` update, and the reminders 24 h before the deadline and at it. The activities
 * here only record their calls (the database path is covered by the calibration API tests), so every
 * assertion is about the workflow's own behaviour. The worker bundles workflows/index.ts, like the app's.
 *
 * Reminders are days apart: those tests need Temporal's time-skipping test server (TEMPORAL_TEST_SERVER,
 * default .tools/bin/temporal-test-server). Without it the file runs on the dev server (.tools/bin/temporal,
 * like cycle-workflow.test.ts) and only the reminder test that fits in real time runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Context } from "@temporalio/activity";
import { ApplicationFailure, WorkflowUpdateFailedError, type WorkflowHandle } from "@temporalio/client";
import { TestWorkflowEnvironment } from "@temporalio/testing";
import { Worker } from "@temporalio/worker";
import { SESSION_TRANSITIONS, validateSessionTransition, type SessionState, type SessionTransition } from "~/features/calibration/rules";
import type { Actor } from "~/platform/actor";
import { calibrationSessionWorkflow } from "../../workflows/calibration-session";
import {
  CALIBRATION_FAILURE,
  calibrationSessionWorkflowId,
  sessionDeadlineUpdate,
  sessionStateQuery,
  sessionTransitionUpdate,
  type CalibrationActivities,
  type RemindSessionInput,
} from "../../workflows/calibration-session-contract";
import { CycleIdKey, SessionStateKey } from "../../workflows/search-attributes-contract";
import { workflowSource } from "../../worker/worker";
import { createWorkflowTestEnv, timeSkipping } from "../support/time-skipping";
import { sleep, until } from "../support/wait";


const TASK_QUEUE = "calibration-workflow-test";
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const CYCLE_ID = 77;
const actor: Actor = { userId: 5, realUserId: 5, source: "api" };

type Call = { name: keyof CalibrationActivities; input: any; at: number };
const calls: Call[] = [];
/** Sessions whose reminders fail, and sessions whose transition takes this many ms to write. */
const failingReminders = new Set<number>();
const slowTransitions = new Map<number, number>();
function record(name: keyof CalibrationActivities, input: any): void {
  // When the workflow scheduled the activity, in the server's (possibly skipped) time.
  calls.push({ name, input, at: Context.current().info.scheduledTimestampMs });
}
const activities: CalibrationActivities = {
  async applySessionTransition(input) {
    record("applySessionTransition", input);
    await sleep(slowTransitions.get(input.sessionId) ?? 0);
    return { sessionId: input.sessionId, state: input.to, alreadyApplied: false };
  },
  async setSessionDeadline(input) {
    record("setSessionDeadline", input);
    return { sessionId: input.sessionId };
  },
  async remindCalibrationSession(input) {
    record("remindCalibrationSession", input);
    if (failingReminders.has(input.sessionId)) throw ApplicationFailure.nonRetryable("mail server down", "TestFailure");
    return { notified: 1, emailed: 0 };
  },
};
const callsOf = (id: number) => calls.filter((c) => c.input.sessionId === id);
const remindersOf = (id: number) => callsOf(id).filter((c) => c.name === "remindCalibrationSession");
const reminders = (id: number) => remindersOf(id).map((c): RemindSessionInput => c.input);

let env: TestWorkflowEnvironment;
let worker: Worker;
let running: Promise<void>;
let nextId = 5000;

type Handle = WorkflowHandle<typeof calibrationSessionWorkflow>;

async function startSession(state: SessionState = "draft", deadline: number | null = null): Promise<{ id: number; handle: Handle }> {
  const id = nextId++;
  const handle = await env.client.workflow.start(calibrationSessionWorkflow, {
    workflowId: calibrationSessionWorkflowId(id),
    taskQueue: TASK_QUEUE,
    args: [{ sessionId: id, cycleId: CYCLE_ID, state, deadline: deadline === null ? null : new Date(deadline).toISOString() }],
    typedSearchAttributes: [
      { key: CycleIdKey, value: String(CYCLE_ID) },
      { key: SessionStateKey, value: state },
    ],
  });
  await handle.query(sessionStateQuery); // the first workflow task has run (its reminder timer is set)
  return { id, handle };
}

const move = (handle: Handle, transition: SessionTransition) => handle.executeUpdate(sessionTransitionUpdate, { args: [{ transition, actor }] });
const setDeadline = (handle: Handle, at: number | null) =>
  handle.executeUpdate(sessionDeadlineUpdate, { args: [{ deadline: at === null ? null : new Date(at).toISOString(), actor }] });

async function failureOf(p: Promise<unknown>): Promise<WorkflowUpdateFailedError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorkflowUpdateFailedError);
  return err as WorkflowUpdateFailedError;
}

/**
 * The server's time. The time-skipping server's clock runs ahead of the machine's (awaiting a result lets it
 * skip, by years when nothing else is due), so every deadline is counted from here.
 */
const now = () => env.currentTimeMs();

/** Skip server time (time-skipping server), then let the worker run what became due. */
async function skip(ms: number): Promise<void> {
  await env.sleep(ms);
  await sleep(300);
}

/** Waits for the session's `count`-th reminder and checks no other one came along. */
async function reminderCount(id: number, count: number): Promise<RemindSessionInput[]> {
  await until(`${count} reminder(s) of session ${id}`, async () => remindersOf(id).length >= count, 30_000);
  await sleep(300);
  expect(remindersOf(id)).toHaveLength(count);
  return reminders(id);
}

const expectAt = (call: Call | undefined, at: number) => expect(Math.abs(call!.at - at), `reminder at ${new Date(call!.at).toISOString()}`).toBeLessThan(5 * 60_000);

beforeAll(async () => {
  env = await createWorkflowTestEnv();
  worker = await Worker.create({ connection: env.nativeConnection, taskQueue: TASK_QUEUE, ...workflowSource(), activities });
  running = worker.run();
});

afterAll(async () => {
  if (worker?.getState() === "RUNNING") worker.shutdown();
  await running?.catch(() => {});
  await env?.teardown();
});

describe("calibration session workflow: transitions", () => {
  it("goes draft → active → in review → revision requested → in review → closed, writing through the activity first", async () => {
    const { id, handle } = await startSession("draft");
    expect(await handle.query(sessionStateQuery)).toBe("draft");
    const path: Array<[SessionTransition, SessionState, SessionState]> = [
      ["activate", "draft", "active"],
      ["progress_to_review", "active", "in_review"],
      ["progress_to_revision_requested", "in_review", "revision_requested"],
      ["progress_to_review", "revision_requested", "in_review"],
      ["progress_to_close", "in_review", "closed"],
    ];
    for (const [transition, from, to] of path) {
      calls.length = 0;
      const result = await handle.executeUpdate(sessionTransitionUpdate, { args: [{ transition, actor, comment: `${transition} please` }] });
      expect(result).toEqual({ sessionId: id, from, state: to });
      expect(calls.map(({ name, input }) => ({ name, input }))).toEqual([
        { name: "applySessionTransition", input: { sessionId: id, transition, from, to, actor, comment: `${transition} please` } },
      ]);
      if (to === "closed") break; // the workflow completes: no more queries
      expect(await handle.query(sessionStateQuery)).toBe(to);
      const desc = await handle.describe();
      expect(desc.typedSearchAttributes.get(SessionStateKey)).toBe(to);
      expect(desc.typedSearchAttributes.get(CycleIdKey)).toBe(String(CYCLE_ID));
    }
    expect(await handle.result()).toEqual({ sessionId: id, state: "closed" });
    expect((await handle.describe()).status.name).toBe("COMPLETED");
    await expect(move(handle, "activate")).rejects.toThrow();
  });

  it("the admin's close ends a session from any open state", async () => {
    for (const state of ["draft", "active", "revision_requested"] as const) {
      const { id, handle } = await startSession(state, (await now()) + 3 * DAY);
      expect(await move(handle, "close")).toEqual({ sessionId: id, from: state, state: "closed" });
      expect(await handle.result()).toEqual({ sessionId: id, state: "closed" });
      expect(callsOf(id).map((c) => c.input.to)).toEqual(["closed"]);
    }
  });

  it("rejects every out-of-order move in the validator: InvalidSessionTransition, no activity, no update accepted", async () => {
    for (const state of ["draft", "active", "in_review", "revision_requested"] as const) {
      const { id, handle } = await startSession(state);
      const before = (await handle.fetchHistory()).events!.length;
      for (const transition of SESSION_TRANSITIONS) {
        if (validateSessionTransition(state, transition, id).ok) continue;
        const err = await failureOf(move(handle, transition));
        expect(err.cause).toBeInstanceOf(ApplicationFailure);
        const cause = err.cause as ApplicationFailure;
        expect(cause.type).toBe(CALIBRATION_FAILURE.invalidTransition);
        expect(cause.nonRetryable).toBe(true);
        expect(cause.message).toContain(`Calibration session ${id} is`);
        expect(cause.message).toContain(`'${transition}' is allowed only from`);
      }
      expect(callsOf(id)).toEqual([]);
      expect(await handle.query(sessionStateQuery)).toBe(state);
      const history = await handle.fetchHistory();
      // The dev server drops a rejected update's workflow task; the time-skipping server keeps its task events.
      if (!timeSkipping) expect(history.events!.length).toBe(before);
      expect(history.events!.some((e) => e.workflowExecutionUpdateAcceptedEventAttributes || e.activityTaskScheduledEventAttributes)).toBe(false);
      await handle.terminate("test done");
    }
  });

  it("runs a duplicate move once: the second is refused and the activity runs once", async () => {
    const { id, handle } = await startSession("active");
    const results = await Promise.allSettled([move(handle, "progress_to_review"), move(handle, "progress_to_review")]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((rejected.reason as WorkflowUpdateFailedError).cause).toMatchObject({ type: CALIBRATION_FAILURE.invalidTransition });
    expect(callsOf(id).filter((c) => c.name === "applySessionTransition")).toHaveLength(1);
    expect(await handle.query(sessionStateQuery)).toBe("in_review");
    await handle.terminate("test done");
  });

  it("stores a new deadline through its activity", async () => {
    const { id, handle } = await startSession("draft");
    const at = (await now()) + 30 * DAY;
    expect(await setDeadline(handle, at)).toEqual({ sessionId: id, deadline: new Date(at).toISOString() });
    expect(await setDeadline(handle, null)).toEqual({ sessionId: id, deadline: null });
    expect(callsOf(id).map(({ name, input }) => ({ name, input }))).toEqual([
      { name: "setSessionDeadline", input: { sessionId: id, deadline: new Date(at).toISOString(), actor } },
      { name: "setSessionDeadline", input: { sessionId: id, deadline: null, actor } },
    ]);
    expect(await handle.query(sessionStateQuery)).toBe("draft");
    await handle.terminate("test done");
  });
});

describe("calibration session workflow: reminders", () => {
  it("a deadline seconds ahead: only the reminder at the deadline, with the state at that moment (real time)", async () => {
    const { id, handle } = await startSession("active", (await now()) + 3000);
    expect(reminders(id)).toEqual([]);
    expect(await reminderCount(id, 1)).toEqual([{ sessionId: id, state: "active", kind: "overdue", round: 0 }]);
    // A later transition starts a new round: the deadline has passed, so the new state's actor hears at once.
    await move(handle, "progress_to_review");
    expect((await reminderCount(id, 2))[1]).toEqual({ sessionId: id, state: "in_review", kind: "overdue", round: 1 });
    await handle.terminate("test done");
  });

  it("a reminder that fails does not end the session's workflow (real time)", async () => {
    const { id, handle } = await startSession("active", (await now()) + 1000);
    failingReminders.add(id);
    expect(await reminderCount(id, 1)).toEqual([{ sessionId: id, state: "active", kind: "overdue", round: 0 }]);
    await sleep(500);
    expect((await handle.describe()).status.name).toBe("RUNNING");
    failingReminders.delete(id);
    expect(await move(handle, "progress_to_review")).toMatchObject({ state: "in_review" });
    expect((await reminderCount(id, 2))[1]).toEqual({ sessionId: id, state: "in_review", kind: "overdue", round: 1 });
    await handle.terminate("test done");
  });

  it("a reminder due while a transition is being written waits for it, without spinning timers (real time)", async () => {
    const { id, handle } = await startSession("active", (await now()) + 1000);
    slowTransitions.set(id, 3000);
    expect(await move(handle, "progress_to_review")).toMatchObject({ state: "in_review" }); // the deadline passes meanwhile
    expect(await reminderCount(id, 1)).toEqual([{ sessionId: id, state: "in_review", kind: "overdue", round: 1 }]);
    const timers = (await handle.fetchHistory()).events!.filter((e) => e.timerStartedEventAttributes);
    expect(timers.length).toBeLessThanOrEqual(3);
    await handle.terminate("test done");
  });

  it.runIf(timeSkipping)("deadline 3 days ahead: due_soon at deadline − 24 h, overdue at the deadline, each once", async () => {
    const t0 = await now();
    const deadline = t0 + 3 * DAY;
    const { id, handle } = await startSession("active", deadline);
    await skip(2 * DAY - HOUR);
    expect(reminders(id)).toEqual([]);
    await skip(2 * HOUR);
    expect(await reminderCount(id, 1)).toEqual([{ sessionId: id, state: "active", kind: "due_soon", round: 0 }]);
    expectAt(remindersOf(id)[0], deadline - DAY);
    await skip(DAY - 2 * HOUR);
    expect(reminders(id)).toHaveLength(1);
    await skip(2 * HOUR);
    expect((await reminderCount(id, 2))[1]).toEqual({ sessionId: id, state: "active", kind: "overdue", round: 0 });
    expectAt(remindersOf(id)[1], deadline);
    await skip(10 * DAY);
    expect(reminders(id)).toHaveLength(2); // never twice
    expect(await handle.query(sessionStateQuery)).toBe("active");
    await handle.terminate("test done");
  });

  it.runIf(timeSkipping)("no deadline, no reminder; a deadline update restarts the reminders in a new round", async () => {
    const t0 = await now();
    const { id, handle } = await startSession("draft", t0 + 3 * DAY);
    await skip(2 * DAY + HOUR);
    expect(await reminderCount(id, 1)).toEqual([{ sessionId: id, state: "draft", kind: "due_soon", round: 0 }]);

    const t1 = await now();
    const moved = t1 + 3 * DAY;
    await setDeadline(handle, moved);
    await skip(2 * DAY + HOUR); // passes the old deadline: no overdue for it
    expect((await reminderCount(id, 2))[1]).toEqual({ sessionId: id, state: "draft", kind: "due_soon", round: 1 });
    expectAt(remindersOf(id)[1], moved - DAY);
    await skip(DAY);
    expect((await reminderCount(id, 3))[2]).toEqual({ sessionId: id, state: "draft", kind: "overdue", round: 1 });
    expectAt(remindersOf(id)[2], moved);

    await setDeadline(handle, null);
    await skip(30 * DAY);
    expect(reminders(id)).toHaveLength(3);
    // A deadline only 2 h ahead: no lead reminder, only the one at the deadline.
    const t2 = await now();
    await setDeadline(handle, t2 + 2 * HOUR);
    await skip(3 * HOUR);
    expect((await reminderCount(id, 4))[3]).toEqual({ sessionId: id, state: "draft", kind: "overdue", round: 3 });
    expectAt(remindersOf(id)[3], t2 + 2 * HOUR);
    await handle.terminate("test done");
  });

  it.runIf(timeSkipping)("a transition restarts the reminders: the next state's reminder goes out with the new state", async () => {
    const t0 = await now();
    const deadline = t0 + 3 * DAY;
    const { id, handle } = await startSession("active", deadline);
    await skip(2 * DAY + HOUR);
    expect(await reminderCount(id, 1)).toEqual([{ sessionId: id, state: "active", kind: "due_soon", round: 0 }]);

    await move(handle, "progress_to_review");
    await skip(DAY);
    // Its lead time has passed: the sign-off party is reminded at the deadline.
    expect((await reminderCount(id, 2))[1]).toEqual({ sessionId: id, state: "in_review", kind: "overdue", round: 1 });
    expectAt(remindersOf(id)[1], deadline);

    await move(handle, "close");
    expect(await handle.result()).toEqual({ sessionId: id, state: "closed" });
    expect(reminders(id)).toHaveLength(2);
  });

  it.runIf(timeSkipping)("a transition before the lead time: the new state gets both reminders", async () => {
    const t0 = await now();
    const deadline = t0 + 3 * DAY;
    const { id, handle } = await startSession("draft", deadline);
    await skip(DAY);
    await move(handle, "activate");
    await skip(2 * DAY + HOUR);
    expect(await reminderCount(id, 2)).toEqual([
      { sessionId: id, state: "active", kind: "due_soon", round: 1 },
      { sessionId: id, state: "active", kind: "overdue", round: 1 },
    ]);
    expectAt(remindersOf(id)[0], deadline - DAY);
    expectAt(remindersOf(id)[1], deadline);
    await handle.terminate("test done");
  });
});
