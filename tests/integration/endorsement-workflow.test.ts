/**
 * The endorsement request workflow (workflows/endorsement.ts, ADR 0028) with its real activities against the test
 * database: the endorser is told once at the start, reminded 24 h before the deadline while the request is open,
 * and at the deadline the request expires (row, audit record, the session admin told once). Accept → endorse and
 * reject complete the workflow; the validator refuses an answer out of order (InvalidEndorsementAction) before
 * anything is written; nothing is sent twice, also by a workflow started again for the same request or continued
 * as new. The activities are wrapped only to note when the workflow scheduled them (and to hold one back).
 *
 * Deadlines are days ahead: those tests need Temporal's time-skipping test server (TEMPORAL_TEST_SERVER, default
 * .tools/bin/temporal-test-server, ADR 0027). Continue-as-new needs the dev server (its suggestion threshold is
 * set low there), started by the last group of tests.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Context } from "@temporalio/activity";
import { ApplicationFailure, WorkflowUpdateFailedError, type WorkflowHandle } from "@temporalio/client";
import { defaultPayloadConverter } from "@temporalio/common";
import { TestWorkflowEnvironment } from "@temporalio/testing";
import { Worker } from "@temporalio/worker";
import { getDb } from "~/platform/db.server";
import type { Actor } from "~/platform/actor";
import { ENDORSEMENT_ACTIONS, type EndorsementStatus } from "~/features/promotions/rules";
import { endorsementWorkflow } from "../../workflows/endorsement";
import {
  ENDORSEMENT_FAILURE,
  endorsementStatusQuery,
  endorsementUpdate,
  endorsementWorkflowId,
  type EndorsementActivities,
  type EndorsementRequest,
  type EndorsementWorkflowInput,
} from "../../workflows/endorsement-contract";
import { CUSTOM_SEARCH_ATTRIBUTE_KEYS, CycleIdKey, EndorsementStatusKey } from "../../workflows/search-attributes-contract";
import * as real from "../../worker/activities/endorsements";
import { workflowSource } from "../../worker/worker";
import { temporalCliPath } from "../../scripts/lib/temporal-dev";
import { createTestUser } from "../support/api";
import { createWorkflowTestEnv, timeSkipping } from "../support/time-skipping";
import { freePorts } from "../support/temporal";
import { sleep, until } from "../support/wait";


const TASK_QUEUE = "endorsement-workflow-test";
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type Call = { name: keyof EndorsementActivities; input: any; at: number };
const calls: Call[] = [];
/** `<endorsementId>:<kind>` → a notification held back until the promise resolves. */
const gates = new Map<string, Promise<void>>();
function record(name: keyof EndorsementActivities, input: any): void {
  // When the workflow scheduled the activity, in the server's (possibly skipped) time.
  calls.push({ name, input, at: Context.current().info.scheduledTimestampMs });
}
const activities: EndorsementActivities = {
  async applyEndorsementEvent(input) {
    record("applyEndorsementEvent", input);
    return real.applyEndorsementEvent(input);
  },
  async notifyEndorsement(input) {
    record("notifyEndorsement", input);
    await gates.get(`${input.endorsementId}:${input.kind}`);
    return real.notifyEndorsement(input);
  },
};
const callsOf = (id: number, name?: keyof EndorsementActivities) => calls.filter((c) => c.input.endorsementId === id && (!name || c.name === name));
const notifyCalls = (id: number) => callsOf(id, "notifyEndorsement").map((c) => c.input.kind as string);

// ---------------------------------------------------------------------------------------------
// An organisation: a cycle, a promotion session with its session admin, a nominee and an endorser per request

type Org = { cycleId: number; sessionId: number; sessionAdminId: number };
let org: Org;

async function createOrg(): Promise<Org> {
  const db = await getDb();
  const tag = randomUUID().slice(0, 8);
  const cycle = await db.cycle.create({ data: { name: `Endorsement wf ${tag}`, state: "CALIBRATION", workflowId: `test-cycle-${randomUUID()}` } });
  const hr = await createTestUser({ role: "PEOPLE_PARTNER", name: `Endo HR ${tag}` });
  const sa = await createTestUser({ name: `Endo SessionAdmin ${tag}` });
  const session = await db.calibrationSession.create({
    data: { cycleId: cycle.id, name: `Promotions ${tag}`, kind: "PROMOTION", state: "active", createdById: hr.id, members: { create: [{ userId: sa.id, role: "ADMIN" }] } },
  });
  return { cycleId: cycle.id, sessionId: session.id, sessionAdminId: sa.id };
}

