/**
 * Calibration sessions (issue 13), setting up: the HR partner's and the super admin's calls (cycles, the
 * participant pool, create, read, edit, activate), their 400/401/403/404/409 answers, each session's
 * workflow `calibration-session-<id>` with its search attributes, and the OpenAPI document against the route
 * manifest. Requests go through the app's real route manifest (tests/support/calibration.ts `call`), the
 * services, the real Temporal dev server and worker, and the database. The meeting itself (ratings, moves,
 * sign-off, close): calibration-meeting.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { createCycle } from "~/features/cycles/workflow.server";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { CycleIdKey, SessionStateKey } from "../../workflows/search-attributes-contract";
import { callRoute } from "../support/api";
import { moveCycleTo } from "../support/review-org";
import { startTestWorker } from "../support/worker";
import { adminBase, appRoutes, call, createCalibrationOrg, hrBase, resolveRoute, sessionBody, type CalibrationOrg } from "../support/calibration";

let org: CalibrationOrg;
let otherCycleId: number;
let stopWorker: () => Promise<void>;
let s1: number; // hr's session: A, B (+ C by PATCH)
let s2: number; // the admin's session: D, E

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createCalibrationOrg("CalApi");
  otherCycleId = (await createCycle(org.adminActor, { name: `CalApi other ${Date.now().toString(36)}`, max_peers: 5 })).id;
});

afterAll(async () => {
  await stopWorker?.();
});

async function workflowOf(sessionId: number) {
  const desc = await (await getTemporalClient()).workflow.getHandle(`calibration-session-${sessionId}`).describe();
  return { status: desc.status.name, cycleId: desc.typedSearchAttributes.get(CycleIdKey), state: desc.typedSearchAttributes.get(SessionStateKey) };
}

describe("HR partner: setting up a session", () => {
  it("refuses a session while the cycle is a draft (409), then creates a draft with its workflow (201)", async () => {
    const body = sessionBody(org, "Engineering", ["A", "B"]);
    const early = await call("POST", `${hrBase(org)}/calibration_sessions`, { token: org.token.hr, body });
    expect(early.status, JSON.stringify(early.body)).toBe(409);
    await moveCycleTo(org, "start");

    const res = await call("POST", `${hrBase(org)}/calibration_sessions`, { token: org.token.hr, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const s = res.body.calibration_session;
    s1 = s.id;
    expect(s).toMatchObject({ cycle_id: org.cycleId, name: "Engineering", state: "draft", participant_count: 2, terminated_count: 0, deadline: null });
    expect(s.created_by.id).toBe(org.users.hr.id);
    expect(s.session_admin.id).toBe(org.users.sa.id);
    expect(s.panelists.map((p: { id: number }) => p.id)).toEqual([org.users.pa.id]);
    expect(s.sign_off_parties.map((p: { id: number }) => p.id)).toEqual([org.users.so.id]);
    expect(s.guideline).toEqual({ 1: 5, 2: 15, 3: 50, 4: 20, 5: 10 });
    expect(await workflowOf(s1)).toEqual({ status: "RUNNING", cycleId: String(org.cycleId), state: "draft" });
    const db = await getDb();
    expect(await db.auditRecord.count({ where: { action: "calibration_session.create", entityId: String(s1) } })).toBe(1);
  });

  it("answers 400, 401, 403, 404 and 409 for bad creates", async () => {
    const url = `${hrBase(org)}/calibration_sessions`;
    const post = (body: unknown, token = org.token.hr, to = url) => call("POST", to, { token, body });
    expect((await call("POST", url, { body: sessionBody(org, "x", ["C"]) })).status).toBe(401);
    // someone else's participant (E is hr2's)
    const notMine = await post(sessionBody(org, "x", ["C", "E"]));
    expect(notMine.status).toBe(403);
    expect(notMine.body.error.message).toContain("not the HR partner");
    expect((await post(sessionBody(org, "x", ["E"]), org.token.emp)).status).toBe(403);
    // one session per participant per cycle
    const taken = await post(sessionBody(org, "x", ["A", "C"]));
    expect(taken.status).toBe(409);
    expect(taken.body.error.details.participants).toEqual([org.users.A.email]);
    // reviewer-only people get no rating; a member cannot be calibrated; a participant of another cycle
    expect((await post(sessionBody(org, "x", ["R"]))).status).toBe(422);
    expect((await post({ ...sessionBody(org, "x", ["C"]), panelist_ids: [org.users.C.id] })).status).toBe(422);
    expect((await post({ ...sessionBody(org, "x", ["C"]), participant_ids: [999_999_999] })).status).toBe(422);
    // bad bodies
    const invalid = await post({ ...sessionBody(org, "x", ["C"]), guideline: { 1: 50, 2: 50, 3: 50, 4: 0, 5: 0 } });
    expect(invalid.status).toBe(422); // shares not adding up to 100: a rule over valid fields (ADR 0060)
    expect(invalid.body.error.code).toBe("validation_failed");
    expect((await post({ ...sessionBody(org, "", ["C"]) })).status).toBe(400);
    expect((await post({ ...sessionBody(org, "x", ["C"]), extra: 1 })).status).toBe(400);
    const bad = await call("POST", url, { token: org.token.hr, rawBody: "{nope" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_json");
    // unknown cycle, non-numeric cycle
    expect((await post(sessionBody(org, "x", ["C"]), org.token.hr, "/api/v1/cycles/999999999/hr_partner/calibration_sessions")).status).toBe(404);
    expect((await post(sessionBody(org, "x", ["C"]), org.token.hr, "/api/v1/cycles/abc/hr_partner/calibration_sessions")).status).toBe(404);
    expect((await call("PUT", url, { token: org.token.hr, body: {} })).status).toBe(405);
  });

  it("lists my cycles, my participants and my sessions", async () => {
    const cycles = await call("GET", "/api/v1/hr_partner/cycles", { token: org.token.hr });
    expect(cycles.status).toBe(200);
    expect(cycles.body.cycles.find((c: { id: number }) => c.id === org.cycleId)).toMatchObject({ state: "start", stage_label: expect.any(String) });
    expect((await call("GET", "/api/v1/hr_partner/cycles", { token: org.token.emp })).body.cycles).toEqual([]);
    expect((await call("GET", "/api/v1/hr_partner/cycles")).status).toBe(401);

    const all = await call("GET", `${hrBase(org)}/participants`, { token: org.token.hr });
    expect(all.status).toBe(200);
    const byId = new Map(all.body.participants.map((p: { participant_id: number }) => [p.participant_id, p]));
    expect([...byId.keys()].sort()).toEqual([org.pid.A, org.pid.B, org.pid.C, org.pid.D, org.pid.R].sort());
    expect(byId.get(org.pid.A)).toMatchObject({ session: { id: s1, name: "Engineering", state: "draft" }, reviewer_only: false, manager: { id: org.users.M.id } });
    expect(byId.get(org.pid.R)).toMatchObject({ session: null, reviewer_only: true });
    const free = await call("GET", `${hrBase(org)}/participants?not_in_session=true`, { token: org.token.hr });
    expect(free.body.participants.map((p: { participant_id: number }) => p.participant_id).sort()).toEqual([org.pid.C, org.pid.D].sort());
    expect((await call("GET", `${hrBase(org)}/participants?not_in_session=false`, { token: org.token.hr })).body.participants).toHaveLength(5);
    expect((await call("GET", `${hrBase(org)}/participants?not_in_session=maybe`, { token: org.token.hr })).status).toBe(400);
    expect((await call("GET", `/api/v1/cycles/999999999/hr_partner/participants`, { token: org.token.hr })).status).toBe(404);

    const mine = await call("GET", `${hrBase(org)}/calibration_sessions`, { token: org.token.hr });
    expect(mine.body.calibration_sessions.map((s: { id: number }) => s.id)).toEqual([s1]);
    expect((await call("GET", `${hrBase(org)}/calibration_sessions`, { token: org.token.hr2 })).body.calibration_sessions).toEqual([]);
  });

  it("reads a session's setup (403 for another HR partner; 404 unknown, another cycle's, not a number)", async () => {
    const res = await call("GET", `${hrBase(org)}/calibration_sessions/${s1}`, { token: org.token.hr });
    expect(res.status).toBe(200);
    expect(res.body.calibration_session.id).toBe(s1);
    expect(res.body.participants.map((p: { participant_id: number }) => p.participant_id).sort()).toEqual([org.pid.A, org.pid.B].sort());
    expect(Object.keys(res.body)).toEqual(["calibration_session", "participants"]);
    expect((await call("GET", `${hrBase(org)}/calibration_sessions/${s1}`, { token: org.token.hr2 })).status).toBe(403);
    expect((await call("GET", `${hrBase(org)}/calibration_sessions/${s1}`, { token: org.token.sa })).status).toBe(403);
    expect((await call("GET", `${hrBase(org)}/calibration_sessions/999999999`, { token: org.token.hr })).status).toBe(404);
    expect((await call("GET", `/api/v1/cycles/${otherCycleId}/hr_partner/calibration_sessions/${s1}`, { token: org.token.hr })).status).toBe(404);
    expect((await call("GET", `${hrBase(org)}/calibration_sessions/first`, { token: org.token.hr })).status).toBe(404);
  });

  it("edits the draft: name, participants, deadline (through the workflow)", async () => {
    const url = `${hrBase(org)}/calibration_sessions/${s1}`;
    const patch = await call("PATCH", url, { token: org.token.hr, body: { name: "Engineering EU", participant_ids: [org.pid.A, org.pid.B, org.pid.C] } });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    expect(patch.body.calibration_session).toMatchObject({ name: "Engineering EU", participant_count: 3 });
    const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const dl = await call("PATCH", url, { token: org.token.hr, body: { deadline } });
    expect(dl.status, JSON.stringify(dl.body)).toBe(200);
    expect(dl.body.calibration_session.deadline).toBe(deadline);
    expect((await call("PATCH", url, { token: org.token.hr2, body: { name: "Mine now" } })).status).toBe(403);
    expect((await call("PATCH", url, { token: org.token.hr, body: { name: "x", colour: "red" } })).status).toBe(400);
    expect((await call("PATCH", url, { token: org.token.hr, body: { participant_ids: [org.pid.C, org.pid.E] } })).status).toBe(403);
  });

  it("cannot activate before the cycle is in calibration (409)", async () => {
    const res = await call("PATCH", `${hrBase(org)}/calibration_sessions/${s1}/activate`, { token: org.token.hr });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.details.reason).toBe("CycleNotInCalibration");
    expect((await call("PATCH", `${hrBase(org)}/calibration_sessions/${s1}/activate`, { token: org.token.emp })).status).toBe(403);
    expect((await call("GET", `${hrBase(org)}/calibration_sessions/${s1}/activate`, { token: org.token.hr })).status).toBe(405);
    expect((await workflowOf(s1)).state).toBe("draft");
  });
});

describe("Admin: sessions of the whole cycle", () => {
  it("is for super admins only (403, 401)", async () => {
    for (const token of [org.token.hr, org.token.emp, org.token.sa]) {
      expect((await call("GET", adminBase(org), { token })).status).toBe(403);
      expect((await call("PATCH", `${adminBase(org)}/close_all`, { token })).status).toBe(403);
    }
    expect((await call("GET", `${adminBase(org)}/all_participants`)).status).toBe(401);
  });

  it("creates a session for anyone's participants, lists, reads and edits every session", async () => {
    const created = await call("POST", adminBase(org), { token: org.token.admin, body: sessionBody(org, "Ops", ["D", "E"], { pa: ["pb"] }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    s2 = created.body.calibration_session.id;
    expect(created.body.calibration_session.created_by.id).toBe(org.users.admin.id);
    expect(await workflowOf(s2)).toMatchObject({ status: "RUNNING", state: "draft" });

    const list = await call("GET", adminBase(org), { token: org.token.admin });
    expect(list.body.calibration_sessions.map((s: { id: number }) => s.id)).toEqual([s1, s2]);
    const pool = await call("GET", `${adminBase(org)}/all_participants`, { token: org.token.admin });
    expect(pool.body.participants).toHaveLength(6);
    expect((await call("GET", `${adminBase(org)}/all_participants?not_in_session=true`, { token: org.token.admin })).body.participants).toEqual([]);

    const detail = await call("GET", `${adminBase(org)}/${s1}`, { token: org.token.admin });
    expect(detail.status).toBe(200);
    expect(detail.body.my_roles).toEqual(["admin"]);
    expect(detail.body.allowed).toMatchObject({ edit: true, activate: true, set_rating: false });
    expect(detail.body.participants).toHaveLength(3);
    expect(detail.body.move_targets.map((t: { id: number }) => t.id)).toEqual([s2]);
    const sps = await call("GET", `${adminBase(org)}/${s1}/session_participants`, { token: org.token.admin });
    expect(sps.body.participants.map((p: { id: number }) => p.id)).toEqual(detail.body.participants.map((p: { id: number }) => p.id));

    const renamed = await call("PATCH", `${adminBase(org)}/${s2}`, { token: org.token.admin, body: { name: "Operations" } });
    expect(renamed.body.calibration_session.name).toBe("Operations");
    expect((await call("GET", `${adminBase(org)}/999999999`, { token: org.token.admin })).status).toBe(404);
    expect((await call("GET", `/api/v1/admin/cycles/${otherCycleId}/calibration_sessions/${s1}`, { token: org.token.admin })).status).toBe(404);
    expect((await call("PATCH", `${adminBase(org)}/${s2}/activate`, { token: org.token.admin })).status).toBe(409);
  });
});

describe("Activation in the calibration stage", () => {
  it("activates a draft (workflow state active), then refuses structure edits and a second activation (409)", async () => {
    await moveCycleTo(org, "calibration");
    const res = await call("PATCH", `${hrBase(org)}/calibration_sessions/${s1}/activate`, { token: org.token.hr });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.calibration_session.state).toBe("active");
    expect(await workflowOf(s1)).toEqual({ status: "RUNNING", cycleId: String(org.cycleId), state: "active" });
    expect((await call("PATCH", `${hrBase(org)}/calibration_sessions/${s1}/activate`, { token: org.token.hr })).status).toBe(409);
    expect((await call("PATCH", `${hrBase(org)}/calibration_sessions/${s1}`, { token: org.token.hr, body: { name: "Late rename" } })).status).toBe(409);
    const dl = await call("PATCH", `${hrBase(org)}/calibration_sessions/${s1}`, { token: org.token.hr, body: { deadline: null } });
    expect(dl.status).toBe(200);
    expect(dl.body.calibration_session.deadline).toBeNull();
    const admin = await call("PATCH", `${adminBase(org)}/${s2}/activate`, { token: org.token.admin });
    expect(admin.status, JSON.stringify(admin.body)).toBe(200);
    expect(admin.body.calibration_session.state).toBe("active");
    // the members see their sessions now
    const sa = await call("GET", `/api/v1/calibration_session_admin/cycles`, { token: org.token.sa });
    expect(sa.body.cycles.map((c: { id: number }) => c.id)).toContain(org.cycleId);
  });
});

describe("OpenAPI and the route manifest", () => {
  const isCalibration = (p: string) =>
    p.startsWith("/api/v1/") && !p.includes("promotion_calibration") && (p.includes("calibration_session") || p.includes("/hr_partner"));

  it("documents every calibration route with its methods, and each documented call reaches its route (401 without a token)", async () => {
    const doc = (await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" })).body;
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).filter(([p]) => isCalibration(p));
    // the route files, as URL patterns ({param})
    const manifest = appRoutes();
    const full = (id: string): string => {
      const r = manifest[id]!;
      const parent = r.parentId && r.parentId !== "root" ? full(r.parentId) : "";
      return [parent, r.path ?? ""].filter(Boolean).join("/");
    };
    const files = Object.keys(manifest)
      // The job routes' files name their id `$jobId`, the document `{job_id}` (as every job route of the API).
      .map((id) => `/${full(id)}`.replace(/:(\w+)/g, "{$1}").replace("{jobId}", "{job_id}"))
      .filter(isCalibration);
    expect(files).toEqual(expect.arrayContaining([`/api/v1/admin/cycles/{id}/calibration_sessions/close_all`, `/api/v1/cycles/{cycle_id}/hr_partner/participants`]));
    expect(documented.map(([p]) => p).sort()).toEqual([...new Set(files)].sort());

    for (const [p, ops] of documented) {
      const url = p.replace(/\{(\w+)\}/g, "1");
      expect(resolveRoute(url), p).not.toBeNull();
      for (const method of Object.keys(ops)) {
        const res = await call(method.toUpperCase(), url, { body: method === "get" ? undefined : {} });
        expect(res.status, `${method} ${p}`).toBe(401);
        const op = ops[method] as { responses: Record<string, unknown>; requestBody?: unknown };
        expect(Object.keys(op.responses).some((s) => s.startsWith("2")), `${method} ${p}`).toBe(true);
      }
    }
    const post = doc.paths["/api/v1/cycles/{cycle_id}/hr_partner/calibration_sessions"].post;
    expect(Object.keys(post.requestBody.content["application/json"].schema.properties)).toEqual(
      expect.arrayContaining(["name", "participant_ids", "session_admin_id", "panelist_ids", "sign_off_ids", "guideline", "deadline"]),
    );
    expect(post.responses["201"]).toBeDefined();
  });

  it("routes the static admin paths before {session_id}, and a non-number session id is a 404", async () => {
    const base = `/api/v1/admin/cycles/${org.cycleId}/calibration_sessions`;
    expect(resolveRoute(`${base}/close_all`)!.file).toBe("routes/api.v1.admin.cycles.$id.calibration_sessions.close_all.ts");
    expect(resolveRoute(`${base}/close_in_review`)!.file).toBe("routes/api.v1.admin.cycles.$id.calibration_sessions.close_in_review.ts");
    expect(resolveRoute(`${base}/all_participants`)!.file).toBe("routes/api.v1.admin.cycles.$id.calibration_sessions.all_participants.ts");
    expect(resolveRoute(`${base}/12`)!.file).toBe("routes/api.v1.admin.cycles.$id.calibration_sessions.$session_id._index.ts");
    expect(resolveRoute(`/api/v1/admin/cycles/${org.cycleId}/progress_to_calibration`)!.file).toBe("routes/api.v1.admin.cycles.$id.$transition.ts");
    expect((await call("GET", `${base}/close_all`, { token: org.token.admin })).status).toBe(405);
    expect((await call("GET", `${base}/latest`, { token: org.token.admin })).status).toBe(404);
    expect((await call("GET", `${base}/0`, { token: org.token.admin })).status).toBe(404);
  });
});
