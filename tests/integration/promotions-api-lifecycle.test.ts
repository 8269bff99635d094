/**
 * A promotion calibration session from draft to close through the API (issue 14, ADR 0028): endorsers
 * asked (each request its workflow `endorsement-<id>`), accept, reject, endorse and expiry; activate;
 * panelists vote; comments and the nominee's feedback summary for each role; decisions with their
 * history; review, revision (comment required), review again, close ⇒ Participant.promotionDecision with
 * its audit, open requests cancelled; and the cycle cannot reach communication while a promotion session
 * is open. With 400/401/403/404/405/409 along the way. Setting up: promotions-api.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { startTestWorker } from "../support/worker";
import { until } from "../support/wait";
import {
  PANELIST_NS,
  SIGN_OFF_NS,
  adminBase,
  answerUrl,
  auditCount,
  call,
  createPromotionOrg,
  endorsementWorkflow,
  moveCycleTo,
  nominate,
  sessionBody,
  sessionWorkflow,
  sessionsUrl,
  transitionUrl,
  type Namespace,
  type Nominee,
  type PromotionOrg,
} from "../support/promotions";

let org: PromotionOrg;
let stopWorker: () => Promise<void>;
let s1: number; // hr's session: A, B (sa, pa + pb, so)
let s2: number; // hr's session: C, left a draft
const req: Record<string, number> = {}; // endorsement ids: "A:e1", ...

const hrNom = (sessionId: number, who: Nominee | number) => sessionsUrl(org, "hr_partner", sessionId, who);
const endorsementOf = async (id: number) => (await getDb()).endorsement.findUniqueOrThrow({ where: { id } });

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createPromotionOrg("PromLife");
  await moveCycleTo(org, "spu_feedback");
  await nominate(org, ["A", "B", "C", "D"]);
  const one = await call("POST", sessionsUrl(org, "hr_partner"), { token: org.token.hr, body: sessionBody(org, "Engineering", ["A", "B"], { pa: ["pa", "pb"] }) });
  if (one.status !== 201) throw new Error(JSON.stringify(one.body));
  s1 = one.body.promotion_calibration_session.id;
  const two = await call("POST", sessionsUrl(org, "hr_partner"), { token: org.token.hr, body: sessionBody(org, "Design", ["C"]) });
  if (two.status !== 201) throw new Error(JSON.stringify(two.body));
  s2 = two.body.promotion_calibration_session.id;
});

afterAll(async () => {
  await stopWorker?.();
});

describe("Endorsement requests", () => {
  it("the session admin asks endorsers (201): a request each, its workflow RUNNING with EndorsementStatus, audited", async () => {
    const res = await call("POST", `${hrNom(s1, "A")}/endorsements`, { token: org.token.sa, body: { endorser_ids: [org.users.e1.id, org.users.e2.id] } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.endorsements).toHaveLength(2);
    for (const e of res.body.endorsements) {
      expect(e).toMatchObject({ cycle_id: org.cycleId, nomination_id: org.nid.A, session_id: s1, status: "requested", outcome: null, source: "session_admin", nominee: { id: org.users.A.id } });
      req[`A:${e.endorser.id === org.users.e1.id ? "e1" : "e2"}`] = e.id;
      expect(await endorsementWorkflow(e.id)).toEqual({ status: "RUNNING", endorsementStatus: "requested" });
      expect(await auditCount("endorsement.request", e.id)).toBe(1);
      // default deadline: the cycle's endorsement_days (7)
      expect(Date.parse(e.deadline) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    }
    // the HR partner who created the session asks too: e1 for B (left open until the close), e3 for A with a deadline seconds away
    const b = await call("POST", `${hrNom(s1, "B")}/endorsements`, { token: org.token.hr, body: { endorser_ids: [org.users.e1.id] } });
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    req["B:e1"] = b.body.endorsements[0].id;
    const soon = new Date(Date.now() + 4000).toISOString();
    const e3 = await call("POST", `${hrNom(s1, "A")}/endorsements`, { token: org.token.hr, body: { endorser_ids: [org.users.e3.id], deadline: soon } });
    expect(e3.status, JSON.stringify(e3.body)).toBe(201);
    req["A:e3"] = e3.body.endorsements[0].id;
    expect(e3.body.endorsements[0].deadline).toBe(soon);
    // asking an open request again sends nothing
    const again = await call("POST", `${hrNom(s1, "A")}/endorsements`, { token: org.token.sa, body: { endorser_ids: [org.users.e1.id] } });
    expect(again.status).toBe(201);
    expect(again.body.endorsements).toEqual([]);
  });

  it("answers 400, 401, 403, 404 and 405 for bad requests", async () => {
    const url = `${hrNom(s1, "A")}/endorsements`;
    const post = (body: unknown, token = org.token.sa, to = url) => call("POST", to, { token, body });
    expect((await call("POST", url, { body: { endorser_ids: [org.users.e1.id] } })).status).toBe(401);
    for (const token of [org.token.pa, org.token.so, org.token.emp, org.token.hr2]) expect((await post({ endorser_ids: [org.users.e3.id] }, token)).status).toBe(403);
    expect((await post({ endorser_ids: [org.users.A.id] })).status).toBe(422); // the nominee
    expect((await post({ endorser_ids: [] })).status).toBe(400);
    expect((await post({ endorser_ids: [999_999_999] })).status).toBe(422);
    expect((await post({ endorser_ids: [org.users.e3.id], deadline: new Date(Date.now() - 60_000).toISOString() })).status).toBe(422);
    expect((await post({ endorser_ids: [org.users.e3.id], deadline: "soon" })).status).toBe(400);
    expect((await post({ endorser_ids: [org.users.e3.id], extra: true })).status).toBe(400);
    // C's nomination is in another session; an unknown nomination; another session of the cycle
    expect((await post({ endorser_ids: [org.users.e3.id] }, org.token.sa, `${hrNom(s1, "C")}/endorsements`)).status).toBe(404);
    expect((await post({ endorser_ids: [org.users.e3.id] }, org.token.sa, `${hrNom(s1, 999_999_999)}/endorsements`)).status).toBe(404);
    expect((await post({ endorser_ids: [org.users.e3.id] }, org.token.sa, `${hrNom(999_999_999, "A")}/endorsements`)).status).toBe(404);
    expect((await post({ endorser_ids: [org.users.e3.id] }, org.token.sa, `${hrNom(s1, "A").replace("/promotion_nominations/", "/promotion_nominations/x")}/endorsements`)).status).toBe(404);
    expect((await call("GET", url, { token: org.token.sa })).status).toBe(405);
  });

  it("lists my requests (?cycle_id) and reads one: the endorser, the session's members, not others", async () => {
    const mine = await call("GET", "/api/v1/endorsements", { token: org.token.e1 });
    expect(mine.status).toBe(200);
    expect(mine.body.endorsements.map((e: { id: number }) => e.id).sort()).toEqual([req["A:e1"], req["B:e1"]].sort());
    expect((await call("GET", `/api/v1/endorsements?cycle_id=${org.cycleId}`, { token: org.token.e1 })).body.endorsements).toHaveLength(2);
    expect((await call("GET", "/api/v1/endorsements?cycle_id=999999999", { token: org.token.e1 })).body.endorsements).toEqual([]);
    expect((await call("GET", "/api/v1/endorsements?cycle_id=abc", { token: org.token.e1 })).status).toBe(400);
    expect((await call("GET", "/api/v1/endorsements", { token: org.token.emp })).body.endorsements).toEqual([]);
    expect((await call("GET", "/api/v1/endorsements")).status).toBe(401);

    const url = `/api/v1/cycles/${org.cycleId}/endorsements/${req["A:e1"]}`;
    const one = await call("GET", url, { token: org.token.e1 });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.endorsement).toMatchObject({ id: req["A:e1"], status: "requested", nominated_by: { id: org.users.M.id }, can: { accept: true, reject: true, endorse: false } });
    expect(one.body.endorsement.rationale).toContain("(A)");
    const member = await call("GET", url, { token: org.token.pa });
    expect(member.status).toBe(200);
    expect(member.body.endorsement.can).toEqual({ accept: false, reject: false, endorse: false });
    expect((await call("GET", url, { token: org.token.admin })).status).toBe(200);
    for (const token of [org.token.e2, org.token.emp, org.token.A, org.token.hr2]) expect((await call("GET", url, { token })).status).toBe(404); // not found rather than forbidden: that the request exists is not theirs to learn (ADR 0028)
    expect((await call("GET", `/api/v1/cycles/${org.cycleId}/endorsements/999999999`, { token: org.token.e1 })).status).toBe(404);
    expect((await call("GET", `/api/v1/cycles/999999999/endorsements/${req["A:e1"]}`, { token: org.token.e1 })).status).toBe(404);
    expect((await call("GET", `/api/v1/cycles/${org.cycleId}/endorsements/first`, { token: org.token.e1 })).status).toBe(404);
    expect((await call("GET", url)).status).toBe(401);
  });

  it("the endorser accepts then endorses; only they may, only while open (403, 409)", async () => {
    const accept = answerUrl(org, "A", org.users.e1, "accept");
    expect((await call("POST", accept)).status).toBe(401);
    // another endorser answering e1's request
    const other = await call("POST", accept, { token: org.token.e2 });
    expect(other.status).toBe(403);
    // endorsing before accepting
    expect((await call("POST", answerUrl(org, "A", org.users.e1, "endorse"), { token: org.token.e1, body: { outcome: "endorsed", endorsement: "Yes." } })).status).toBe(409);
    const ok = await call("POST", accept, { token: org.token.e1 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.endorsement).toMatchObject({ id: req["A:e1"], status: "accepted", responded_at: expect.any(String) });
    expect(await until("EndorsementStatus accepted", async () => (await endorsementWorkflow(req["A:e1"]!)).endorsementStatus === "accepted")).toBe(true);
    expect(await auditCount("endorsement.accept", req["A:e1"]!)).toBe(1);
    expect((await call("POST", accept, { token: org.token.e1 })).status).toBe(409);

    const endorse = answerUrl(org, "A", org.users.e1, "endorse");
    for (const body of [{}, { outcome: "maybe", endorsement: "x" }, { outcome: "endorsed", endorsement: "  " }, { outcome: "endorsed" }]) {
      expect((await call("POST", endorse, { token: org.token.e1, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call("POST", endorse, { token: org.token.e1, rawBody: "{" })).status).toBe(400);
    const done = await call("POST", endorse, { token: org.token.e1, body: { outcome: "endorsed", endorsement: "Anna leads by example." } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.endorsement).toMatchObject({ status: "endorsed", outcome: "endorsed", outcome_label: "Endorsed", body: "Anna leads by example.", endorsed_at: expect.any(String) });
    expect(await endorsementOf(req["A:e1"]!)).toMatchObject({ status: "endorsed", outcome: "endorsed", body: "Anna leads by example." });
    expect(await auditCount("endorsement.endorse", req["A:e1"]!)).toBe(1);
    expect(await until("the endorsement workflow to complete", async () => (await endorsementWorkflow(req["A:e1"]!)).status === "COMPLETED")).toBe(true);
    // answering an endorsed request
    expect((await call("POST", endorse, { token: org.token.e1, body: { outcome: "not_endorsed", endorsement: "Changed my mind." } })).status).toBe(409);
    expect((await call("POST", answerUrl(org, "A", org.users.e1, "reject"), { token: org.token.e1 })).status).toBe(409);
    // no request of this person; non-numeric ids; another method
    expect((await call("POST", answerUrl(org, "A", org.users.emp, "accept"), { token: org.token.emp })).status).toBe(404);
    expect((await call("POST", `/api/v1/cycles/999999999/nominations/${org.nid.A}/endorsements/${org.users.e2.id}/accept`, { token: org.token.e2 })).status).toBe(404);
    expect((await call("POST", `/api/v1/cycles/${org.cycleId}/nominations/x/endorsements/${org.users.e2.id}/accept`, { token: org.token.e2 })).status).toBe(404);
    expect((await call("GET", accept, { token: org.token.e1 })).status).toBe(405);
  });

  it("the endorser rejects with a reason; a rejected or expired request cannot change (409)", async () => {
    expect((await call("POST", answerUrl(org, "A", org.users.e2, "reject"), { token: org.token.e2, body: { reason: 5 } })).status).toBe(400);
    const rejected = await call("POST", answerUrl(org, "A", org.users.e2, "reject"), { token: org.token.e2, body: { reason: "I have not worked with Anna" } });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.endorsement).toMatchObject({ status: "rejected", reject_reason: "I have not worked with Anna", outcome_label: "Declined" });
    expect(await auditCount("endorsement.reject", req["A:e2"]!)).toBe(1);
    expect((await call("POST", answerUrl(org, "A", org.users.e2, "accept"), { token: org.token.e2 })).status).toBe(409);

    await until("e3's request to expire", async () => (await endorsementOf(req["A:e3"]!)).status === "expired", 60_000);
    expect(await auditCount("endorsement.expire", req["A:e3"]!)).toBe(1);
    const late = await call("POST", answerUrl(org, "A", org.users.e3, "accept"), { token: org.token.e3 });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toContain("expired");
    const view = await call("GET", `/api/v1/cycles/${org.cycleId}/endorsements/${req["A:e3"]}`, { token: org.token.e3 });
    expect(view.body.endorsement).toMatchObject({ status: "expired", outcome_label: "No response", can: { accept: false, reject: false, endorse: false } });
  });
});

describe("The meeting", () => {
  it("activates through ?event= only in the calibration stage; 409 unknown, missing or out-of-order events; 403 wrong role", async () => {
    const patch = (token: string, event?: string, body?: unknown) => call("PATCH", transitionUrl(org, s1, event), { token, body });
    expect((await patch(org.token.hr, "activate")).status).toBe(409); // the cycle is in SPU feedback
    await moveCycleTo(org, "calibration");
    expect((await patch(org.token.hr, "launch")).status).toBe(409);
    expect((await patch(org.token.hr)).status).toBe(409);
    expect((await patch(org.token.so, "progress_to_close")).status).toBe(409); // a draft is not in review
    expect((await patch(org.token.sa, "activate")).status).toBe(403); // the session admin does not activate
    expect((await patch(org.token.pa, "activate")).status).toBe(403);
    expect((await patch(org.token.emp, "activate")).status).toBe(403);
    expect((await patch(org.token.hr2, "activate")).status).toBe(403);
    expect((await call("PATCH", transitionUrl(org, s1, "activate"))).status).toBe(401);
    expect((await call("PATCH", `/api/v1/cycles/${org.cycleId}/promotion_calibration_sessions/999999999/transition?event=activate`, { token: org.token.hr })).status).toBe(404);
    expect((await patch(org.token.hr, "activate", { comment: "x", extra: 1 })).status).toBe(400);
    expect((await call("POST", transitionUrl(org, s1, "activate"), { token: org.token.hr })).status).toBe(405);

    const res = await patch(org.token.hr, "activate");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.promotion_calibration_session).toMatchObject({ id: s1, state: "active" });
    expect(await sessionWorkflow(s1)).toEqual({ status: "RUNNING", state: "active" });
    expect(await auditCount("calibration_session.transition", s1)).toBe(1);
    expect((await patch(org.token.hr, "activate")).status).toBe(409);
    // structure edits end with the draft
    expect((await call("PATCH", sessionsUrl(org, "hr_partner", s1), { token: org.token.hr, body: { name: "Late" } })).status).toBe(409);
  });

  it("panelists vote (a new vote replaces mine), audited; others get 403, a draft or another session's nomination 409/404", async () => {
    const vote = (who: "pa" | "pb" | "so" | "hr", body: unknown, nominee: Nominee = "A", sessionId = s1) =>
      call("POST", `${sessionsUrl(org, PANELIST_NS, sessionId, nominee)}/vote`, { token: org.token[who], body });
    const first = await vote("pa", { vote: "PROMOTED", note: "Ready" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.vote).toMatchObject({ panelist: { id: org.users.pa.id }, vote: "PROMOTED", vote_label: "Promote", note: "Ready" });
    expect((await vote("pb", { vote: "NOT_PROMOTED" })).status).toBe(200);
    const changed = await vote("pa", { vote: "DEFERRED" });
    expect(changed.body.vote).toMatchObject({ vote: "DEFERRED", note: null });
    const db = await getDb();
    expect(await db.promotionVote.count({ where: { sessionId: s1 } })).toBe(2);
    const sp = await db.calibrationSessionParticipant.findFirstOrThrow({ where: { sessionId: s1, participantId: org.pid.A } });
    expect(await auditCount("promotion_session.vote", sp.id)).toBe(3);

    for (const body of [{}, { vote: "YES" }, { vote: "PROMOTED", note: 3 }, { vote: "PROMOTED", extra: 1 }]) expect((await vote("pa", body)).status, JSON.stringify(body)).toBe(400);
    expect((await vote("so", { vote: "PROMOTED" })).status).toBe(403);
    expect((await vote("hr", { vote: "PROMOTED" })).status).toBe(403);
    expect((await vote("pa", { vote: "PROMOTED" }, "C")).status).toBe(404); // C is in s2
    expect((await vote("pa", { vote: "PROMOTED" }, "C", s2)).status).toBe(409); // s2 is a draft
    expect((await call("POST", `${sessionsUrl(org, PANELIST_NS, s1, "A")}/vote`, { body: { vote: "PROMOTED" } })).status).toBe(401);
    expect((await call("GET", `${sessionsUrl(org, PANELIST_NS, s1, "A")}/vote`, { token: org.token.pa })).status).toBe(405);

    const detail = await call("GET", sessionsUrl(org, PANELIST_NS, s1), { token: org.token.pa });
    const a = detail.body.nominations.find((n: { nomination_id: number }) => n.nomination_id === org.nid.A);
    expect(a.tally).toEqual({ PROMOTED: 0, NOT_PROMOTED: 1, DEFERRED: 1, total: 2 });
    expect(a.my_vote).toMatchObject({ vote: "DEFERRED" });
    expect(a.endorsements.find((e: { id: number }) => e.id === req["A:e1"])).toMatchObject({ status: "endorsed", body: "Anna leads by example." });
    expect(detail.body.allowed).toMatchObject({ vote: true, comment: true, decide: false });
  });

  it("members comment on a nomination and read its thread in their namespace (403 not theirs, 409 wrong moment)", async () => {
    const url = (ns: Namespace, nominee: Nominee = "A") => `${sessionsUrl(org, ns, s1, nominee)}/comments`;
    const posted = await call("POST", url(PANELIST_NS), { token: org.token.pa, body: { body: "Strong endorsements." } });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body.comment).toMatchObject({ author: { id: org.users.pa.id }, body: "Strong endorsements.", session_participant_id: expect.any(Number) });
    expect(await auditCount("calibration_session.comment", s1)).toBe(1);
    const bySa = await call("POST", url("hr_partner"), { token: org.token.sa, body: { body: "Agreed." } });
    expect(bySa.status, JSON.stringify(bySa.body)).toBe(201);

    for (const [ns, who] of [
      ["hr_partner", "hr"],
      ["hr_partner", "sa"],
      [PANELIST_NS, "pb"],
      [SIGN_OFF_NS, "so"],
    ] as const) {
      const list = await call("GET", url(ns), { token: org.token[who] });
      expect(list.status, `${ns} ${who}`).toBe(200);
      expect(list.body.comments.map((c: { body: string }) => c.body)).toEqual(["Strong endorsements.", "Agreed."]);
    }
    expect((await call("GET", url("hr_partner", "B"), { token: org.token.hr })).body.comments).toEqual([]);
    // the sign-off party comments only in review
    expect((await call("POST", url(SIGN_OFF_NS), { token: org.token.so, body: { body: "Early" } })).status).toBe(409);
    // not my role / not mine
    expect((await call("GET", url("hr_partner"), { token: org.token.pa })).status).toBe(403);
    expect((await call("POST", url("hr_partner"), { token: org.token.pa, body: { body: "x" } })).status).toBe(403);
    expect((await call("GET", url(PANELIST_NS), { token: org.token.hr })).status).toBe(403);
    expect((await call("GET", url(SIGN_OFF_NS), { token: org.token.pa })).status).toBe(403);
    expect((await call("GET", url(PANELIST_NS), { token: org.token.emp })).status).toBe(403);
    expect((await call("GET", url(PANELIST_NS))).status).toBe(401);
    // bad body; a nomination not in the session
    expect((await call("POST", url(PANELIST_NS), { token: org.token.pa, body: { body: "" } })).status).toBe(400);
    expect((await call("POST", url(PANELIST_NS), { token: org.token.pa, body: { text: "x" } })).status).toBe(400);
    expect((await call("GET", url(PANELIST_NS, "C"), { token: org.token.pa })).status).toBe(404);
    expect((await call("PATCH", url(PANELIST_NS), { token: org.token.pa, body: {} })).status).toBe(405);
  });

  it("members read the nominee's feedback summary in their namespace (403 otherwise, 404 not in the session)", async () => {
    for (const [ns, who] of [
      ["hr_partner", "hr"],
      ["hr_partner", "sa"],
      [PANELIST_NS, "pa"],
      [SIGN_OFF_NS, "so"],
    ] as const) {
      const res = await call("GET", `${sessionsUrl(org, ns, s1, "A")}/feedbacks_summary`, { token: org.token[who] });
      expect(res.status, `${ns} ${who}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.reviewee).toMatchObject({ email: org.users.A.email });
      expect(res.body.cycle).toMatchObject({ id: org.cycleId });
      expect(Array.isArray(res.body.sections)).toBe(true);
    }
    expect((await call("GET", `${sessionsUrl(org, PANELIST_NS, s1, "A")}/feedbacks_summary`, { token: org.token.hr })).status).toBe(403);
    expect((await call("GET", `${sessionsUrl(org, "hr_partner", s1, "A")}/feedbacks_summary`, { token: org.token.pb })).status).toBe(403);
    expect((await call("GET", `${sessionsUrl(org, SIGN_OFF_NS, s1, "A")}/feedbacks_summary`, { token: org.token.A })).status).toBe(403);
    expect((await call("GET", `${sessionsUrl(org, PANELIST_NS, s1, "C")}/feedbacks_summary`, { token: org.token.pa })).status).toBe(404);
    expect((await call("GET", `${sessionsUrl(org, PANELIST_NS, s1, "A")}/feedbacks_summary`)).status).toBe(401);
  });

  it("whoever runs the session decides with a reason (history, audit); progress_to_review needs every nomination decided (409)", async () => {
    const decide = (who: "hr" | "sa" | "pa" | "so", nominee: Nominee, body: unknown) => call("PATCH", `${hrNom(s1, nominee)}/decision`, { token: org.token[who], body });
    const a = await decide("hr", "A", { decision: "PROMOTED", reason: "Endorsed and ready" });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body).toEqual({ decision: { value: "PROMOTED", label: expect.any(String) }, changed: true });
    expect((await decide("hr", "A", { decision: "PROMOTED", reason: "Again" })).body.changed).toBe(false);
    for (const body of [{ decision: "PROMOTED" }, { decision: "YES", reason: "x" }, { decision: "PROMOTED", reason: " " }, {}]) expect((await decide("hr", "A", body)).status, JSON.stringify(body)).toBe(400);
    expect((await decide("pa", "A", { decision: "PROMOTED", reason: "x" })).status).toBe(403);
    expect((await decide("so", "A", { decision: "PROMOTED", reason: "x" })).status).toBe(403);
    expect((await call("PATCH", `${hrNom(s1, "A")}/decision`, { token: org.token.emp, body: { decision: "PROMOTED", reason: "x" } })).status).toBe(403);
    expect((await decide("hr", "C", { decision: "PROMOTED", reason: "x" })).status).toBe(404);
    expect((await call("PATCH", `${hrNom(s1, "A")}/decision`, { body: { decision: "PROMOTED", reason: "x" } })).status).toBe(401);
    expect((await call("POST", `${hrNom(s1, "A")}/decision`, { token: org.token.hr, body: {} })).status).toBe(405);
    const db = await getDb();
    const spA = await db.calibrationSessionParticipant.findFirstOrThrow({ where: { sessionId: s1, participantId: org.pid.A } });
    expect(spA.decision).toBe("PROMOTED");
    expect(await auditCount("promotion_session.decision", spA.id)).toBe(1);

    const early = await call("PATCH", transitionUrl(org, s1, "progress_to_review"), { token: org.token.sa });
    expect(early.status, JSON.stringify(early.body)).toBe(409);
    expect(early.body.error.message).toContain(org.users.B.name);

    expect((await decide("sa", "B", { decision: "NOT_PROMOTED", reason: "Needs another cycle" })).status).toBe(200);
    const detail = await call("GET", sessionsUrl(org, "hr_partner", s1), { token: org.token.hr });
    expect(detail.body.session).toMatchObject({ decided_count: 2, nomination_count: 2 });
    const b = detail.body.nominations.find((n: { nomination_id: number }) => n.nomination_id === org.nid.B);
    expect(b.decision.value).toBe("NOT_PROMOTED");
    expect(b.history).toEqual([expect.objectContaining({ old_value: null, new_value: "NOT_PROMOTED", reason: "Needs another cycle", changed_by: expect.objectContaining({ id: org.users.sa.id }), superseded: false })]);
  });

  it("goes to review, back to revision (comment required), to review again and closes: decisions written, open requests cancelled", async () => {
    const patch = (who: "sa" | "hr" | "so" | "pa", event: string, body?: unknown) => call("PATCH", transitionUrl(org, s1, event), { token: org.token[who], body });
    const review = await patch("sa", "progress_to_review");
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    expect(review.body.promotion_calibration_session.state).toBe("in_review");
    // in review: no votes, no decisions, the sign-off party may comment
    expect((await call("POST", `${sessionsUrl(org, PANELIST_NS, s1, "A")}/vote`, { token: org.token.pa, body: { vote: "PROMOTED" } })).status).toBe(409);
    expect((await call("PATCH", `${hrNom(s1, "B")}/decision`, { token: org.token.hr, body: { decision: "DEFERRED", reason: "x" } })).status).toBe(409);
    expect((await call("POST", `${sessionsUrl(org, SIGN_OFF_NS, s1, "B")}/comments`, { token: org.token.so, body: { body: "Why not Ben?" } })).status).toBe(201);
    expect((await patch("pa", "progress_to_close")).status).toBe(403);
    expect((await patch("hr", "progress_to_close")).status).toBe(403);
    expect((await patch("sa", "progress_to_review")).status).toBe(409);

    const noComment = await patch("so", "progress_to_revision_requested");
    expect(noComment.status).toBe(422);
    expect((await patch("so", "progress_to_revision_requested", { comment: "  " })).status).toBe(422);
    const revision = await patch("so", "progress_to_revision_requested", { comment: "Reconsider Ben" });
    expect(revision.status, JSON.stringify(revision.body)).toBe(200);
    expect(revision.body.promotion_calibration_session.state).toBe("revision_requested");
    expect(await sessionWorkflow(s1)).toEqual({ status: "RUNNING", state: "revision_requested" });

    expect((await call("PATCH", `${hrNom(s1, "B")}/decision`, { token: org.token.hr, body: { decision: "DEFERRED", reason: "Revisit in six months" } })).status).toBe(200);
    expect((await patch("hr", "progress_to_review")).status).toBe(200);
    const closed = await patch("so", "progress_to_close", { comment: "Approved" });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.promotion_calibration_session).toMatchObject({ state: "closed", closed_at: expect.any(String), decided_count: 2 });
    expect(await until("the session workflow to complete", async () => (await sessionWorkflow(s1)).status === "COMPLETED")).toBe(true);

    const db = await getDb();
    expect((await db.participant.findUniqueOrThrow({ where: { id: org.pid.A } })).promotionDecision).toBe("PROMOTED");
    expect((await db.participant.findUniqueOrThrow({ where: { id: org.pid.B } })).promotionDecision).toBe("DEFERRED");
    expect((await db.participant.findUniqueOrThrow({ where: { id: org.pid.C } })).promotionDecision).toBeNull();
    for (const p of ["A", "B"] as const) {
      const audit = await db.auditRecord.findFirstOrThrow({ where: { action: "participant.promotion_decision", entityId: String(org.pid[p]) } });
      expect(audit.after).toMatchObject({ promotion_calibration_session_id: s1 });
    }
    const bHistory = (await call("GET", sessionsUrl(org, "hr_partner", s1), { token: org.token.hr })).body.nominations.find((n: { nomination_id: number }) => n.nomination_id === org.nid.B).history;
    expect(bHistory.map((h: { new_value: string; superseded: boolean }) => [h.new_value, h.superseded])).toEqual([
      ["DEFERRED", false],
      ["NOT_PROMOTED", true],
    ]);
    // e1's request for B was still open: cancelled with the close, its workflow done
    expect((await endorsementOf(req["B:e1"]!)).status).toBe("cancelled");
    expect(await auditCount("endorsement.cancel", req["B:e1"]!)).toBe(1);
    expect(await until("the cancelled request's workflow to complete", async () => (await endorsementWorkflow(req["B:e1"]!)).status === "COMPLETED")).toBe(true);
    expect((await endorsementOf(req["A:e1"]!)).status).toBe("endorsed");
    // nothing changes any more
    expect((await call("POST", answerUrl(org, "B", org.users.e1, "accept"), { token: org.token.e1 })).status).toBe(409);
    expect((await call("POST", `${sessionsUrl(org, PANELIST_NS, s1, "A")}/vote`, { token: org.token.pa, body: { vote: "PROMOTED" } })).status).toBe(409);
    expect((await call("POST", `${sessionsUrl(org, PANELIST_NS, s1, "A")}/comments`, { token: org.token.pa, body: { body: "Late" } })).status).toBe(409);
    expect((await call("POST", `${hrNom(s1, "A")}/endorsements`, { token: org.token.sa, body: { endorser_ids: [org.users.e3.id] } })).status).toBe(409);
    expect((await patch("so", "progress_to_revision_requested", { comment: "Again" })).status).toBe(409);
    expect((await call("PATCH", `${adminBase(org)}/${s1}/transition?event=close`, { token: org.token.admin })).status).toBe(409);
  });
});

describe("The cycle and the promotion sessions", () => {
  it("cannot move to communication while a promotion session is open (409), and can once the admin closed it", async () => {
    const db = await getDb();
    const move = () => call("PATCH", `/api/v1/admin/cycles/${org.cycleId}/progress_to_communication`, { token: org.token.admin });
    const blocked = await move();
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(409);
    expect((await db.cycle.findUniqueOrThrow({ where: { id: org.cycleId } })).state).toBe("CALIBRATION");

    const closeAll = await call("PATCH", `${adminBase(org)}/close_all`, { token: org.token.admin });
    expect(closeAll.status, JSON.stringify(closeAll.body)).toBe(200);
    expect(closeAll.body).toEqual({ closed_session_ids: [s2] });
    expect((await db.calibrationSession.findUniqueOrThrow({ where: { id: s2 } })).state).toBe("closed");
    // C had no decision: nothing written
    expect((await db.participant.findUniqueOrThrow({ where: { id: org.pid.C } })).promotionDecision).toBeNull();

    const dashboard = await call("GET", `/api/v1/admin/promotion_dashboard?cycle_id=${org.cycleId}`, { token: org.token.admin });
    expect(dashboard.body.cycles.find((c: { id: number }) => c.id === org.cycleId)).toMatchObject({ nominated: 4, decided: 2, promoted: 1 });
    expect(dashboard.body.endorsement_completion).toMatchObject({ completed: 1 });
    expect(dashboard.body.by_department).toEqual([{ key: "Not set", decided: 2, promoted: 1, rate: 50 }]);

    const moved = await move();
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.cycle.state).toBe("communication");
  });
});