type Req = { id: number; endorserId: number; actor: Actor; deadline: number; input: EndorsementWorkflowInput };

/** A nomination with one open request (its row as the service writes it), deadline at `deadline` (server time). */
async function createRequest(deadline: number, status: EndorsementStatus = "requested"): Promise<Req> {
  const db = await getDb();
  const nominee = await createTestUser({ name: "Nina Nominee" });
  const endorser = await createTestUser({ name: "Erik Endorser" });
  const participant = await db.participant.create({ data: { cycleId: org.cycleId, userId: nominee.id } });
  const nomination = await db.promotionNomination.create({ data: { participantId: participant.id, rationale: "Leads the platform team" } });
  const row = await db.endorsement.create({
    data: { nominationId: nomination.id, endorserId: endorser.id, status, sessionId: org.sessionId, deadline: new Date(deadline) },
  });
  return {
    id: row.id,
    endorserId: endorser.id,
    actor: { userId: endorser.id, realUserId: endorser.id, source: "api" },
    deadline,
    input: { endorsementId: row.id, cycleId: org.cycleId, status, deadline: new Date(deadline).toISOString() },
  };
}

type Handle = WorkflowHandle<typeof endorsementWorkflow>;

async function startWorkflow(env: TestWorkflowEnvironment, req: Req, input: EndorsementWorkflowInput = req.input): Promise<Handle> {
  const handle = await env.client.workflow.start(endorsementWorkflow, {
    workflowId: endorsementWorkflowId(req.id),
    taskQueue: TASK_QUEUE,
    args: [input],
    typedSearchAttributes: [
      { key: CycleIdKey, value: String(org.cycleId) },
      { key: EndorsementStatusKey, value: input.status },
    ],
    workflowIdConflictPolicy: "TERMINATE_EXISTING", // as startEndorsementWorkflow does
  });
  await handle.query(endorsementStatusQuery); // the first workflow task has run
  return handle;
}

const respond = (handle: Handle, req: Req, event: EndorsementRequest["event"], extra: Partial<EndorsementRequest> = {}) =>
  handle.executeUpdate(endorsementUpdate, { args: [{ event, actor: req.actor, ...extra }] });

async function failureOf(p: Promise<unknown>): Promise<ApplicationFailure> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorkflowUpdateFailedError);
  const cause = (err as WorkflowUpdateFailedError).cause;
  expect(cause).toBeInstanceOf(ApplicationFailure);
  return cause as ApplicationFailure;
}

/** The request's notifications: who, which kind (from the dedupe key `endorsement:<id>:<round>:<kind>:<user>`). */
async function notesOf(id: number): Promise<Array<{ userId: number; kind: string; title: string; link: string | null }>> {
  const db = await getDb();
  const rows = await db.notification.findMany({ where: { dedupeKey: { startsWith: `endorsement:${id}:` } }, orderBy: { id: "asc" } });
  for (const r of rows) expect(r.kind).toBe(real.ENDORSEMENT_NOTIFICATION_KIND);
  return rows.map((r) => ({ userId: r.userId, kind: r.dedupeKey.split(":").at(-2)!, title: r.title, link: r.link }));
}

async function auditsOf(id: number) {
  const db = await getDb();
  return db.auditRecord.findMany({ where: { entityType: "Endorsement", entityId: String(id) }, orderBy: { id: "asc" } });
}

async function rowOf(id: number) {
  return (await getDb()).endorsement.findUniqueOrThrow({ where: { id } });
}

const expectAt = (call: Call | undefined, at: number) => expect(Math.abs(call!.at - at), `scheduled at ${new Date(call!.at).toISOString()}`).toBeLessThan(5 * 60_000);

// ---------------------------------------------------------------------------------------------
// Time-skipping server (or, with ALLOW_NO_TIME_SKIPPING=1, the dev server for the tests that fit in real time)

let env: TestWorkflowEnvironment;
let worker: Worker;
let running: Promise<void>;

/** The server's time (the time-skipping server's clock runs ahead of the machine's). */
const now = () => env.currentTimeMs();

/** Skip server time, then let the worker run what became due. */
async function skip(ms: number): Promise<void> {
  await env.sleep(ms);
  await sleep(300);
}

