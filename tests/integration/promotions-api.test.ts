/**
 * Promotion calibration sessions (issue 14), setting up: the HR partner's, the members' and the super
 * admin's calls (cycles, the nomination pool, create, read, edit, the admin's transition and close_all, the
 * dashboard), their 400/401/403/404/405/409 answers, the cycle's endorsement rule (admin cycle API) and the
 * OpenAPI document against the route manifest. Requests go through the app's real route manifest, the
 * services, the real Temporal dev server and worker, and the database. The endorsements and the meeting
 * through close: promotions-api-lifecycle.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { callRoute } from "../support/api";
import { appRoutes, resolveRoute } from "../support/calibration";
import { startTestWorker } from "../support/worker";
import { until } from "../support/wait";
import {
  PANELIST_NS,
  SIGN_OFF_NS,
  adminBase,
  auditCount,
  call,
  createPromotionOrg,
  endorsementWorkflow,
  hrBase,
  moveCycleTo,
  nominate,
  sessionBody,
  sessionWorkflow,
  sessionsUrl,
  type PromotionOrg,
} from "../support/promotions";

let org: PromotionOrg;
let otherCycleId: number;
let stopWorker: () => Promise<void>;
let s1: number; // hr's session: A, B (+ C by PATCH)
let s2: number; // the admin's session: D

const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createPromotionOrg("PromApi");
});

afterAll(async () => {
  await stopWorker?.();
});

describe("The cycle's endorsement settings (admin cycle API)", () => {
  it("creates a cycle with endorsement_rule and endorsement_days, returned in the cycle JSON and audited", async () => {
    const res = await call("POST", "/api/v1/admin/cycles", {
      token: org.token.admin,
      body: { name: `PromApi other ${Date.now().toString(36)}`, endorsement_rule: "skip_level_manager", endorsement_days: 14 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    otherCycleId = res.body.cycle.id;
    expect(res.body.cycle).toMatchObject({ endorsement_rule: "skip_level_manager", endorsement_days: 14, state: "draft" });
    const db = await getDb();
    expect(await db.cycle.findUniqueOrThrow({ where: { id: otherCycleId } })).toMatchObject({ endorsementRule: "skip_level_manager", endorsementDays: 14 });
    const audit = await db.auditRecord.findFirstOrThrow({ where: { action: "cycle.create", entityId: String(otherCycleId) } });
    expect(audit.after).toMatchObject({ endorsement_rule: "skip_level_manager", endorsement_days: 14 });
    // the defaults
    const plain = await call("GET", `/api/v1/admin/cycles/${org.cycleId}`, { token: org.token.admin });
    expect(plain.body.cycle).toMatchObject({ endorsement_rule: "none", endorsement_days: 7 });
  });

  it("refuses a bad rule or number of days (400)", async () => {
    for (const body of [{ endorsement_rule: "everyone" }, { endorsement_days: 0 }, { endorsement_days: 61 }, { endorsement_days: 2.5 }, { endorsement_days: "7" }]) {
      const res = await call("PATCH", `/api/v1/admin/cycles/${org.cycleId}`, { token: org.token.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const created = await call("POST", "/api/v1/admin/cycles", { token: org.token.admin, body: { name: "x", endorsement_rule: "manager" } });
    expect(created.status).toBe(400);
    expect((await call("PATCH", `/api/v1/admin/cycles/${org.cycleId}`, { token: org.token.hr, body: { endorsement_days: 5 } })).status).toBe(403);
  });
});

describe("HR partner: the nomination pool and setting up a session", () => {
  it("refuses a session while the cycle is a draft (409), then lists the nominations the managers made", async () => {
    const early = await call("POST", `${hrBase(org)}/promotion_calibration_sessions`, { token: org.token.hr, body: { ...sessionBody(org, "Early", []), nomination_ids: [1] } });
    expect(early.status, JSON.stringify(early.body)).toBe(409);
    await moveCycleTo(org, "spu_feedback");
    await nominate(org, ["A", "B", "C", "D", "E"]);

    const cycles = await call("GET", "/api/v1/hr_partner/promotion_cycles", { token: org.token.hr });
    expect(cycles.status).toBe(200);
    expect(cycles.body.cycles.find((c: { id: number }) => c.id === org.cycleId)).toMatchObject({ state: "spu_feedback", stage_label: expect.any(String) });
    expect((await call("GET", "/api/v1/hr_partner/promotion_cycles", { token: org.token.emp })).body.cycles).toEqual([]);
    expect((await call("GET", "/api/v1/hr_partner/promotion_cycles")).status).toBe(401);
    expect((await call("POST", "/api/v1/hr_partner/promotion_cycles", { token: org.token.hr, body: {} })).status).toBe(405);

    const pool = await call("GET", `${hrBase(org)}/promotion_nominations`, { token: org.token.hr });
    expect(pool.status).toBe(200);
    expect(ids(pool.body.promotion_nominations).sort()).toEqual([org.nid.A, org.nid.B, org.nid.C, org.nid.D].sort());
    const a = pool.body.promotion_nominations.find((n: { id: number }) => n.id === org.nid.A);
    expect(a).toMatchObject({
      cycle_id: org.cycleId,
      nominee: { id: org.users.A.id, participant_id: org.pid.A },
      manager: { id: org.users.M.id },
      hr_partner: { id: org.users.hr.id },
      nominated_by: { id: org.users.M.id },
      status: "nominated",
      session: null,
      endorsements: [],
      decision: null,
      promotion_decision: null,
    });
    expect(a.rationale).toContain("(A)");
    expect(ids((await call("GET", `${hrBase(org)}/promotion_nominations`, { token: org.token.hr2 })).body.promotion_nominations)).toEqual([org.nid.E]);
    expect((await call("GET", `${hrBase(org)}/promotion_nominations`, { token: org.token.emp })).body.promotion_nominations).toEqual([]);
    expect((await call("GET", `${hrBase(org)}/promotion_nominations?not_in_session=maybe`, { token: org.token.hr })).status).toBe(400);
    expect((await call("GET", `/api/v1/cycles/999999999/hr_partner/promotion_nominations`, { token: org.token.hr })).status).toBe(404);
    expect((await call("GET", `${hrBase(org)}/promotion_nominations`)).status).toBe(401);
  });

  it("creates a draft session with its workflow (201) and an audit record", async () => {
    const res = await call("POST", `${hrBase(org)}/promotion_calibration_sessions`, { token: org.token.hr, body: sessionBody(org, "Engineering", ["A", "B"]) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const s = res.body.promotion_calibration_session;
    s1 = s.id;
    expect(s).toMatchObject({ cycle_id: org.cycleId, name: "Engineering", state: "draft", nomination_count: 2, decided_count: 0, deadline: null, closed_at: null });
    expect(s.created_by.id).toBe(org.users.hr.id);
    expect(s.session_admin.id).toBe(org.users.sa.id);
    expect(ids(s.panelists)).toEqual([org.users.pa.id]);
    expect(ids(s.sign_off_parties)).toEqual([org.users.so.id]);
    expect(await sessionWorkflow(s1)).toEqual({ status: "RUNNING", state: "draft" });
    const db = await getDb();
    expect(await db.calibrationSession.findUniqueOrThrow({ where: { id: s1 } })).toMatchObject({ kind: "PROMOTION", state: "draft" });
    expect(await auditCount("promotion_session.create", s1)).toBe(1);
    // the rule is "none": nobody was asked
    expect(await db.endorsement.count({ where: { sessionId: s1 } })).toBe(0);
    const free = await call("GET", `${hrBase(org)}/promotion_nominations?not_in_session=true`, { token: org.token.hr });
    expect(ids(free.body.promotion_nominations).sort()).toEqual([org.nid.C, org.nid.D].sort());
  });

  it("answers 400, 401, 403, 404, 405 and 409 for bad creates", async () => {
    const url = `${hrBase(org)}/promotion_calibration_sessions`;
    const post = (body: unknown, token = org.token.hr, to = url) => call("POST", to, { token, body });
    expect((await call("POST", url, { body: sessionBody(org, "x", ["C"]) })).status).toBe(401);
    // someone else's nomination (E is hr2's); an employee
    const notMine = await post(sessionBody(org, "x", ["C", "E"]));
    expect(notMine.status).toBe(403);
    expect(notMine.body.error.message).toContain("not the HR partner");
    expect((await post(sessionBody(org, "x", ["C"]), org.token.emp)).status).toBe(403);
    // one promotion session per nomination
    const taken = await post(sessionBody(org, "x", ["A", "C"]));
    expect(taken.status).toBe(409);
    expect(taken.body.error.details.participants).toEqual([org.users.A.email]);
    // a member cannot be a nominee; a nomination of no cycle of ours; bad bodies
    expect((await post({ ...sessionBody(org, "x", ["C"]), panelist_ids: [org.users.C.id] })).status).toBe(422);
    expect((await post({ ...sessionBody(org, "x", ["C"]), nomination_ids: [999_999_999] })).status).toBe(422);
    const invalid = await post({ ...sessionBody(org, "x", ["C"]), nomination_ids: [] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe("validation_failed");
    expect((await post(sessionBody(org, "", ["C"]))).status).toBe(400);
    expect((await post({ ...sessionBody(org, "x", ["C"]), guideline: {} })).status).toBe(400);
    expect((await post({ ...sessionBody(org, "x", ["C"]), sign_off_ids: [] })).status).toBe(400);
    const bad = await call("POST", url, { token: org.token.hr, rawBody: "{nope" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_json");
    // unknown cycle, non-numeric cycle, another method
    expect((await post(sessionBody(org, "x", ["C"]), org.token.hr, "/api/v1/cycles/999999999/hr_partner/promotion_calibration_sessions")).status).toBe(404);
    expect((await post(sessionBody(org, "x", ["C"]), org.token.hr, "/api/v1/cycles/abc/hr_partner/promotion_calibration_sessions")).status).toBe(404);
    expect((await call("PUT", url, { token: org.token.hr, body: {} })).status).toBe(405);
  });

  it("lists my sessions (the HR partner who created them, their session admin)", async () => {
    const url = `${hrBase(org)}/promotion_calibration_sessions`;
    expect(ids((await call("GET", url, { token: org.token.hr })).body.promotion_calibration_sessions)).toEqual([s1]);
    expect(ids((await call("GET", url, { token: org.token.sa })).body.promotion_calibration_sessions)).toEqual([s1]);
    expect((await call("GET", url, { token: org.token.hr2 })).body.promotion_calibration_sessions).toEqual([]);
    expect((await call("GET", url, { token: org.token.pa })).body.promotion_calibration_sessions).toEqual([]);
    expect((await call("GET", url)).status).toBe(401);
    expect((await call("GET", "/api/v1/cycles/999999999/hr_partner/promotion_calibration_sessions", { token: org.token.hr })).status).toBe(404);
  });

  it("reads a session as whoever runs it (403 for others; 404 unknown, another cycle's, not a number)", async () => {
    const url = sessionsUrl(org, "hr_partner", s1);
    const res = await call("GET", url, { token: org.token.hr });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.session.id).toBe(s1);
    expect(res.body.my_roles).toEqual(["hr_partner"]);
    expect(res.body.allowed).toMatchObject({ edit: true, activate: true, request_endorsement: true, vote: false, decide: false });
    expect(res.body.nominations.map((n: { nomination_id: number }) => n.nomination_id).sort()).toEqual([org.nid.A, org.nid.B].sort());
    const a = res.body.nominations.find((n: { nomination_id: number }) => n.nomination_id === org.nid.A);
    expect(a).toMatchObject({ nominee: { id: org.users.A.id }, manager: { id: org.users.M.id }, nomination_status: "nominated", endorsements: [], votes: [], decision: null, terminated: false });
    expect(a.tally).toEqual({ PROMOTED: 0, NOT_PROMOTED: 0, DEFERRED: 0, total: 0 });
    const sa = await call("GET", url, { token: org.token.sa });
    expect(sa.status).toBe(200);
    expect(sa.body.my_roles).toEqual(["session_admin"]);
    expect(sa.body.allowed).toMatchObject({ edit: false, activate: false, request_endorsement: true });
    for (const token of [org.token.pa, org.token.so, org.token.hr2, org.token.emp]) expect((await call("GET", url, { token })).status).toBe(403);
    expect((await call("GET", url)).status).toBe(401);
    expect((await call("GET", sessionsUrl(org, "hr_partner", 999_999_999), { token: org.token.hr })).status).toBe(404);
    expect((await call("GET", `/api/v1/cycles/${otherCycleId}/hr_partner/promotion_calibration_sessions/${s1}`, { token: org.token.hr })).status).toBe(404);
    expect((await call("GET", `${hrBase(org)}/promotion_calibration_sessions/first`, { token: org.token.hr })).status).toBe(404);
  });

  it("edits the draft: name, nominations, deadline (through the workflow); others get 403", async () => {
    const url = sessionsUrl(org, "hr_partner", s1);
    const patch = await call("PATCH", url, { token: org.token.hr, body: { name: "Engineering EU", nomination_ids: [org.nid.A, org.nid.B, org.nid.C] } });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    expect(patch.body.promotion_calibration_session).toMatchObject({ name: "Engineering EU", nomination_count: 3 });
    expect(await auditCount("promotion_session.update", s1)).toBe(1);
    const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const dl = await call("PATCH", url, { token: org.token.hr, body: { deadline } });
    expect(dl.status, JSON.stringify(dl.body)).toBe(200);
    expect(dl.body.promotion_calibration_session.deadline).toBe(deadline);
    for (const token of [org.token.hr2, org.token.sa, org.token.pa, org.token.emp]) expect((await call("PATCH", url, { token, body: { name: "Mine now" } })).status).toBe(403);
    expect((await call("PATCH", url, { token: org.token.hr, body: { name: "x", colour: "red" } })).status).toBe(400);
    expect((await call("PATCH", url, { token: org.token.hr, body: { nomination_ids: [org.nid.C, org.nid.E] } })).status).toBe(403);
    expect((await call("PATCH", url, { token: org.token.hr, rawBody: "[" })).status).toBe(400);
    expect((await call("DELETE", url, { token: org.token.hr })).status).toBe(405);
  });
});

describe("Panelists and sign-off parties: their cycles and sessions", () => {
  it("lists the sessions where I hold the role and reads one as that role", async () => {
    for (const [ns, who, role] of [
      [PANELIST_NS, "pa", "panelist"],
      [SIGN_OFF_NS, "so", "sign_off"],
    ] as const) {
      const cycles = await call("GET", `/api/v1/${ns}/promotion_cycles`, { token: org.token[who] });
      expect(cycles.status).toBe(200);
      expect(ids(cycles.body.cycles)).toContain(org.cycleId);
      expect((await call("GET", `/api/v1/${ns}/promotion_cycles`, { token: org.token.emp })).body.cycles).toEqual([]);
      expect((await call("GET", `/api/v1/${ns}/promotion_cycles`)).status).toBe(401);
      const list = await call("GET", sessionsUrl(org, ns), { token: org.token[who] });
      expect(ids(list.body.promotion_calibration_sessions)).toEqual([s1]);
      expect((await call("GET", sessionsUrl(org, ns), { token: org.token.hr })).body.promotion_calibration_sessions).toEqual([]);
      const detail = await call("GET", sessionsUrl(org, ns, s1), { token: org.token[who] });
      expect(detail.status, JSON.stringify(detail.body)).toBe(200);
      expect(detail.body.my_roles).toEqual([role]);
      expect(detail.body.nominations).toHaveLength(3);
      expect(detail.body.allowed).toMatchObject({ edit: false, vote: false, sign_off: false });
      // not my role there: the HR partner, the other panelist, an employee
      for (const token of [org.token.hr, org.token.pb, org.token.emp]) expect((await call("GET", sessionsUrl(org, ns, s1), { token })).status).toBe(403);
      expect((await call("GET", sessionsUrl(org, ns, 999_999_999), { token: org.token[who] })).status).toBe(404);
      expect((await call("GET", `/api/v1/cycles/${otherCycleId}/${ns}/promotion_calibration_sessions/${s1}`, { token: org.token[who] })).status).toBe(404);
      expect((await call("POST", sessionsUrl(org, ns, s1), { token: org.token[who], body: {} })).status).toBe(405);
    }
  });
});

describe("Admin: promotion sessions of the whole cycle", () => {
  it("is for super admins only (403, 401)", async () => {
    for (const token of [org.token.hr, org.token.emp, org.token.sa, org.token.pa]) {
      expect((await call("GET", adminBase(org), { token })).status).toBe(403);
      expect((await call("POST", adminBase(org), { token, body: sessionBody(org, "x", ["D"]) })).status).toBe(403);
      expect((await call("GET", `${adminBase(org)}/${s1}`, { token })).status).toBe(403);
      expect((await call("PATCH", `${adminBase(org)}/${s1}`, { token, body: { name: "x" } })).status).toBe(403);
      expect((await call("PATCH", `${adminBase(org)}/${s1}/transition?event=close`, { token })).status).toBe(403);
      expect((await call("PATCH", `${adminBase(org)}/close_all`, { token })).status).toBe(403);
      expect((await call("GET", `/api/v1/admin/cycles/${org.cycleId}/promotion_nominations`, { token })).status).toBe(403);
      expect((await call("GET", "/api/v1/admin/promotion_dashboard", { token })).status).toBe(403);
    }
    expect((await call("GET", `/api/v1/admin/cycles/${org.cycleId}/promotion_nominations`)).status).toBe(401);
    expect((await call("GET", "/api/v1/admin/promotion_dashboard")).status).toBe(401);
  });

  it("creates a session from anyone's nominations, lists, reads and edits every session, lists every nomination", async () => {
    const created = await call("POST", adminBase(org), { token: org.token.admin, body: sessionBody(org, "Ops", ["D"], { sa: null, pa: ["pb"] }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    s2 = created.body.promotion_calibration_session.id;
    expect(created.body.promotion_calibration_session).toMatchObject({ created_by: { id: org.users.admin.id }, session_admin: null, state: "draft" });
    expect(await sessionWorkflow(s2)).toEqual({ status: "RUNNING", state: "draft" });
    expect((await call("POST", adminBase(org), { token: org.token.admin, body: sessionBody(org, "Dup", ["D"]) })).status).toBe(409);
    expect((await call("POST", adminBase(org), { token: org.token.admin, body: { name: "x" } })).status).toBe(400);

    const list = await call("GET", adminBase(org), { token: org.token.admin });
    expect(ids(list.body.promotion_calibration_sessions)).toEqual([s1, s2]);
    const pool = await call("GET", `/api/v1/admin/cycles/${org.cycleId}/promotion_nominations`, { token: org.token.admin });
    expect(pool.status).toBe(200);
    expect(pool.body.promotion_nominations).toHaveLength(5);
    const free = await call("GET", `/api/v1/admin/cycles/${org.cycleId}/promotion_nominations?not_in_session=true`, { token: org.token.admin });
    expect(ids(free.body.promotion_nominations)).toEqual([org.nid.E]);
    expect((await call("GET", `/api/v1/admin/cycles/999999999/promotion_nominations`, { token: org.token.admin })).status).toBe(404);

    const detail = await call("GET", `${adminBase(org)}/${s1}`, { token: org.token.admin });
    expect(detail.status).toBe(200);
    expect(detail.body.my_roles).toEqual(["admin"]);
    expect(detail.body.allowed).toMatchObject({ edit: true, activate: true, close: true, vote: false });
    expect(detail.body.nominations).toHaveLength(3);
    const renamed = await call("PATCH", `${adminBase(org)}/${s2}`, { token: org.token.admin, body: { name: "Operations" } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.promotion_calibration_session.name).toBe("Operations");
    expect((await call("PATCH", `${adminBase(org)}/${s2}`, { token: org.token.admin, body: { name: 7 } })).status).toBe(400);
    expect((await call("GET", `${adminBase(org)}/999999999`, { token: org.token.admin })).status).toBe(404);
    expect((await call("GET", `/api/v1/admin/cycles/${otherCycleId}/promotion_calibration_sessions/${s1}`, { token: org.token.admin })).status).toBe(404);
    expect((await call("GET", `/api/v1/admin/cycles/x/promotion_calibration_sessions`, { token: org.token.admin })).status).toBe(404);
  });

  it("moves a session by ?event= (409 unknown, missing or out of order; 403 for a member's path) and closes a draft", async () => {
    const url = (event?: string) => `${adminBase(org)}/${s2}/transition${event === undefined ? "" : `?event=${event}`}`;
    const unknown = await call("PATCH", url("fly"), { token: org.token.admin });
    expect(unknown.status).toBe(409);
    expect(unknown.body.error.details.events).toEqual(["activate", "progress_to_review", "progress_to_close", "progress_to_revision_requested", "close"]);
    expect((await call("PATCH", url(), { token: org.token.admin })).status).toBe(409);
    // activate needs the calibration stage; progress_to_review needs an active session
    expect((await call("PATCH", url("activate"), { token: org.token.admin })).status).toBe(409);
    expect((await call("PATCH", url("progress_to_review"), { token: org.token.admin })).status).toBe(403);
    expect((await call("PATCH", url("close"), { token: org.token.admin, body: { comment: 5 } })).status).toBe(400);
    // the member path refuses the admin's close, and the admin holds no member role
    expect((await call("PATCH", `/api/v1/cycles/${org.cycleId}/promotion_calibration_sessions/${s2}/transition?event=close`, { token: org.token.pb })).status).toBe(403);
    expect((await call("PATCH", `/api/v1/cycles/${org.cycleId}/promotion_calibration_sessions/${s2}/transition?event=close`, { token: org.token.admin })).status).toBe(403);
    expect((await call("GET", url("close"), { token: org.token.admin })).status).toBe(405);

    const closed = await call("PATCH", url("close"), { token: org.token.admin, body: { comment: "Merged into Engineering" } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.promotion_calibration_session).toMatchObject({ id: s2, state: "closed", closed_at: expect.any(String) });
    expect(await until("the session workflow to complete", async () => (await sessionWorkflow(s2)).status === "COMPLETED")).toBe(true);
    expect((await call("PATCH", url("close"), { token: org.token.admin })).status).toBe(409);
    expect((await call("PATCH", `${adminBase(org)}/${s2}`, { token: org.token.admin, body: { deadline: null } })).status).toBe(409);
  });

  it("routes close_all before {session_id} and closes every open session", async () => {
    const base = adminBase(org);
    expect(resolveRoute(`${base}/close_all`)!.file).toBe("routes/api.v1.admin.cycles.$id.promotion_calibration_sessions.close_all.ts");
    expect(resolveRoute(`${base}/12`)!.file).toBe("routes/api.v1.admin.cycles.$id.promotion_calibration_sessions.$session_id._index.ts");
    expect(resolveRoute(`/api/v1/admin/cycles/${org.cycleId}/promotion_nominations`)!.file).toBe("routes/api.v1.admin.cycles.$id.promotion_nominations.ts");
    expect((await call("GET", `${base}/close_all`, { token: org.token.admin })).status).toBe(405);
    expect((await call("GET", `${base}/latest`, { token: org.token.admin })).status).toBe(404);
    expect((await call("PATCH", `/api/v1/admin/cycles/999999999/promotion_calibration_sessions/close_all`, { token: org.token.admin })).status).toBe(404);
  });
});

describe("The cycle's rule picks endorsers", () => {
  it("with skip_level_manager, a new session asks the nominee's manager's manager (source cycle_rule), audited", async () => {
    const patched = await call("PATCH", `/api/v1/admin/cycles/${org.cycleId}`, { token: org.token.admin, body: { endorsement_rule: "skip_level_manager", endorsement_days: 10 } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.cycle).toMatchObject({ endorsement_rule: "skip_level_manager", endorsement_days: 10 });
    const db = await getDb();
    const audit = await db.auditRecord.findFirstOrThrow({ where: { action: "cycle.update", entityId: String(org.cycleId) }, orderBy: { id: "desc" } });
    expect(audit.before).toMatchObject({ endorsement_rule: "none", endorsement_days: 7 });
    expect(audit.after).toMatchObject({ endorsement_rule: "skip_level_manager", endorsement_days: 10 });

    const before = Date.now();
    const res = await call("POST", `${hrBase(org)}/promotion_calibration_sessions`, { token: org.token.hr2, body: sessionBody(org, "Sales", ["E"]) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sessionId = res.body.promotion_calibration_session.id;
    const rows = await db.endorsement.findMany({ where: { sessionId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ nominationId: org.nid.E, endorserId: org.users.K.id, status: "requested", source: "cycle_rule" });
    const days = (rows[0]!.deadline!.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(9.9);
    expect(days).toBeLessThan(10.1);
    expect(await auditCount("endorsement.request", rows[0]!.id)).toBe(1);
    expect(await endorsementWorkflow(rows[0]!.id)).toEqual({ status: "RUNNING", endorsementStatus: "requested" });
    // K reads it among their requests; the session shows it
    const mine = await call("GET", "/api/v1/endorsements", { token: org.token.K });
    expect(mine.body.endorsements).toEqual([expect.objectContaining({ id: rows[0]!.id, source: "cycle_rule", status: "requested", nominee: expect.objectContaining({ id: org.users.E.id }) })]);
    const detail = await call("GET", sessionsUrl(org, "hr_partner", sessionId), { token: org.token.hr2 });
    expect(detail.body.nominations[0].endorsements.map((e: { endorser: { id: number } }) => e.endorser.id)).toEqual([org.users.K.id]);
  });
});

describe("Admin promotion dashboard", () => {
  it("counts nominations per cycle and, for one cycle, endorsements and sessions", async () => {
    const res = await call("GET", `/api/v1/admin/promotion_dashboard?cycle_id=${org.cycleId}`, { token: org.token.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.cycle).toMatchObject({ id: org.cycleId, stage: "spu_feedback" });
    expect(res.body.cycles.find((c: { id: number }) => c.id === org.cycleId)).toMatchObject({ nominated: 5, withdrawn: 0, decided: 0, promoted: 0 });
    expect(res.body.endorsements.find((e: { status: string }) => e.status === "requested").count).toBe(1);
    expect(res.body.endorsement_completion).toEqual({ requested: 1, completed: 0, rate: 0 });
    const byState = Object.fromEntries(res.body.sessions.map((s: { state: string; count: number }) => [s.state, s.count]));
    expect(byState).toMatchObject({ draft: 2, closed: 1 });
    const latest = await call("GET", "/api/v1/admin/promotion_dashboard", { token: org.token.admin });
    expect(latest.status).toBe(200);
    expect(latest.body.cycles.length).toBeGreaterThan(0);
    expect((await call("GET", "/api/v1/admin/promotion_dashboard?cycle_id=abc", { token: org.token.admin })).status).toBe(400);
    expect((await call("GET", "/api/v1/admin/promotion_dashboard?cycle_id=999999999", { token: org.token.admin })).status).toBe(404);
    expect((await call("POST", "/api/v1/admin/promotion_dashboard", { token: org.token.admin, body: {} })).status).toBe(405);
  });
});

describe("OpenAPI and the route manifest", () => {
  const isPromotion = (p: string) =>
    p.startsWith("/api/v1/") &&
    (p.includes("promotion_calibration") ||
      p.includes("endorsement") ||
      p.includes("promotion_cycles") ||
      p.includes("promotion_dashboard") ||
      /\/(hr_partner|admin\/cycles\/\{id\})\/promotion_nominations/.test(p));

  it("documents every promotion route with its methods, and each documented call reaches its route (401 without a token)", async () => {
    const doc = (await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" })).body;
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).filter(([p]) => isPromotion(p));
    const manifest = appRoutes();
    const full = (id: string): string => {
      const r = manifest[id]!;
      const parent = r.parentId && r.parentId !== "root" ? full(r.parentId) : "";
      return [parent, r.path ?? ""].filter(Boolean).join("/");
    };
    const files = Object.keys(manifest)
      .map((id) => `/${full(id)}`.replace(/:(\w+)/g, "{$1}"))
      .filter(isPromotion);
    expect(files).toEqual(
      expect.arrayContaining([
        "/api/v1/admin/cycles/{id}/promotion_calibration_sessions/close_all",
        "/api/v1/cycles/{cycle_id}/nominations/{nomination_id}/endorsements/{endorser_id}/endorse",
        "/api/v1/endorsements",
      ]),
    );
    expect(documented.map(([p]) => p).sort()).toEqual([...new Set(files)].sort());
    expect(documented).toHaveLength(31);

    for (const [p, ops] of documented) {
      const url = p.replace(/\{(\w+)\}/g, "1");
      expect(resolveRoute(url), p).not.toBeNull();
      for (const method of Object.keys(ops)) {
        const res = await call(method.toUpperCase(), url, { body: method === "get" ? undefined : {} });
        expect(res.status, `${method} ${p}`).toBe(401);
        const op = ops[method] as { responses: Record<string, unknown> };
        expect(Object.keys(op.responses).some((s) => s.startsWith("2")), `${method} ${p}`).toBe(true);
      }
    }
    const transition = doc.paths["/api/v1/cycles/{cycle_id}/promotion_calibration_sessions/{session_id}/transition"].patch;
    const event = transition.parameters.find((x: { name: string; in: string }) => x.name === "event" && x.in === "query");
    expect(event.schema.type).toBe("string");
    expect(event.schema.enum).toBeUndefined();
    expect(event.schema.description ?? event.description).toContain("progress_to_revision_requested");
    const post = doc.paths["/api/v1/cycles/{cycle_id}/hr_partner/promotion_calibration_sessions"].post;
    expect(Object.keys(post.requestBody.content["application/json"].schema.properties)).toEqual(
      expect.arrayContaining(["name", "nomination_ids", "session_admin_id", "panelist_ids", "sign_off_ids", "deadline"]),
    );
    expect(post.responses["201"]).toBeDefined();
    const cyclePatch = doc.paths["/api/v1/admin/cycles/{id}"].patch;
    expect(Object.keys(cyclePatch.requestBody.content["application/json"].schema.properties)).toEqual(expect.arrayContaining(["endorsement_rule", "endorsement_days"]));
  });
});
