/**
 * Issue 27: the HR partner's promotion pages' loaders (the nominations page, the create and edit forms, the session
 * page) read what they show in at most 3 database round trips of their own (the session and shell reads of the frame
 * are counted apart, in platform-reads.test.ts), and show what the services behind the API answer: promotionCycles,
 * listNominationPool, listPromotionSessions, getPromotionSessionDetail and listNominationComments (the old reads).
 * The session has an endorsement request, a vote, a decision with its history and comments, so every part of a
 * nomination card is compared.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as nominationsRoute from "~/routes/app.promotions.hr-partners.nominations";
import * as createRoute from "~/routes/app.promotions.hr-partners.create-session";
import * as editRoute from "~/routes/app.promotions.hr-partners.sessions.$id.edit";
import * as sessionRoute from "~/routes/app.promotions.hr-partners.sessions.$id._index";
import { requireUser, type CurrentUser } from "~/platform/auth.server";
import { getCycle } from "~/features/cycles/service.server";
import { listNominationPool, listPromotionSessions, promotionCycles } from "~/features/promotions/sessions.server";
import { getPromotionSessionDetail, listNominationComments } from "~/features/promotions/meeting.server";
import { sessionInsightsAccess } from "~/features/insights/service.server";
import { ApiError } from "~/platform/api.server";
import { sessionCookieFor } from "../support/session";
import { call, createPromotionOrg, moveCycleTo, nominate, PANELIST_NS, sessionBody, sessionsUrl, transitionUrl, type PromotionOrg } from "../support/promotions";
import { startTestWorker } from "../support/worker";
import { loadPageWithin, pageStatus } from "../support/page-load";

let stopWorker: () => Promise<void>;
let org: PromotionOrg;
let sessionId: number;

async function must(res: Promise<{ status: number; body: any }>, status: number) {
  const r = await res;
  if (r.status !== status) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createPromotionOrg("PromHrReads");
  await moveCycleTo(org, "spu_feedback");
  await nominate(org, ["A", "B", "C", "D"]);
  const made = await must(call("POST", sessionsUrl(org, "hr_partner"), { token: org.token.hr, body: sessionBody(org, "HR reads", ["A", "B"], { pa: ["pa", "pb"] }) }), 201);
  sessionId = made.promotion_calibration_session.id;
  await must(call("POST", `${sessionsUrl(org, "hr_partner", sessionId, "A")}/endorsements`, { token: org.token.sa, body: { endorser_ids: [org.users.e1.id, org.users.e2.id] } }), 201);
  await moveCycleTo(org, "calibration");
  await must(call("PATCH", transitionUrl(org, sessionId, "activate"), { token: org.token.hr }), 200);
  await must(call("POST", `${sessionsUrl(org, PANELIST_NS, sessionId, "A")}/vote`, { token: org.token.pa, body: { vote: "PROMOTED", note: "Ready." } }), 200);
  for (const [decision, reason] of [
    ["PROMOTED", "Clear case."],
    ["DEFERRED", "Wait for the migration."],
  ]) {
    await must(call("PATCH", `${sessionsUrl(org, "hr_partner", sessionId, "A")}/decision`, { token: org.token.hr, body: { decision, reason } }), 200);
  }
  await must(call("POST", `${sessionsUrl(org, PANELIST_NS, sessionId, "A")}/comments`, { token: org.token.pa, body: { body: "Strong case — 强烈推荐." } }), 201);
  await must(call("POST", `${sessionsUrl(org, "hr_partner", sessionId, "A")}/comments`, { token: org.token.hr, body: { body: "Agreed." } }), 201);
});
afterAll(async () => {
  await stopWorker?.();
});

async function currentOf(userId: number): Promise<CurrentUser> {
  return requireUser(new Request("http://127.0.0.1/app/home", { headers: { Cookie: await sessionCookieFor(userId) } }));
}

describe("the HR partner's promotion pages read in at most 3 round trips, and show what the services answer", () => {
  it("the nominations page: cycles, nominations and sessions (the HR partner, and a session admin who is nobody's HR partner)", async () => {
    for (const who of ["hr", "sa"] as const) {
      const data = await loadPageWithin(nominationsRoute.loader, `/app/promotions/hr-partners/nominations?cycle_id=${org.cycleId}`, org.users[who].id);
      expect(data.kind).toBe("selected");
      if (data.kind !== "selected") return;
      const current = await currentOf(org.users[who].id);
      const cycles = await promotionCycles(current, "hr_partner");
      expect(data.cycles).toEqual(cycles.map((c) => ({ id: c.id, name: c.name })));
      expect(data.cycle).toEqual(cycles.find((c) => c.id === org.cycleId));
      expect(data.nominations).toEqual(await listNominationPool(current, "hr_partner", org.cycleId));
      expect(data.sessions).toEqual(await listPromotionSessions(current, "hr_partner", org.cycleId));
      expect(data.sessions.map((s) => s.id)).toEqual([sessionId]);
      // The HR partner sees all four of their people; the session admin the two in the session they run.
      expect(data.nominations.map((n) => n.id).sort()).toEqual((who === "hr" ? [org.nid.A, org.nid.B, org.nid.C, org.nid.D] : [org.nid.A, org.nid.B]).sort());
      // The session's decision before sign-off: only for whoever runs the session.
      expect(data.nominations.find((n) => n.id === org.nid.A)?.decision?.value).toBe("DEFERRED");
      // The link to the session's insights (ADR 0117): the HR partner who created it; the session admin, nobody's HR
      // partner, is refused by the insight page and gets no link.
      expect(data.insightSessions).toEqual(who === "hr" ? [sessionId] : []);
    }
  });

  it("the create form: the nominations in no session yet", async () => {
    const data = await loadPageWithin(createRoute.loader, `/app/promotions/hr-partners/create-session?cycle_id=${org.cycleId}`, org.users.hr.id);
    expect(data.kind).toBe("form");
    if (data.kind !== "form") return;
    const current = await currentOf(org.users.hr.id);
    expect(data.form.pool).toEqual(await listNominationPool(current, "hr_partner", org.cycleId, { notInSession: true }));
    expect(data.form.pool.map((n) => n.id).sort()).toEqual([org.nid.C!, org.nid.D!].sort());
    const cycle = await getCycle(org.cycleId);
    expect(data.form.cycle).toEqual({ id: org.cycleId, name: cycle.name, state: "calibration", stage_label: cycle.stage_label });
  });

  it("the edit form: the session, its nominations and those it may take (403 for anyone but its creator)", async () => {
    const path = `/app/promotions/hr-partners/sessions/${sessionId}/edit?cycle_id=${org.cycleId}`;
    const data = await loadPageWithin(editRoute.loader, path, org.users.hr.id, { params: { id: String(sessionId) } });
    expect(data.kind).toBe("form");
    if (data.kind !== "form") return;
    const current = await currentOf(org.users.hr.id);
    const detail = await getPromotionSessionDetail(current, "hr_partner", org.cycleId, sessionId);
    expect(data.form.session).toEqual(detail.session);
    const selected = detail.nominations.map((n) => n.nomination_id);
    expect([...data.form.selected].sort()).toEqual([...selected].sort());
    const pool = await listNominationPool(current, "hr_partner", org.cycleId);
    expect(data.form.pool).toEqual(pool.filter((n) => selected.includes(n.id) || (n.session === null && n.status === "nominated")));
    expect(data.form.structureEditable).toBe(detail.allowed.edit);
    expect(data.form.structureEditable).toBe(false);
    expect(data.form.deadlineEditable).toBe(true);
    // Without ?cycle_id= the session's own cycle; a session of another cycle is not found.
    const bare = await loadPageWithin(editRoute.loader, `/app/promotions/hr-partners/sessions/${sessionId}/edit`, org.users.hr.id, { params: { id: String(sessionId) } });
    expect(bare.kind === "form" && bare.form.cycle.id).toBe(org.cycleId);
    expect(await pageStatus(editRoute.loader, `/app/promotions/hr-partners/sessions/${sessionId}/edit?cycle_id=999999999`, org.users.hr.id, { params: { id: String(sessionId) } })).toBe(404);
    for (const who of ["sa", "pa", "emp"] as const) expect(await pageStatus(editRoute.loader, path, org.users[who].id, { params: { id: String(sessionId) } }), who).toBe(403);
  });

  it("the session page: every nomination's card and comments as the API reads them, for the HR partner and the session admin", async () => {
    const path = `/app/promotions/hr-partners/sessions/${sessionId}?cycle_id=${org.cycleId}`;
    for (const [who, role] of [
      ["hr", "hr_partner"],
      ["sa", "session_admin"],
    ] as const) {
      const data = await loadPageWithin(sessionRoute.loader, path, org.users[who].id, { params: { id: String(sessionId) } });
      const current = await currentOf(org.users[who].id);
      expect(data.role).toBe(role);
      expect(data.detail).toEqual(await getPromotionSessionDetail(current, role, org.cycleId, sessionId));
      const cycle = await getCycle(org.cycleId);
      expect(data.cycle).toEqual({ id: cycle.id, name: cycle.name, state: cycle.state, stage_label: cycle.stage_label });
      for (const n of data.detail.nominations) {
        expect(data.comments[n.nomination_id], `comments of ${n.nominee.name}`).toEqual(await listNominationComments(current, role, org.cycleId, sessionId, n.nomination_id));
      }
      const a = data.detail.nominations.find((n) => n.nomination_id === org.nid.A)!;
      expect(a.endorsements).toHaveLength(2);
      expect(a.votes.map((v) => v.vote)).toEqual(["PROMOTED"]);
      expect(a.history.map((h) => h.new_value)).toEqual(["DEFERRED", "PROMOTED"]);
      expect(data.comments[org.nid.A!]!.map((c) => c.body)).toEqual(["Strong case — 强烈推荐.", "Agreed."]);
      // The link to the session's insights is shown exactly when the insight page opens for the reader (ADR 0117).
      const opens = await sessionInsightsAccess(current, sessionId).then(
        () => true,
        (e: unknown) => (e instanceof ApiError && e.status === 403 ? false : Promise.reject(e)),
      );
      expect([who, data.insightsLink]).toEqual([who, who === "hr"]);
      expect(data.insightsLink).toBe(opens);
    }
    for (const who of ["pa", "so", "emp"] as const) expect(await pageStatus(sessionRoute.loader, path, org.users[who].id, { params: { id: String(sessionId) } }), who).toBe(403);
    expect(await pageStatus(sessionRoute.loader, `/app/promotions/hr-partners/sessions/${sessionId}?cycle_id=999999999`, org.users.hr.id, { params: { id: String(sessionId) } })).toBe(404);
  });
});