beforeAll(async () => {
  org = await createOrg();
  env = await createWorkflowTestEnv();
  worker = await Worker.create({ connection: env.nativeConnection, taskQueue: TASK_QUEUE, ...workflowSource(), activities });
  running = worker.run();
});

afterAll(async () => {
  if (worker?.getState() === "RUNNING") worker.shutdown();
  await running?.catch(() => {});
  await env?.teardown();
});

describe("endorsement workflow: answers", () => {
  it("accept → endorse: each written through the activity with its audit record, then the workflow completes", async () => {
    const req = await createRequest((await now()) + 3 * DAY);
    const handle = await startWorkflow(env, req);
    await until("the request notice", async () => (await notesOf(req.id)).length === 1, 30_000);
    expect(await notesOf(req.id)).toEqual([
      { userId: req.endorserId, kind: "requested", title: "Endorsement requested: Nina Nominee", link: `/app/promotions/endorsements/${req.id}/endorse` },
    ]);

    expect(await respond(handle, req, "accept")).toEqual({ endorsementId: req.id, from: "requested", status: "accepted" });
    expect(await handle.query(endorsementStatusQuery)).toBe("accepted");
    const desc = await handle.describe();
    expect(desc.typedSearchAttributes.get(EndorsementStatusKey)).toBe("accepted");
    expect(desc.typedSearchAttributes.get(CycleIdKey)).toBe(String(org.cycleId));
    const accepted = await rowOf(req.id);
    expect(accepted.status).toBe("accepted");
    expect(accepted.respondedAt).not.toBeNull();

    const body = "Nina has led the platform migration end to end.";
    expect(await respond(handle, req, "endorse", { body, outcome: "endorsed" })).toEqual({ endorsementId: req.id, from: "accepted", status: "endorsed" });
    expect(await handle.result()).toEqual({ endorsementId: req.id, status: "endorsed" });
    expect((await handle.describe()).status.name).toBe("COMPLETED");
    const done = await rowOf(req.id);
    expect(done).toMatchObject({ status: "endorsed", body, outcome: "endorsed" });
    expect(done.endorsedAt).not.toBeNull();

    const audits = await auditsOf(req.id);
    expect(audits.map((a) => [a.action, a.actorId, a.source])).toEqual([
      ["endorsement.accept", req.endorserId, "api"],
      ["endorsement.endorse", req.endorserId, "api"],
    ]);
    expect(audits[1]!.before).toMatchObject({ status: "accepted", endorsement: null });
    expect(audits[1]!.after).toMatchObject({ status: "endorsed", outcome: "endorsed", endorsement: body });
    expect(callsOf(req.id, "applyEndorsementEvent").map((c) => c.input.event)).toEqual(["accept", "endorse"]);
    expect(notifyCalls(req.id)).toEqual(["requested"]);
  });

  it("reject completes the workflow, with the reason", async () => {
    const req = await createRequest((await now()) + 3 * DAY);
    const handle = await startWorkflow(env, req);
    expect(await respond(handle, req, "reject", { reason: "I have not worked with Nina" })).toEqual({ endorsementId: req.id, from: "requested", status: "rejected" });
    expect(await handle.result()).toEqual({ endorsementId: req.id, status: "rejected" });
    expect(await rowOf(req.id)).toMatchObject({ status: "rejected", rejectReason: "I have not worked with Nina", body: null, outcome: null });
    expect((await auditsOf(req.id)).map((a) => a.action)).toEqual(["endorsement.reject"]);
  });

  it("the service's cancel completes the workflow, the reason in its audit record", async () => {
    const req = await createRequest((await now()) + 3 * DAY);
    const handle = await startWorkflow(env, req);
    const system: Actor = { userId: org.sessionAdminId, realUserId: org.sessionAdminId, source: "api" };
    expect(await handle.executeUpdate(endorsementUpdate, { args: [{ event: "cancel", actor: system, reason: "The nomination left the session" }] })).toMatchObject({
      status: "cancelled",
    });
    expect(await handle.result()).toEqual({ endorsementId: req.id, status: "cancelled" });
    expect((await rowOf(req.id)).status).toBe("cancelled");
    const [audit] = await auditsOf(req.id);
    expect(audit).toMatchObject({ action: "endorsement.cancel", actorId: org.sessionAdminId });
    expect(audit!.after).toMatchObject({ status: "cancelled", reason: "The nomination left the session" });
  });

  it("refuses an answer out of order in the validator: InvalidEndorsementAction, nothing written", async () => {
    const req = await createRequest((await now()) + 3 * DAY);
    const handle = await startWorkflow(env, req);
    const before = await rowOf(req.id);

    const endorse = await failureOf(respond(handle, req, "endorse", { body: "Too early", outcome: "endorsed" }));
    expect(endorse.type).toBe(ENDORSEMENT_FAILURE.invalidAction);
    expect(endorse.nonRetryable).toBe(true);
    expect(endorse.message).toBe(`Endorsement request ${req.id} is requested; 'endorse' is allowed only when it is accepted`);
    expect(await rowOf(req.id)).toEqual(before);
    expect(await auditsOf(req.id)).toEqual([]);
    expect(callsOf(req.id, "applyEndorsementEvent")).toEqual([]);
    expect(await handle.query(endorsementStatusQuery)).toBe("requested");

    await respond(handle, req, "accept");
    const again = await failureOf(respond(handle, req, "accept"));
    expect(again.type).toBe(ENDORSEMENT_FAILURE.invalidAction);
    expect(again.message).toBe(`Endorsement request ${req.id} is accepted; 'accept' is allowed only when it is requested`);
    expect((await auditsOf(req.id)).map((a) => a.action)).toEqual(["endorsement.accept"]);
    // Only the accepted update reached the history.
    const history = await handle.fetchHistory();
    expect(history.events!.filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes)).toHaveLength(1);
    await handle.terminate("test done");
  });

  it("runs two identical answers once: the second is refused and written nowhere", async () => {
    const req = await createRequest((await now()) + 3 * DAY);
    const handle = await startWorkflow(env, req);
    const results = await Promise.allSettled([respond(handle, req, "accept"), respond(handle, req, "accept")]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((rejected.reason as WorkflowUpdateFailedError).cause).toMatchObject({ type: ENDORSEMENT_FAILURE.invalidAction });
    expect(callsOf(req.id, "applyEndorsementEvent")).toHaveLength(1);
    expect((await auditsOf(req.id)).map((a) => a.action)).toEqual(["endorsement.accept"]);
    await handle.terminate("test done");
  });
});

