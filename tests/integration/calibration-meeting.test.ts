/**
 * Calibration sessions (issue 13), the meeting through to the close, as the members call it: the proposed
 * ratings filled from the manager's submitted feedback when the cycle enters calibration; panelists'
 * proposals and comments; the session admin's rating changes (history, audit), moves and terminations;
 * review, a revision, the sign-off party's close writing the participants' calibrated ratings; every write
 * refused once closed; the cycle kept out of communication while a session is open, until the admin closes
 * them. Real route manifest, services, Temporal dev server and worker, database (tests/support/calibration.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { API_TOKEN_TTL_MS, hashToken, newTokenValue } from "~/platform/auth.server";
import { createCycle } from "~/features/cycles/workflow.server";
import { SessionStateKey } from "../../workflows/search-attributes-contract";
import { moveCycleTo } from "../support/review-org";
import { startTestWorker } from "../support/worker";
import { adminBase, call, createCalibrationOrg, hrBase, roleBase, sessionBody, submitManagerFeedback, type CalibrationOrg } from "../support/calibration";

let org: CalibrationOrg;
let stopWorker: () => Promise<void>;
let otherCycleId: number;
let s1: number; // A, B, C: sa, pa, so
let s2: number; // D: sa, pb, so
let s3: number; // E (the admin's): stays a draft until close_all
const sp: Record<"A" | "B" | "C" | "D", number> = { A: 0, B: 0, C: 0, D: 0 };

const SA = "calibration_session_admin" as const;
const PANEL = "calibration_session_panelist" as const;
const SIGN = "calibration_session_sign_off_party" as const;
const REASON = "Calibrated against the team: strong delivery, narrower scope than the guideline's 5.";

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createCalibrationOrg("CalMeet");
  otherCycleId = (await createCycle(org.adminActor, { name: `CalMeet other ${Date.now().toString(36)}`, max_peers: 5 })).id;
  await moveCycleTo(org, "manager_feedback");
  // The sessions are set up before the managers submit: their ratings come when the cycle enters calibration.
  const create = async (token: string, url: string, body: unknown) => {
    const res = await call("POST", url, { token, body });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.calibration_session.id as number;
  };
  s1 = await create(org.token.hr, `${hrBase(org)}/calibration_sessions`, sessionBody(org, "Product", ["A", "B", "C"]));
  s2 = await create(org.token.hr, `${hrBase(org)}/calibration_sessions`, sessionBody(org, "Platform", ["D"], { pa: ["pb"] }));
  s3 = await create(org.token.admin, adminBase(org), sessionBody(org, "Support", ["E"], { pa: ["pb"] }));
  await submitManagerFeedback(org, "A", { overall_impact: 4, trajectory: "Ready for the next level" });
  await submitManagerFeedback(org, "B", { overall_impact: 2, trajectory: "Still ramping up" });
  await submitManagerFeedback(org, "C", { overall_impact: 3, trajectory: "Ready for more scope" });
  await submitManagerFeedback(org, "D", { overall_impact: 5, trajectory: "Growing steadily in their role" });
  const db = await getDb();
  await db.promotionNomination.create({ data: { participantId: org.pid.A, status: "nominated", nominatedById: org.users.M.id, rationale: "Leads the product area" } });
});

afterAll(async () => {
  await stopWorker?.();
});

const detail = (sessionId: number, token = org.token.sa, ns: typeof SA | typeof PANEL | typeof SIGN = SA) => call("GET", roleBase(org, ns, sessionId), { token });
const participantUrl = (ns: string, sessionId: number, spId: number) => `${roleBase(org, ns as typeof SA, sessionId)}/participants/${spId}`;

describe("entering calibration", () => {
  it("fills the proposed rating and potential from the manager's submitted feedback, and the sessions start from them", async () => {
    const db = await getDb();
    const before = await db.participant.findUniqueOrThrow({ where: { id: org.pid.A } });
    expect(before.proposedRating).toBeNull();
    await moveCycleTo(org, "calibration");
    const rows = await db.participant.findMany({ where: { cycleId: org.cycleId }, select: { id: true, proposedRating: true, proposedPotential: true } });
    const of = (p: keyof CalibrationOrg["pid"]) => rows.find((r) => r.id === org.pid[p])!;
    expect(of("A")).toMatchObject({ proposedRating: 4, proposedPotential: 3 });
    expect(of("B")).toMatchObject({ proposedRating: 2, proposedPotential: 1 });
    expect(of("C")).toMatchObject({ proposedRating: 3, proposedPotential: 2 });
    expect(of("E")).toMatchObject({ proposedRating: null, proposedPotential: null });
    expect(await db.auditRecord.count({ where: { action: "cycle.calibration_opened", entityId: String(org.cycleId) } })).toBe(1);

    for (const [id, token] of [
      [s1, org.token.hr],
      [s2, org.token.hr],
    ] as const) {
      const res = await call("PATCH", `${hrBase(org)}/calibration_sessions/${id}/activate`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const res = await detail(s1);
    expect(res.status).toBe(200);
    for (const p of res.body.participants) {
      expect(p.rating, p.user.name).toBe(p.proposed_rating);
      expect(p.potential, p.user.name).toBe(p.proposed_potential);
    }
    expect(res.body.session.changed_count).toBe(0);
    for (const p of ["A", "B", "C"] as const) sp[p] = res.body.participants.find((x: { participant_id: number }) => x.participant_id === org.pid[p]).id;
    sp.D = (await detail(s2)).body.participants[0].id;
  });
});

describe("the panelists", () => {
  it("read the session, its participants, a feedback summary and promotion details", async () => {
    const cycles = await call("GET", `/api/v1/${PANEL}/cycles`, { token: org.token.pa });
    expect(cycles.body.cycles.map((c: { id: number }) => c.id)).toEqual([org.cycleId]);
    expect((await call("GET", `/api/v1/${PANEL}/cycles`, { token: org.token.emp })).body.cycles).toEqual([]);
    const list = await call("GET", roleBase(org, PANEL), { token: org.token.pa });
    expect(list.body.calibration_sessions.map((s: { id: number }) => s.id)).toEqual([s1]);
    const d = await detail(s1, org.token.pa, PANEL);
    expect(d.body.my_roles).toEqual(["panelist"]);
    expect(d.body.allowed).toMatchObject({ propose_rating: true, comment: true, set_rating: false, sign_off: false });
    expect(d.body.distribution.rated).toBe(3);
    const parts = await call("GET", `${roleBase(org, PANEL, s1)}/participants`, { token: org.token.pa });
    expect(parts.body.participants.map((p: { id: number }) => p.id).sort()).toEqual([sp.A, sp.B, sp.C].sort());

    const summary = await call("GET", `${participantUrl(PANEL, s1, sp.A)}/feedbacks_summary`, { token: org.token.pa });
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body.reviewee.email).toBe(org.users.A.email);
    // The cycle's reviewer-names setting (ADR 0058): by default the panel reads peer and upward feedback anonymised;
    // 'managers' keeps names from the panel too; 'managers_and_calibration' shows them.
    expect(summary.body.viewer).toEqual({ role: "manager", named: false });
    const db = await getDb();
    const panelView = async (names: string) => {
      await db.cycle.update({ where: { id: org.cycleId }, data: { peerNames: names, upwardNames: names } });
      return (await call("GET", `${participantUrl(PANEL, s1, sp.A)}/feedbacks_summary`, { token: org.token.pa })).body.viewer;
    };
    expect(await panelView("managers")).toEqual({ role: "manager", named: false });
    expect(await panelView("managers_and_calibration")).toEqual({ role: "manager", named: true });
    await db.cycle.update({ where: { id: org.cycleId }, data: { peerNames: "nobody", upwardNames: "nobody" } });
    expect(summary.body.sections.find((s: { reviewer_type: string }) => s.reviewer_type === "manager").submitted).toBe(1);
    const promo = await call("GET", `${participantUrl(PANEL, s1, sp.A)}/promotion_details`, { token: org.token.pa });
    expect(promo.body.promotion_nomination).toMatchObject({ status: "nominated", rationale: "Leads the product area", nominated_by: { id: org.users.M.id } });
    expect((await call("GET", `${participantUrl(PANEL, s1, sp.B)}/promotion_details`, { token: org.token.pa })).body).toEqual({ promotion_nomination: null });
  });

  it("answer 401, 403 (another session's panelist, no role, the wrong namespace) and 404 (unknown, another cycle's, another session's participant)", async () => {
    expect((await call("GET", roleBase(org, PANEL, s1))).status).toBe(401);
    expect((await detail(s1, org.token.pb, PANEL)).status).toBe(403);
    expect((await detail(s1, org.token.emp, PANEL)).status).toBe(403);
    expect((await detail(s1, org.token.pa, SA)).status).toBe(403);
    expect((await call("GET", `${participantUrl(PANEL, s1, sp.A)}/feedbacks_summary`, { token: org.token.pb })).status).toBe(403);
    expect((await detail(999_999_999, org.token.pa, PANEL)).status).toBe(404);
    expect((await call("GET", `/api/v1/cycles/${otherCycleId}/${PANEL}/calibration_sessions/${s1}`, { token: org.token.pa })).status).toBe(404);
    expect((await call("GET", `${participantUrl(PANEL, s1, sp.D)}/feedbacks_summary`, { token: org.token.pa })).status).toBe(404);
    expect((await call("GET", `${participantUrl(PANEL, s1, sp.D)}/comments`, { token: org.token.pa })).status).toBe(404);
    expect((await call("GET", `${participantUrl(PANEL, s1, 0)}/promotion_details`, { token: org.token.pa })).status).toBe(404);
  });

  it("propose ratings and comment (400 bad bodies, 403 not a panelist here)", async () => {
    const url = `${participantUrl(PANEL, s1, sp.A)}/calibration_rating`;
    const res = await call("POST", url, { token: org.token.pa, body: { rating: 5, justification: "Shipped the pricing revamp" } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.proposal).toMatchObject({ rating: 5, justification: "Shipped the pricing revamp" });
    expect((await call("POST", url, { token: org.token.pa, body: { rating: 7, justification: "x" } })).status).toBe(400);
    expect((await call("POST", url, { token: org.token.pa, body: { rating: 4 } })).status).toBe(400);
    expect((await call("POST", url, { token: org.token.pb, body: { rating: 4, justification: "x" } })).status).toBe(403);
    expect((await call("POST", `${participantUrl(PANEL, s1, sp.A)}/calibration_rating`, { token: org.token.sa, body: { rating: 4, justification: "x" } })).status).toBe(403);

    const thread = await call("POST", `${participantUrl(PANEL, s1, sp.A)}/comments`, { token: org.token.pa, body: { body: "Her scope grew mid-year." } });
    expect(thread.status, JSON.stringify(thread.body)).toBe(201);
    expect(thread.body.comment).toMatchObject({ session_participant_id: sp.A, body: "Her scope grew mid-year.", author: { id: org.users.pa.id } });
    const session = await call("POST", `${roleBase(org, PANEL, s1)}/comments`, { token: org.token.pa, body: { body: "Guideline looks right." } });
    expect(session.status).toBe(201);
    expect(session.body.comment.session_participant_id).toBeNull();
    expect((await call("POST", `${roleBase(org, PANEL, s1)}/comments`, { token: org.token.pa, body: { body: "  " } })).status).toBe(400);
    const list = await call("GET", `${participantUrl(SA, s1, sp.A)}/comments`, { token: org.token.sa });
    expect(list.body.comments.map((c: { body: string }) => c.body)).toEqual(["Her scope grew mid-year."]);
    expect((await call("GET", `${roleBase(org, SA, s1)}/comments`, { token: org.token.sa })).body.comments).toHaveLength(1);
    const row = (await detail(s1)).body.participants.find((p: { id: number }) => p.id === sp.A);
    expect(row.proposals).toEqual([expect.objectContaining({ rating: 5, panelist: expect.objectContaining({ id: org.users.pa.id }) })]);
    expect(row.comment_count).toBe(1);
  });

  it("a sign-off party acting early is 409; a panelist on the sign-off path is 403", async () => {
    expect((await call("PATCH", `${roleBase(org, SIGN, s1)}/progress_to_close`, { token: org.token.so, body: {} })).status).toBe(409);
    expect((await call("POST", `${roleBase(org, SIGN, s1)}/comments`, { token: org.token.so, body: { body: "Too early" } })).status).toBe(409);
    expect((await call("PATCH", `${roleBase(org, SIGN, s1)}/progress_to_close`, { token: org.token.pa, body: {} })).status).toBe(403);
    expect((await call("PATCH", `${roleBase(org, SA, s1)}/progress_to_review`, { token: org.token.pa })).status).toBe(403);
  });
});

describe("the session admin", () => {
  it("changes a rating with a reason: the history keeps old, new and reason; an audit record", async () => {
    const url = participantUrl(SA, s1, sp.A);
    const res = await call("PATCH", url, { token: org.token.sa, body: { calibrated_rating: 3, reason: REASON } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.participant).toMatchObject({ id: sp.A, rating: 3, proposed_rating: 4 });
    expect((await call("PATCH", url, { token: org.token.sa, body: { potential: 2, reason: "Scope" } })).body.participant.potential).toBe(2);
    expect((await call("PATCH", url, { token: org.token.sa, body: { calibrated_rating: 3 } })).status).toBe(400);
    expect((await call("PATCH", url, { token: org.token.sa, body: { reason: "nothing" } })).status).toBe(422); // neither rating nor potential (ADR 0060)
    expect((await call("PATCH", url, { token: org.token.sa, body: { calibrated_rating: 6, reason: "x" } })).status).toBe(400);
    expect((await call("PATCH", url, { token: org.token.pa, body: { calibrated_rating: 2, reason: "x" } })).status).toBe(403);
    const spoof = newTokenValue();
    const db = await getDb();
    await db.apiToken.create({ data: { userId: org.users.sa.id, realUserId: org.users.admin.id, tokenHash: hashToken(spoof), provider: "spoof", expiresAt: new Date(Date.now() + API_TOKEN_TTL_MS) } });
    const spoofed = await call("PATCH", url, { token: spoof, body: { calibrated_rating: 1, reason: "x" } });
    expect(spoofed.status).toBe(403);
    expect(spoofed.body.error.code).toBe("spoofing");

    const d = await detail(s1);
    const rating = d.body.history.filter((h: { field: string }) => h.field === "rating");
    expect(rating).toEqual([expect.objectContaining({ session_participant_id: sp.A, old_value: 4, new_value: 3, reason: REASON, superseded: false, changed_by: expect.objectContaining({ id: org.users.sa.id }) })]);
    expect(d.body.session.changed_count).toBe(1);
    const audits = await db.auditRecord.findMany({ where: { action: "calibration_session.rating_change", entityId: String(sp.A) }, orderBy: { id: "asc" } });
    expect(audits).toHaveLength(2);
    expect(audits[0]!.before).toMatchObject({ rating: 4 });
    expect(audits[0]!.after).toMatchObject({ rating: 3, reason: REASON });
    expect(audits[0]!.actorId).toBe(org.users.sa.id);
  });

  it("moves a participant to another session, with their history (422 to itself, 404 unknown target or participant)", async () => {
    const url = (target: number) => `${roleBase(org, SA, s1)}/move_participants_to/${target}`;
    expect((await detail(s1)).body.move_targets.map((t: { id: number }) => t.id)).toEqual([s2, s3]);
    expect((await call("POST", url(s1), { token: org.token.sa, body: { participant_ids: [sp.B] } })).status).toBe(422);
    expect((await call("POST", url(999_999_999), { token: org.token.sa, body: { participant_ids: [sp.B] } })).status).toBe(404);
    expect((await call("POST", url(s2), { token: org.token.sa, body: { participant_ids: [sp.D] } })).status).toBe(404);
    expect((await call("POST", url(s2), { token: org.token.sa, body: { participant_ids: [] } })).status).toBe(400);
    expect((await call("POST", url(s2), { token: org.token.pa, body: { participant_ids: [sp.B] } })).status).toBe(403);
    const res = await call("POST", url(s2), { token: org.token.sa, body: { participant_ids: [sp.B] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ moved: 1, target_session_id: s2 });
    expect((await detail(s2)).body.participants.map((p: { id: number }) => p.id).sort()).toEqual([sp.B, sp.D].sort());
    expect((await detail(s1)).body.participants.map((p: { id: number }) => p.id).sort()).toEqual([sp.A, sp.C].sort());
    expect((await call("GET", `${participantUrl(SA, s1, sp.B)}/promotion_details`, { token: org.token.sa })).status).toBe(404);
  });

  it("terminates a participant: no more changes to them (409)", async () => {
    const res = await call("PATCH", `${participantUrl(SA, s1, sp.C)}/terminate_participant`, { token: org.token.sa });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.participant).toMatchObject({ id: sp.C, terminated: true, terminated_at: expect.any(String) });
    expect((await call("PATCH", participantUrl(SA, s1, sp.C), { token: org.token.sa, body: { calibrated_rating: 5, reason: "x" } })).status).toBe(409);
    expect((await call("PATCH", `${participantUrl(SA, s1, sp.C)}/terminate_participant`, { token: org.token.sa })).status).toBe(409);
    expect((await call("PATCH", `${participantUrl(SA, s1, sp.C)}/terminate_participant`, { token: org.token.pa })).status).toBe(403);
    // Someone who left stays where they are.
    expect((await call("POST", `${roleBase(org, SA, s1)}/move_participants_to/${s2}`, { token: org.token.sa, body: { participant_ids: [sp.C] } })).status).toBe(409);
    expect((await detail(s1)).body.session).toMatchObject({ participant_count: 1, terminated_count: 1 });
  });
});

describe("review, revision and sign-off", () => {
  it("goes to review: the meeting's writes stop (409), the sign-off party may comment", async () => {
    const res = await call("PATCH", `${roleBase(org, SA, s1)}/progress_to_review`, { token: org.token.sa });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.calibration_session.state).toBe("in_review");
    expect((await call("PATCH", `${roleBase(org, SA, s1)}/progress_to_review`, { token: org.token.sa })).status).toBe(409);
    expect((await call("POST", `${participantUrl(PANEL, s1, sp.A)}/calibration_rating`, { token: org.token.pa, body: { rating: 4, justification: "x" } })).status).toBe(409);
    expect((await call("PATCH", participantUrl(SA, s1, sp.A), { token: org.token.sa, body: { calibrated_rating: 4, reason: "x" } })).status).toBe(409);
    expect((await call("POST", `${roleBase(org, SIGN, s1)}/comments`, { token: org.token.so, body: { body: "Reading it now" } })).status).toBe(201);
    const d = await detail(s1, org.token.so, SIGN);
    expect(d.body.my_roles).toEqual(["sign_off"]);
    expect(d.body.allowed).toMatchObject({ sign_off: true, comment: true, propose_rating: false });
  });

  it("the sign-off party requests a revision (comment required) and the session admin sends it back", async () => {
    const url = `${roleBase(org, SIGN, s1)}/progress_to_revision_requested`;
    expect((await call("PATCH", url, { token: org.token.so, body: {} })).status).toBe(400);
    expect((await call("PATCH", url, { token: org.token.so })).status).toBe(400);
    expect((await call("PATCH", url, { token: org.token.sa, body: { comment: "x" } })).status).toBe(403);
    const res = await call("PATCH", url, { token: org.token.so, body: { comment: "Explain Anna's change to 3" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.calibration_session.state).toBe("revision_requested");
    const comments = await call("GET", `${roleBase(org, SA, s1)}/comments`, { token: org.token.sa });
    expect(comments.body.comments.map((c: { body: string }) => c.body)).toContain("Revision requested: Explain Anna's change to 3");
    expect((await call("POST", `${participantUrl(PANEL, s1, sp.A)}/calibration_rating`, { token: org.token.pa, body: { rating: 3, justification: "Agreed after review" } })).status).toBe(201);
    expect((await call("PATCH", `${roleBase(org, SA, s1)}/progress_to_review`, { token: org.token.sa })).body.calibration_session.state).toBe("in_review");
  });

  it("closes: the session's ratings become the participants' calibrated ratings (not the terminated one's); the workflow completes", async () => {
    const res = await call("PATCH", `${roleBase(org, SIGN, s1)}/progress_to_close`, { token: org.token.so, body: { comment: "Signed off" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.calibration_session).toMatchObject({ state: "closed", closed_at: expect.any(String) });
    const db = await getDb();
    const rows = await db.participant.findMany({ where: { id: { in: [org.pid.A, org.pid.B, org.pid.C] } }, select: { id: true, calibratedRating: true } });
    const rating = (id: number) => rows.find((r) => r.id === id)!.calibratedRating;
    expect(rating(org.pid.A)).toBe("3");
    expect(rating(org.pid.C)).toBeNull(); // terminated
    expect(rating(org.pid.B)).toBeNull(); // moved to a session still open
    expect(await db.auditRecord.count({ where: { action: "participant.calibrated_rating", entityId: String(org.pid.A) } })).toBe(1);
    const handle = (await getTemporalClient()).workflow.getHandle(`calibration-session-${s1}`);
    expect(await handle.result()).toEqual({ sessionId: s1, state: "closed" });
    const desc = await handle.describe();
    expect(desc.status.name).toBe("COMPLETED");
    expect(desc.typedSearchAttributes.get(SessionStateKey)).toBe("closed");
  });

  it("after the close every write is 409", async () => {
    const writes: Array<[string, string, string, unknown?]> = [
      ["POST", `${participantUrl(PANEL, s1, sp.A)}/calibration_rating`, org.token.pa, { rating: 4, justification: "x" }],
      ["POST", `${participantUrl(PANEL, s1, sp.A)}/comments`, org.token.pa, { body: "late" }],
      ["POST", `${roleBase(org, SIGN, s1)}/comments`, org.token.so, { body: "late" }],
      ["PATCH", participantUrl(SA, s1, sp.A), org.token.sa, { calibrated_rating: 4, reason: "x" }],
      ["PATCH", `${participantUrl(SA, s1, sp.A)}/terminate_participant`, org.token.sa],
      ["POST", `${roleBase(org, SA, s1)}/move_participants_to/${s2}`, org.token.sa, { participant_ids: [sp.A] }],
      ["PATCH", `${roleBase(org, SA, s1)}/progress_to_review`, org.token.sa],
      ["PATCH", `${roleBase(org, SIGN, s1)}/progress_to_close`, org.token.so, {}],
      ["PATCH", `${roleBase(org, SIGN, s1)}/progress_to_revision_requested`, org.token.so, { comment: "again" }],
      ["PATCH", `${hrBase(org)}/calibration_sessions/${s1}`, org.token.hr, { deadline: new Date(Date.now() + 86_400_000).toISOString() }],
      ["PATCH", `${hrBase(org)}/calibration_sessions/${s1}/activate`, org.token.hr],
      ["PATCH", `${adminBase(org)}/${s1}/activate`, org.token.admin],
    ];
    for (const [method, url, token, body] of writes) {
      const res = await call(method, url, { token, body });
      expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(409);
    }
    // reads go on
    expect((await detail(s1, org.token.so, SIGN)).body.session.state).toBe("closed");
    expect((await call("GET", `${hrBase(org)}/calibration_sessions/${s1}`, { token: org.token.hr })).status).toBe(200);
  });
});

describe("the cycle's move to communication", () => {
  it("is 409 while a session is open; the admin closes those in review, then all, and the cycle moves on", async () => {
    const move = () => call("PATCH", `/api/v1/admin/cycles/${org.cycleId}/progress_to_communication`, { token: org.token.admin });
    const blocked = await move();
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(409);
    expect(blocked.body.error.message).toContain("not closed");

    expect((await call("PATCH", `${roleBase(org, SA, s2)}/progress_to_review`, { token: org.token.sa })).status).toBe(200);
    expect((await call("PATCH", `${adminBase(org)}/close_in_review`, { token: org.token.sa })).status).toBe(403);
    const inReview = await call("PATCH", `${adminBase(org)}/close_in_review`, { token: org.token.admin });
    expect(inReview.status, JSON.stringify(inReview.body)).toBe(200);
    expect(inReview.body).toEqual({ closed_session_ids: [s2] });
    expect((await move()).status).toBe(409); // s3 is still a draft

    const all = await call("PATCH", `${adminBase(org)}/close_all`, { token: org.token.admin });
    expect(all.body).toEqual({ closed_session_ids: [s3] });
    expect((await call("PATCH", `${adminBase(org)}/close_all`, { token: org.token.admin })).body).toEqual({ closed_session_ids: [] });
    expect((await call("PATCH", `/api/v1/admin/cycles/999999999/calibration_sessions/close_all`, { token: org.token.admin })).status).toBe(404);
    const db = await getDb();
    expect((await db.participant.findUniqueOrThrow({ where: { id: org.pid.B } })).calibratedRating).toBe("2");
    expect((await db.participant.findUniqueOrThrow({ where: { id: org.pid.D } })).calibratedRating).toBe("5");
    const moved = await move();
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.cycle.state).toBe("communication");
  });
});
