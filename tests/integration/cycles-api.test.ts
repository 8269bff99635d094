/**
 * Review cycles end to end: API route modules → cycles service → cycle workflow (real Temporal dev
 * server, in-process worker) → activities → database, with audit records.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import * as cyclesRoute from "~/routes/api.v1.cycles";
import * as adminCycles from "~/routes/api.v1.admin.cycles";
import * as adminCycle from "~/routes/api.v1.admin.cycles.$id";
import * as transitionRoute from "~/routes/api.v1.admin.cycles.$id.$transition";
import * as adminCyclesPage from "~/routes/app.admin.cycles._index";
import * as createPage from "~/routes/app.admin.cycles.create";
import * as detailsPage from "~/routes/app.admin.cycles.$cycleId._index";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { CYCLE_TRANSITIONS, TRANSITION_TABLE, type CycleStage } from "~/features/cycles/rules";
import { resolveSelectedCycle } from "~/features/cycles/service.server";
import { ensureCycleWorkflows } from "~/features/cycles/workflow.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { sessionCookieFor } from "../support/session";
import { stageQuery } from "../../workflows/cycle-contract";
import { CycleStageKey } from "../../workflows/search-attributes-contract";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { startTestWorker } from "../support/worker";

let admin: User;
let hrOps: User;
let employee: User;
let adminToken: string;
let hrToken: string;
let employeeToken: string;
let stopWorker: () => Promise<void>;

const tag = `t${Date.now().toString(36)}`;

beforeAll(async () => {
  const w = await startTestWorker();
  stopWorker = w.stop;
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Cycle Admin" });
  hrOps = await createTestUser({ role: "HR_OPS", name: "Cycle Hr Ops" });
  employee = await createTestUser({ role: "EMPLOYEE", name: "Cycle Employee" });
  [adminToken, hrToken, employeeToken] = await Promise.all([bearerFor(admin.id), bearerFor(hrOps.id), bearerFor(employee.id)]);
});

afterAll(async () => {
  await stopWorker?.();
});

// ---------------------------------------------------------------------------------------------

async function create(body: Record<string, unknown>, token = adminToken) {
  return callRoute(adminCycles.action as never, { method: "POST", path: "/api/v1/admin/cycles", token, body });
}

async function createOk(body: Record<string, unknown>) {
  const res = await create({ name: `${tag} ${Math.random().toString(36).slice(2, 7)}`, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.cycle as { id: number; name: string; state: CycleStage; workflow_id: string };
}

function move(id: number, transition: string, token = adminToken) {
  return callRoute(transitionRoute.action as never, {
    method: "PATCH",
    path: `/api/v1/admin/cycles/${id}/${transition}`,
    token,
    params: { id: String(id), transition },
  });
}

async function moveTo(id: number, target: CycleStage) {
  for (const t of CYCLE_TRANSITIONS) {
    const current = (await (await getDb()).cycle.findUniqueOrThrow({ where: { id } })).state.toLowerCase();
    if (current === target) return;
    if (TRANSITION_TABLE[t].from !== current) continue;
    const res = await move(id, t);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

async function workflowStage(workflowId: string) {
  const client = await getTemporalClient();
  const handle = client.workflow.getHandle(workflowId);
  const desc = await handle.describe();
  return { status: desc.status.name, stage: await handle.query(stageQuery), attr: desc.typedSearchAttributes.get(CycleStageKey) };
}

async function auditCount(id: number) {
  return (await getDb()).auditRecord.count({ where: { entityType: "Cycle", entityId: String(id) } });
}

async function sessionCookie(userId: number): Promise<string> {
  return sessionCookieFor(userId);
}

async function callPage(
  handler: (args: never) => unknown,
  opts: { path: string; userId: number; method?: string; form?: Record<string, string>; params?: Record<string, string> },
): Promise<{ status: number; data: any; location: string | null }> {
  const headers = new Headers({ Cookie: await sessionCookie(opts.userId) });
  const body = opts.form ? new URLSearchParams(opts.form) : undefined;
  const request = new Request(`http://127.0.0.1${opts.path}`, { method: opts.method ?? (body ? "POST" : "GET"), headers, body });
  try {
    const result: any = await handler({ request, params: opts.params ?? {}, context: {} } as never);
    if (result instanceof Response) return { status: result.status, data: null, location: result.headers.get("Location") };
    // Remix `data(value, init)` results
    if (result && typeof result === "object" && result.type === "DataWithResponseInit") {
      return { status: result.init?.status ?? 200, data: result.data, location: null };
    }
    return { status: 200, data: result, location: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

// ---------------------------------------------------------------------------------------------

describe("cycles API: authentication and authorization", () => {
  it("answers 401 without a token on every route", async () => {
    const calls = [
      callRoute(cyclesRoute.loader as never, { path: "/api/v1/cycles" }),
      callRoute(adminCycles.loader as never, { path: "/api/v1/admin/cycles" }),
      callRoute(adminCycles.action as never, { method: "POST", path: "/api/v1/admin/cycles", body: { name: "x" } }),
      callRoute(adminCycle.loader as never, { path: "/api/v1/admin/cycles/1", params: { id: "1" } }),
      callRoute(adminCycle.action as never, { method: "PATCH", path: "/api/v1/admin/cycles/1", params: { id: "1" }, body: { name: "x" } }),
      callRoute(adminCycle.action as never, { method: "DELETE", path: "/api/v1/admin/cycles/1", params: { id: "1" } }),
      callRoute(transitionRoute.action as never, { method: "PATCH", path: "/api/v1/admin/cycles/1/start", params: { id: "1", transition: "start" } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe("unauthorized");
    }
  });

  it("lets any signed-in user list cycles", async () => {
    const res = await callRoute(cyclesRoute.loader as never, { path: "/api/v1/cycles", token: employeeToken });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.cycles)).toBe(true);
  });

  it("forbids employees every admin route, and lets HR ops read but not write", async () => {
    const cycle = await createOk({});
    const id = String(cycle.id);
    for (const token of [employeeToken, hrToken]) {
      const writes = [
        create({ name: "nope" }, token),
        callRoute(adminCycle.action as never, { method: "PATCH", path: `/api/v1/admin/cycles/${id}`, token, params: { id }, body: { name: "x" } }),
        callRoute(adminCycle.action as never, { method: "DELETE", path: `/api/v1/admin/cycles/${id}`, token, params: { id } }),
        move(cycle.id, "start", token),
      ];
      for (const res of await Promise.all(writes)) {
        expect(res.status).toBe(403);
        expect(res.body.error.message).toBe("You do not have access to this page");
      }
    }
    for (const res of [
      await callRoute(adminCycles.loader as never, { path: "/api/v1/admin/cycles", token: employeeToken }),
      await callRoute(adminCycle.loader as never, { path: `/api/v1/admin/cycles/${id}`, token: employeeToken, params: { id } }),
    ]) {
      expect(res.status).toBe(403);
    }
    const list = await callRoute(adminCycles.loader as never, { path: "/api/v1/admin/cycles", token: hrToken });
    expect(list.status).toBe(200);
    const one = await callRoute(adminCycle.loader as never, { path: `/api/v1/admin/cycles/${id}`, token: hrToken, params: { id } });
    expect(one.status).toBe(200);
    expect(one.body.cycle.id).toBe(cycle.id);
    // Nothing changed by the refused writes.
    const row = await (await getDb()).cycle.findUniqueOrThrow({ where: { id: cycle.id } });
    expect(row.state).toBe("DRAFT");
    expect(row.name).toBe(cycle.name);
    expect(await auditCount(cycle.id)).toBe(1); // cycle.create only
  });
});

describe("cycles API: create, read, update", () => {
  it("creates a draft cycle with its workflow, search attributes and an audit record", async () => {
    const res = await create({ name: `  ${tag} Mid-year  `, start_date: "2031-01-15", planned_end_date: "2031-06-30" });
    expect(res.status).toBe(201);
    const cycle = res.body.cycle;
    expect(cycle).toMatchObject({
      name: `${tag} Mid-year`,
      state: "draft",
      stage_label: "Not started",
      start_date: "2031-01-15",
      planned_end_date: "2031-06-30",
      max_peers: 10,
      workflow_id: `cycle-${cycle.id}`,
    });
    const db = await getDb();
    const row = await db.cycle.findUniqueOrThrow({ where: { id: cycle.id } });
    expect(row.workflowId).toBe(`cycle-${cycle.id}`);
    expect(await workflowStage(row.workflowId)).toEqual({ status: "RUNNING", stage: "draft", attr: "draft" });
    const client = await getTemporalClient();
    const desc = await client.workflow.getHandle(row.workflowId).describe();
    expect(desc.taskQueue).toBe(process.env.TEMPORAL_TASK_QUEUE ?? "pmr");
    expect(desc.typedSearchAttributes.get({ name: "CycleId", type: "KEYWORD" })).toBe(String(cycle.id));

    const audits = await db.auditRecord.findMany({ where: { entityType: "Cycle", entityId: String(cycle.id) } });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "cycle.create", actorId: admin.id, realActorId: admin.id, source: "api" });
    expect(audits[0]!.after).toMatchObject({ name: `${tag} Mid-year`, state: "draft", max_peers: 10 });
  });

  it("rejects bad input with 400 and creates nothing", async () => {
    const db = await getDb();
    const before = await db.cycle.count();
    const bad = [
      {},
      { name: "   " },
      { name: "x", start_date: "15/01/2031" },
      { name: "x", start_date: "2031-02-30" },
      { name: "x", start_date: "2031-06-01", planned_end_date: "2031-05-01" },
      { name: "x", max_peers: 0 },
      { name: "x", max_peers: 2.5 },
      { name: "x", max_peers: "10" },
      { name: "x", state: "communication" },
    ];
    for (const body of bad) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
    const end = await create({ name: "x", start_date: "2031-06-01", planned_end_date: "2031-05-01" });
    expect(end.body.error.details.fieldErrors.planned_end_date).toBeDefined();
    const broken = await callRoute(adminCycles.action as never, { method: "POST", path: "/api/v1/admin/cycles", token: adminToken, rawBody: "{" });
    expect(broken.status).toBe(400);
    expect(await db.cycle.count()).toBe(before);
  });

  it("gets one cycle; unknown or malformed ids are 404", async () => {
    const cycle = await createOk({ max_peers: 7 });
    const ok = await callRoute(adminCycle.loader as never, { path: `/api/v1/admin/cycles/${cycle.id}`, token: adminToken, params: { id: String(cycle.id) } });
    expect(ok.status).toBe(200);
    expect(ok.body.cycle).toMatchObject({ id: cycle.id, max_peers: 7, state: "draft" });
    for (const id of ["999999999", "abc", "-1"]) {
      const res = await callRoute(adminCycle.loader as never, { path: `/api/v1/admin/cycles/${id}`, token: adminToken, params: { id } });
      expect(res.status).toBe(404);
    }
  });

  it("patches name, dates and max_peers with an audit record of before and after", async () => {
    const cycle = await createOk({ start_date: "2031-03-01" });
    const id = String(cycle.id);
    const patch = (body: unknown) =>
      callRoute(adminCycle.action as never, { method: "PATCH", path: `/api/v1/admin/cycles/${id}`, token: adminToken, params: { id }, body });
    const res = await patch({ name: `${tag} Renamed`, planned_end_date: "2031-09-30", max_peers: 12 });
    expect(res.status).toBe(200);
    expect(res.body.cycle).toMatchObject({ name: `${tag} Renamed`, start_date: "2031-03-01", planned_end_date: "2031-09-30", max_peers: 12 });
    const audit = await (await getDb()).auditRecord.findFirstOrThrow({ where: { entityType: "Cycle", entityId: id, action: "cycle.update" } });
    expect(audit.before).toMatchObject({ name: cycle.name, planned_end_date: null, max_peers: 10 });
    expect(audit.after).toMatchObject({ name: `${tag} Renamed`, planned_end_date: "2031-09-30", max_peers: 12 });
    expect(audit.actorId).toBe(admin.id);

    const cleared = await patch({ start_date: null });
    expect(cleared.body.cycle.start_date).toBeNull();

    // Bad patches change nothing.
    const auditsBefore = await auditCount(cycle.id);
    for (const body of [{}, { max_peers: -1 }, { state: "start" }, { planned_end_date: "nope" }]) {
      const bad = await patch(body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    // The stored planned end date is 2031-09-30: a start date after it is refused, and vice versa.
    expect((await patch({ start_date: "2031-10-01" })).status).toBe(422);
    expect((await patch({ start_date: "2031-09-15" })).status).toBe(200);
    const before = await patch({ planned_end_date: "2031-09-01" }); // before the stored start date
    expect(before.status).toBe(422);
    expect(before.body.error.details.fieldErrors.planned_end_date).toBeDefined();
    expect(await auditCount(cycle.id)).toBe(auditsBefore + 1);
    const unknown = await callRoute(adminCycle.action as never, {
      method: "PATCH",
      path: "/api/v1/admin/cycles/999999999",
      token: adminToken,
      params: { id: "999999999" },
      body: { name: "x" },
    });
    expect(unknown.status).toBe(404);
  });

  it("who sees reviewers' names (ADR 0058): chosen on create, anonymous by default, changeable until feedback opens, audited, then 409 on the API and the page", async () => {
    const db = await getDb();
    const plain = await createOk({});
    expect(plain).toMatchObject({ peer_names: "nobody", upward_names: "nobody" });
    const chosen = await createOk({ peer_names: "managers_and_calibration", upward_names: "managers" });
    expect(chosen).toMatchObject({ peer_names: "managers_and_calibration", upward_names: "managers" });
    expect(await db.cycle.findUniqueOrThrow({ where: { id: chosen.id } })).toMatchObject({ peerNames: "managers_and_calibration", upwardNames: "managers" });
    const created = await db.auditRecord.findFirstOrThrow({ where: { entityType: "Cycle", entityId: String(chosen.id), action: "cycle.create" } });
    expect(created.after).toMatchObject({ peer_names: "managers_and_calibration", upward_names: "managers" });
    for (const bad of [{ peer_names: "everyone" }, { upward_names: "" }, { peer_names: null }]) {
      expect((await create({ name: `${tag} bad`, ...bad })).status, JSON.stringify(bad)).toBe(400);
    }
    const id = String(chosen.id);
    const patch = (body: unknown) => callRoute(adminCycle.action as never, { method: "PATCH", path: `/api/v1/admin/cycles/${id}`, token: adminToken, params: { id }, body });
    const changed = await patch({ peer_names: "nobody" });
    expect(changed.status).toBe(200);
    expect(changed.body.cycle.peer_names).toBe("nobody");
    const audit = await db.auditRecord.findFirstOrThrow({ where: { entityType: "Cycle", entityId: id, action: "cycle.update" }, orderBy: { id: "desc" } });
    expect(audit.before).toMatchObject({ peer_names: "managers_and_calibration" });
    expect(audit.after).toMatchObject({ peer_names: "nobody" });
    expect((await patch({ upward_names: "sometimes" })).status).toBe(400);

    // Feedback opens (SPU feedback): a change is refused and changes nothing; the same value, or other fields, still save.
    await db.cycle.update({ where: { id: chosen.id }, data: { state: "SPU_FEEDBACK" } });
    const audits = await auditCount(chosen.id);
    const refused = await patch({ peer_names: "managers", name: `${tag} not renamed` });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "reviewer_names_fixed" });
    expect(await db.cycle.findUniqueOrThrow({ where: { id: chosen.id } })).toMatchObject({ peerNames: "nobody", upwardNames: "managers", name: chosen.name });
    expect(await auditCount(chosen.id)).toBe(audits);
    expect((await patch({ peer_names: "nobody", upward_names: "managers" })).status).toBe(200);
    const page = await callPage(detailsPage.action as never, {
      path: `/app/admin/cycles/${id}`,
      userId: admin.id,
      params: { cycleId: id },
      form: { intent: "update", name: chosen.name, max_peers: "10", upward_names: "nobody" },
    });
    expect(page.status).toBe(409);
    expect(page.data.formError).toEqual({ key: "cyclesAdmin.form.errors.namesFixed" });
    expect((await db.cycle.findUniqueOrThrow({ where: { id: chosen.id } })).upwardNames).toBe("managers");
    const loaded = await callPage(detailsPage.loader as never, { path: `/app/admin/cycles/${id}`, userId: admin.id, params: { cycleId: id } });
    expect(loaded.data.cycle).toMatchObject({ peer_names: "nobody", upward_names: "managers" });
  });

  it("answers 405 for other methods", async () => {
    const res = await callRoute(adminCycles.action as never, { method: "PUT", path: "/api/v1/admin/cycles", token: adminToken, body: {} });
    expect(res.status).toBe(405);
    const get = await callRoute(transitionRoute.loader as never, { path: "/api/v1/admin/cycles/1/start", token: adminToken });
    expect(get.status).toBe(405);
  });
});

describe("cycles API: stages through the workflow", () => {
  it("moves through every stage in order, one audit record per move, DB and workflow in step", async () => {
    const cycle = await createOk({ start_date: "2031-01-01", planned_end_date: "2031-12-31" });
    const db = await getDb();
    for (const transition of CYCLE_TRANSITIONS) {
      const { from, to } = TRANSITION_TABLE[transition];
      const res = await move(cycle.id, transition);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.cycle).toMatchObject({ id: cycle.id, state: to });
      expect((await db.cycle.findUniqueOrThrow({ where: { id: cycle.id } })).state).toBe(to.toUpperCase());
      expect(await workflowStage(cycle.workflow_id)).toEqual({ status: "RUNNING", stage: to, attr: to });
      const audit = await db.auditRecord.findFirstOrThrow({
        where: { entityType: "Cycle", entityId: String(cycle.id), action: "cycle.transition" },
        orderBy: { id: "desc" },
      });
      expect(audit).toMatchObject({ actorId: admin.id, realActorId: admin.id, source: "api" });
      expect(audit.before).toMatchObject({ state: from });
      expect(audit.after).toMatchObject({ state: to, transition });
    }
    const final = await callRoute(adminCycle.loader as never, { path: `/api/v1/admin/cycles/${cycle.id}`, token: adminToken, params: { id: String(cycle.id) } });
    expect(final.body.cycle).toMatchObject({ state: "communication", stage_label: "Stage 5 - Communication stage" });
    expect(await db.auditRecord.count({ where: { entityType: "Cycle", entityId: String(cycle.id), action: "cycle.transition" } })).toBe(5);
  });

  it("refuses out-of-order moves with 409: DB row, workflow stage and audit log unchanged", async () => {
    const cycle = await createOk({});
    expect((await move(cycle.id, "start")).status).toBe(200);
    const db = await getDb();
    const rowBefore = await db.cycle.findUniqueOrThrow({ where: { id: cycle.id } });
    const auditsBefore = await auditCount(cycle.id);

    const res = await move(cycle.id, "progress_to_calibration");
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
    expect(res.body.error.message).toBe(
      `Cycle ${cycle.id} is in stage 'Stage 1 - Start stage'; progress_to_calibration needs 'Stage 3 - Manager Feedback stage'`,
    );
    for (const t of ["start", "progress_to_manager_feedback", "progress_to_communication"]) {
      expect((await move(cycle.id, t)).status).toBe(409);
    }
    const rowAfter = await db.cycle.findUniqueOrThrow({ where: { id: cycle.id } });
    expect(rowAfter).toEqual(rowBefore);
    expect(await workflowStage(cycle.workflow_id)).toEqual({ status: "RUNNING", stage: "start", attr: "start" });
    expect(await auditCount(cycle.id)).toBe(auditsBefore);

    // A finished cycle refuses every move.
    await moveTo(cycle.id, "communication");
    for (const t of CYCLE_TRANSITIONS) expect((await move(cycle.id, t)).status).toBe(409);
  });

  it("runs concurrent identical moves once", async () => {
    const cycle = await createOk({});
    const results = await Promise.all([move(cycle.id, "start"), move(cycle.id, "start"), move(cycle.id, "start")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await (await getDb()).auditRecord.count({ where: { entityType: "Cycle", entityId: String(cycle.id), action: "cycle.transition" } })).toBe(1);
  });

  it("answers 404 for an unknown transition or cycle", async () => {
    const cycle = await createOk({});
    expect((await move(cycle.id, "progress_to_nowhere")).status).toBe(404);
    expect((await move(cycle.id, "START")).status).toBe(404);
    expect((await move(999999999, "start")).status).toBe(404);
    expect((await (await getDb()).cycle.findUniqueOrThrow({ where: { id: cycle.id } })).state).toBe("DRAFT");
  });

  it("deletes only a draft cycle; its workflow completes", async () => {
    const db = await getDb();
    const draft = await createOk({});
    const del = (id: number) =>
      callRoute(adminCycle.action as never, { method: "DELETE", path: `/api/v1/admin/cycles/${id}`, token: adminToken, params: { id: String(id) } });

    const res = await del(draft.id);
    expect(res.status).toBe(204);
    expect(await db.cycle.findUnique({ where: { id: draft.id } })).toBeNull();
    const audit = await db.auditRecord.findFirstOrThrow({ where: { entityType: "Cycle", entityId: String(draft.id), action: "cycle.delete" } });
    expect(audit).toMatchObject({ actorId: admin.id, source: "api" });
    expect(audit.before).toMatchObject({ name: draft.name, state: "draft" });
    const client = await getTemporalClient();
    expect(await client.workflow.getHandle(draft.workflow_id).result()).toEqual({ cycleId: draft.id, stage: "draft", deleted: true });
    expect((await del(draft.id)).status).toBe(404);

    const started = await createOk({});
    await move(started.id, "start");
    const auditsBefore = await auditCount(started.id);
    const refused = await del(started.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain("only a cycle that has not started can be deleted");
    expect(await db.cycle.findUnique({ where: { id: started.id } })).not.toBeNull();
    expect(await auditCount(started.id)).toBe(auditsBefore);
    expect((await workflowStage(started.workflow_id)).status).toBe("RUNNING");
  });
});

describe("cycles API: list order", () => {
  it("lists communication last, then cycles with a start date first, later planned end date first", async () => {
    const a = await createOk({ start_date: "2032-01-01", planned_end_date: "2032-03-31" });
    const b = await createOk({ start_date: "2032-01-01", planned_end_date: "2032-09-30" });
    const c = await createOk({ planned_end_date: "2040-01-01" }); // no start date
    const d = await createOk({ start_date: "2033-01-01", planned_end_date: "2033-12-31" }); // will be in communication
    const e = await createOk({ start_date: "2032-01-01", planned_end_date: null });
    await moveTo(d.id, "communication");
    await moveTo(a.id, "spu_feedback");
    const mine = new Set([a.id, b.id, c.id, d.id, e.id]);

    const res = await callRoute(cyclesRoute.loader as never, { path: "/api/v1/cycles", token: employeeToken });
    expect(res.status).toBe(200);
    const order = (res.body.cycles as Array<{ id: number }>).map((x) => x.id).filter((id) => mine.has(id));
    expect(order).toEqual([b.id, a.id, e.id, c.id, d.id]);
    // communication cycles come after every other cycle in the whole list
    const states = (res.body.cycles as Array<{ state: string }>).map((x) => x.state);
    expect(states.slice(states.indexOf("communication")).every((s) => s === "communication")).toBe(true);

    const admin1 = await callRoute(adminCycles.loader as never, { path: "/api/v1/admin/cycles", token: hrToken });
    expect(admin1.body.cycles.map((x: { id: number }) => x.id)).toEqual(res.body.cycles.map((x: { id: number }) => x.id));
    const expectedCurrent = res.body.cycles.find((x: { state: string }) => x.state !== "draft" && x.state !== "communication");
    expect(admin1.body.current_cycle?.id).toBe(expectedCurrent?.id);

    const byStart = await callRoute(adminCycles.loader as never, { path: "/api/v1/admin/cycles?sort_by_start_date=true", token: adminToken });
    expect(byStart.status).toBe(200);
    const starts = (byStart.body.cycles as Array<{ id: number; start_date: string | null }>).filter((x) => mine.has(x.id));
    expect(starts.map((x) => x.id)).toEqual([d.id, e.id, b.id, a.id, c.id]);
    const bad = await callRoute(adminCycles.loader as never, { path: "/api/v1/admin/cycles?sort_by_start_date=yes", token: adminToken });
    expect(bad.status).toBe(400);
  });

  it("selects the cycle of ?cycle_id= for pages, redirecting to the first sorted cycle when missing", async () => {
    const cycle = await createOk({ start_date: "2099-01-01", planned_end_date: "2099-12-31" }); // sorts first
    let redirect: Response | undefined;
    try {
      await resolveSelectedCycle(new Request("http://127.0.0.1/app/home?x=1"));
    } catch (thrown) {
      redirect = thrown as Response;
    }
    expect(redirect?.status).toBe(302);
    expect(redirect?.headers.get("Location")).toBe(`/app/home?x=1&cycle_id=${cycle.id}`);
    const chosen = await resolveSelectedCycle(new Request(`http://127.0.0.1/app/home?cycle_id=${cycle.id}`));
    expect(chosen.kind === "selected" && chosen.cycle.id).toBe(cycle.id);
    for (const bad of ["999999999", "abc"]) {
      const invalid = await resolveSelectedCycle(new Request(`http://127.0.0.1/app/home?cycle_id=${bad}`));
      expect(invalid).toMatchObject({ kind: "invalid", message: "Invalid Cycle ID" });
    }
    await moveTo(cycle.id, "communication"); // stop it from sorting first for the other tests
  });
});

describe("cycle workflows: boot and recovery", () => {
  it("ensureCycleWorkflows starts missing workflows and replaces ones out of step with the database", async () => {
    const client = await getTemporalClient();
    const gone = await createOk({});
    await move(gone.id, "start");
    await client.workflow.getHandle(gone.workflow_id).terminate("test: lost workflow");
    const first = await ensureCycleWorkflows();
    expect(first.started).toContain(gone.id);
    expect(await workflowStage(gone.workflow_id)).toEqual({ status: "RUNNING", stage: "start", attr: "start" });

    const again = await ensureCycleWorkflows();
    expect(again.started).toEqual([]);
    expect(again.replaced).toEqual([]);
    expect(again.running).toContain(gone.id);

    // A running workflow whose stage differs (e.g. left over from another database) is replaced.
    const stale = await createOk({});
    await client.workflow.start("cycleWorkflow", {
      workflowId: stale.workflow_id,
      taskQueue: process.env.TEMPORAL_TASK_QUEUE ?? "pmr",
      args: [{ cycleId: stale.id, stage: "calibration" }],
      typedSearchAttributes: [{ key: CycleStageKey, value: "calibration" }],
      workflowIdConflictPolicy: "TERMINATE_EXISTING",
    });
    const fixed = await ensureCycleWorkflows();
    expect(fixed.replaced).toContain(stale.id);
    expect(await workflowStage(stale.workflow_id)).toEqual({ status: "RUNNING", stage: "draft", attr: "draft" });
    // And it works afterwards.
    expect((await move(stale.id, "start")).status).toBe(200);
  });

  it("restarts a missing workflow when a move needs it", async () => {
    const cycle = await createOk({});
    const client = await getTemporalClient();
    await client.workflow.getHandle(cycle.workflow_id).terminate("test: lost workflow");
    const res = await move(cycle.id, "start");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await workflowStage(cycle.workflow_id)).toEqual({ status: "RUNNING", stage: "start", attr: "start" });
  });

  it("does not keep a cycle whose workflow cannot be started (503)", async () => {
    const db = await getDb();
    const saved = { client: globalThis.__pmrTemporal, address: process.env.TEMPORAL_ADDRESS };
    globalThis.__pmrTemporal = undefined;
    process.env.TEMPORAL_ADDRESS = "127.0.0.1:1"; // nothing listens there
    const name = `${tag} no temporal`;
    let res;
    try {
      res = await create({ name });
    } finally {
      globalThis.__pmrTemporal = saved.client;
      process.env.TEMPORAL_ADDRESS = saved.address;
    }
    expect(res.status).toBe(503);
    expect(await db.cycle.findFirst({ where: { name } })).toBeNull();
    const rolledBack = await db.auditRecord.findFirst({ where: { action: "cycle.create_rolled_back", before: { path: ["name"], equals: name } } });
    expect(rolledBack).not.toBeNull();
  });
});

describe("admin cycle pages", () => {
  it("are for super admins only, in loader and action", async () => {
    for (const user of [hrOps, employee]) {
      expect((await callPage(adminCyclesPage.loader as never, { path: "/app/admin/cycles", userId: user.id })).status).toBe(403);
      expect(
        (await callPage(adminCyclesPage.action as never, { path: "/app/admin/cycles", userId: user.id, form: { cycleId: "1", transition: "start" } })).status,
      ).toBe(403);
      expect((await callPage(createPage.action as never, { path: "/app/admin/cycles/create", userId: user.id, form: { name: "x" } })).status).toBe(403);
      expect(
        (await callPage(detailsPage.action as never, { path: "/app/admin/cycles/1", userId: user.id, form: { intent: "delete" }, params: { cycleId: "1" } }))
          .status,
      ).toBe(403);
    }
  });

  it("create, start, Close & Proceed, out-of-order error, edit and delete through the page actions", async () => {
    const db = await getDb();
    const name = `${tag} page cycle`;
    const invalid = await callPage(createPage.action as never, {
      path: "/app/admin/cycles/create",
      userId: admin.id,
      form: { name: "", start_date: "2031-05-01", planned_end_date: "2031-04-01", max_peers: "0" },
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.data.fieldErrors).sort()).toEqual(["max_peers", "name", "planned_end_date"]);

    const created = await callPage(createPage.action as never, {
      path: "/app/admin/cycles/create",
      userId: admin.id,
      form: { name, start_date: "2031-05-01", planned_end_date: "", max_peers: "8" },
    });
    expect(created.status).toBe(302);
    const row = await db.cycle.findFirstOrThrow({ where: { name } });
    // The new cycle's page, with its toast (issue 26 §4, ADR 0059).
    expect(created.location).toBe(`/app/admin/cycles/${row.id}?${new URLSearchParams({ done: JSON.stringify({ key: "cyclesAdmin.create.created", values: { name } }) })}`);
    expect(row).toMatchObject({ maxPeers: 8, plannedEndDate: null, state: "DRAFT" });
    expect((await db.auditRecord.findFirstOrThrow({ where: { entityId: String(row.id), action: "cycle.create" } })).source).toBe("page");

    const list = await callPage(adminCyclesPage.loader as never, { path: "/app/admin/cycles", userId: admin.id });
    expect(list.data.cycles.some((c: { id: number }) => c.id === row.id)).toBe(true);

    const form = (transition: string) => ({ cycleId: String(row.id), transition });
    const started = await callPage(adminCyclesPage.action as never, { path: "/app/admin/cycles", userId: admin.id, form: form("start") });
    expect(started.data).toMatchObject({ ok: true });
    const proceed = await callPage(adminCyclesPage.action as never, { path: "/app/admin/cycles", userId: admin.id, form: form("progress_to_spu_feedback") });
    expect(proceed.data).toMatchObject({ ok: true, message: { key: "cyclesAdmin.list.moved", values: { name } }, stage: "spu_feedback" });
    const wrong = await callPage(adminCyclesPage.action as never, { path: "/app/admin/cycles", userId: admin.id, form: form("progress_to_communication") });
    expect(wrong.status).toBe(409);
    expect(wrong.data).toMatchObject({
      error: { key: "cyclesAdmin.list.outOfOrder", values: { transition: "progress_to_communication" } },
      stages: { stage: "spu_feedback", needed: "calibration" },
    });
    expect((await db.cycle.findUniqueOrThrow({ where: { id: row.id } })).state).toBe("SPU_FEEDBACK");
    const transitionAudit = await db.auditRecord.findFirstOrThrow({ where: { entityId: String(row.id), action: "cycle.transition" } });
    expect(transitionAudit).toMatchObject({ source: "page", actorId: admin.id });

    const params = { cycleId: String(row.id) };
    const details = await callPage(detailsPage.loader as never, { path: `/app/admin/cycles/${row.id}`, userId: admin.id, params });
    expect(details.data.cycle).toMatchObject({ id: row.id, state: "spu_feedback", stage_label: "Stage 2 - SPU Feedback stage" });
    const edited = await callPage(detailsPage.action as never, {
      path: `/app/admin/cycles/${row.id}`,
      userId: admin.id,
      params,
      form: { intent: "update", name: `${name} v2`, start_date: "2031-05-01", planned_end_date: "2031-11-30", max_peers: "9" },
    });
    expect(edited.data).toMatchObject({ ok: true });
    expect(await db.cycle.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ name: `${name} v2`, maxPeers: 9 });
    const refused = await callPage(detailsPage.action as never, { path: `/app/admin/cycles/${row.id}`, userId: admin.id, params, form: { intent: "delete" } });
    expect(refused.status).toBe(409);
    expect(refused.data.formError).toEqual({ key: "cyclesAdmin.form.errors.deleteStarted.spu_feedback", values: { id: row.id } });

    const draft = await createOk({});
    const deleted = await callPage(detailsPage.action as never, {
      path: `/app/admin/cycles/${draft.id}`,
      userId: admin.id,
      params: { cycleId: String(draft.id) },
      form: { intent: "delete" },
    });
    expect(deleted.location).toBe("/app/admin/cycles");
    expect(await db.cycle.findUnique({ where: { id: draft.id } })).toBeNull();
    const missing = await callPage(detailsPage.loader as never, { path: "/app/admin/cycles/999999999", userId: admin.id, params: { cycleId: "999999999" } });
    expect(missing.status).toBe(404);
  });
});

describe("OpenAPI", () => {
  it("describes every cycle route", async () => {
    const res = await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" });
    const paths = Object.keys(res.body.paths);
    for (const p of ["/api/v1/cycles", "/api/v1/admin/cycles", "/api/v1/admin/cycles/{id}", ...CYCLE_TRANSITIONS.map((t) => `/api/v1/admin/cycles/{id}/${t}`)]) {
      expect(paths).toContain(p);
    }
    expect(Object.keys(res.body.paths["/api/v1/admin/cycles/{id}"]).sort()).toEqual(["delete", "get", "patch"]);
  });
});