describe("endorsement workflow: reminder and expiry", () => {
  it.runIf(timeSkipping)("reminds 24 h before the deadline, expires at it, tells the session admin once; after expiry every answer is refused", async () => {
    const t0 = await now();
    const deadline = t0 + 3 * DAY;
    const req = await createRequest(deadline);
    let release!: () => void;
    gates.set(`${req.id}:expired`, new Promise<void>((r) => (release = r)));
    const handle = await startWorkflow(env, req);
    await until("the request notice", async () => (await notesOf(req.id)).length === 1, 30_000);
    expectAt(callsOf(req.id)[0], t0);

    await skip(2 * DAY - HOUR);
    expect(notifyCalls(req.id)).toEqual(["requested"]);
    await skip(2 * HOUR);
    await until("the reminder", async () => (await notesOf(req.id)).length === 2, 30_000);
    expect(notifyCalls(req.id)).toEqual(["requested", "due_soon"]);
    expectAt(callsOf(req.id, "notifyEndorsement")[1], deadline - DAY);
    expect((await notesOf(req.id))[1]).toMatchObject({ userId: req.endorserId, kind: "due_soon" });
    expect((await rowOf(req.id)).status).toBe("requested");

    await skip(DAY - HOUR);
    // The expiry is written, its notice held back: the workflow is still open, its status expired.
    await until("the expiry notice to be sent", async () => notifyCalls(req.id).includes("expired"), 30_000);
    expectAt(callsOf(req.id, "applyEndorsementEvent")[0], deadline);
    const expired = await rowOf(req.id);
    expect(expired.status).toBe("expired");
    const audits = await auditsOf(req.id);
    expect(audits.map((a) => [a.action, a.actorId, a.source])).toEqual([["endorsement.expire", null, "workflow"]]);
    expect(audits[0]!.before).toMatchObject({ status: "requested" });
    expect(audits[0]!.after).toMatchObject({ status: "expired" });
    expect(await handle.query(endorsementStatusQuery)).toBe("expired");
    expect((await handle.describe()).typedSearchAttributes.get(EndorsementStatusKey)).toBe("expired");

    for (const event of [...ENDORSEMENT_ACTIONS, "cancel"] as const) {
      const failure = await failureOf(respond(handle, req, event, event === "endorse" ? { body: "Late", outcome: "endorsed" } : {}));
      expect(failure.type).toBe(ENDORSEMENT_FAILURE.invalidAction);
      expect(failure.message).toBe(`Endorsement request ${req.id} is expired; it can no longer change`);
    }
    expect(await rowOf(req.id)).toEqual(expired);
    expect(await auditsOf(req.id)).toHaveLength(1);
    expect(callsOf(req.id, "applyEndorsementEvent")).toHaveLength(1);

    release();
    expect(await handle.result()).toEqual({ endorsementId: req.id, status: "expired" });
    const notes = await notesOf(req.id);
    expect(notes.map((n) => [n.userId, n.kind])).toEqual([
      [req.endorserId, "requested"],
      [req.endorserId, "due_soon"],
      [org.sessionAdminId, "expired"],
    ]);
    expect(notes[2]!.title).toBe("Endorsement request expired: Erik Endorser for Nina Nominee");
    expect(notes[2]!.link).toBe(`/app/promotions/hr-partners/sessions/${org.sessionId}?cycle_id=${org.cycleId}`);
    expect(notifyCalls(req.id)).toEqual(["requested", "due_soon", "expired"]);
  });

  it.runIf(timeSkipping)("an accepted request is still open: reminded, then endorsed before the deadline, so it never expires", async () => {
    const t0 = await now();
    const deadline = t0 + 3 * DAY;
    const req = await createRequest(deadline);
    const handle = await startWorkflow(env, req);
    await respond(handle, req, "accept");
    await skip(2 * DAY + HOUR);
    await until("the reminder", async () => (await notesOf(req.id)).length === 2, 30_000);
    expectAt(callsOf(req.id, "notifyEndorsement")[1], deadline - DAY);
    await respond(handle, req, "endorse", { body: "Strong case", outcome: "not_endorsed" });
    expect(await handle.result()).toEqual({ endorsementId: req.id, status: "endorsed" });
    await skip(5 * DAY);
    expect((await rowOf(req.id)).status).toBe("endorsed");
    expect((await notesOf(req.id)).map((n) => n.kind)).toEqual(["requested", "due_soon"]);
    expect((await auditsOf(req.id)).map((a) => a.action)).toEqual(["endorsement.accept", "endorsement.endorse"]);
  });

  it.runIf(timeSkipping)("answered before the reminder: no reminder and no expiry", async () => {
    const req = await createRequest((await now()) + 3 * DAY);
    const handle = await startWorkflow(env, req);
    await skip(DAY);
    await respond(handle, req, "reject");
    expect(await handle.result()).toEqual({ endorsementId: req.id, status: "rejected" });
    await skip(5 * DAY);
    expect(notifyCalls(req.id)).toEqual(["requested"]);
    expect((await notesOf(req.id)).map((n) => n.kind)).toEqual(["requested"]);
    expect((await rowOf(req.id)).status).toBe("rejected");
  });

  it.runIf(timeSkipping)("a workflow started again for the same request sends nothing already sent (notification dedupe keys)", async () => {
    const t0 = await now();
    const deadline = t0 + 3 * DAY;
    const req = await createRequest(deadline);
    const first = await startWorkflow(env, req);
    await skip(2 * DAY + HOUR);
    await until("the reminder", async () => (await notesOf(req.id)).length === 2, 30_000);
    const firstRun = (await first.describe()).runId;

    // As at boot (ensureEndorsementWorkflows) or startEndorsementWorkflow: a new run, knowing nothing of what was sent.
    const second = await startWorkflow(env, req);
    expect((await second.describe()).runId).not.toBe(firstRun);
    await until("the new run's request notice", async () => notifyCalls(req.id).filter((k) => k === "requested").length === 2, 30_000);
    await sleep(300);
    const notes = await notesOf(req.id);
    expect(notes.map((n) => n.kind)).toEqual(["requested", "due_soon"]);
    const db = await getDb();
    const noticeAudits = await db.auditRecord.count({ where: { entityType: "Notification", entityId: { in: (await db.notification.findMany({ where: { dedupeKey: { startsWith: `endorsement:${req.id}:` } } })).map((n) => String(n.id)) } } });
    expect(noticeAudits).toBe(2);

    await skip(DAY);
    expect(await second.result()).toEqual({ endorsementId: req.id, status: "expired" });
    expect((await notesOf(req.id)).map((n) => n.kind)).toEqual(["requested", "due_soon", "expired"]);
    expect((await auditsOf(req.id)).map((a) => a.action)).toEqual(["endorsement.expire"]);
  });
});

// ---------------------------------------------------------------------------------------------
// Continue-as-new: the dev server, with Temporal suggesting it after a few dozen events

describe("endorsement workflow: continue-as-new", () => {
  let devEnv: TestWorkflowEnvironment;
  let devWorker: Worker;
  let devRunning: Promise<void>;

  beforeAll(async () => {
    const [port, httpPort, metricsPort] = await freePorts(3);
    devEnv = await TestWorkflowEnvironment.createLocal({
      server: {
        executable: { type: "existing-path", path: temporalCliPath() },
        ip: "127.0.0.1",
        port,
        searchAttributes: [...CUSTOM_SEARCH_ATTRIBUTE_KEYS],
        extraArgs: ["--http-port", String(httpPort), "--metrics-port", String(metricsPort), "--dynamic-config-value", "limit.historyCount.suggestContinueAsNew=50"],
      },
    });
    devWorker = await Worker.create({ connection: devEnv.nativeConnection, taskQueue: TASK_QUEUE, ...workflowSource(), activities });
    devRunning = devWorker.run();
  });

  afterAll(async () => {
    if (devWorker?.getState() === "RUNNING") devWorker.shutdown();
    await devRunning?.catch(() => {});
    await devEnv?.teardown();
  });

  it("keeps its status, search attributes and `sent` across continue-as-new: the new run sends nothing again", async () => {
    // Real time: a deadline 24 h and 3 s ahead, so the reminder is due in 3 s.
    const deadline = Date.now() + DAY + 3000;
    const req = await createRequest(deadline);
    const handle = await startWorkflow(devEnv, req);
    const firstRun = (await handle.describe()).runId!;
    await until("the reminder", async () => (await notesOf(req.id)).length === 2, 30_000);
    await respond(handle, req, "accept");

    // Signals nobody handles only grow the history, until Temporal suggests continuing as new.
    let secondRun = firstRun;
    for (let i = 0; i < 40 && secondRun === firstRun; i++) {
      await devEnv.client.workflow.getHandle(endorsementWorkflowId(req.id)).signal("poke");
      await sleep(100);
      secondRun = (await handle.describe()).runId!;
    }
    expect(secondRun).not.toBe(firstRun);
    const firstHistory = await devEnv.client.workflow.getHandle(endorsementWorkflowId(req.id), firstRun).fetchHistory();
    expect(firstHistory.events!.at(-1)!.workflowExecutionContinuedAsNewEventAttributes).toBeTruthy();

    const current = devEnv.client.workflow.getHandle<typeof endorsementWorkflow>(endorsementWorkflowId(req.id));
    const started = (await current.fetchHistory()).events![0]!.workflowExecutionStartedEventAttributes!;
    expect(defaultPayloadConverter.fromPayload(started.input!.payloads![0]!)).toEqual({ ...req.input, status: "accepted", sent: ["requested", "due_soon"] });
    expect(await current.query(endorsementStatusQuery)).toBe("accepted");
    const desc = await current.describe();
    expect(desc.typedSearchAttributes.get(EndorsementStatusKey)).toBe("accepted");
    expect(desc.typedSearchAttributes.get(CycleIdKey)).toBe(String(org.cycleId));

    await sleep(500);
    expect((await current.fetchHistory()).events!.filter((e) => e.activityTaskScheduledEventAttributes)).toEqual([]);
    expect(await current.executeUpdate(endorsementUpdate, { args: [{ event: "endorse", actor: req.actor, body: "Yes", outcome: "endorsed" }] })).toMatchObject({
      status: "endorsed",
    });
    expect(await current.result()).toEqual({ endorsementId: req.id, status: "endorsed" });
    expect(notifyCalls(req.id)).toEqual(["requested", "due_soon"]);
    expect((await notesOf(req.id)).map((n) => n.kind)).toEqual(["requested", "due_soon"]);
    expect((await auditsOf(req.id)).map((a) => a.action)).toEqual(["endorsement.accept", "endorsement.endorse"]);
  });
});
