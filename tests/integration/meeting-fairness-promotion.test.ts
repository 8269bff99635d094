/**
 * Issue 29 §4 finished (ADR 0120): fairness in the PROMOTION calibration meeting and the super admin's forced close,
 * through the real routes, services, Temporal worker and database.
 * - Two promotion sessions in review of twelve nominees each (six women, six men): the men promoted, the women not (a
 *   significant gap in the promotion decisions). The panel's data (GET /app/calibration-sessions/{id}/fairness, the
 *   rating sessions' route) goes to the session admin, the sign-off party, the HR partner and super admins, as the
 *   session's promotions figure; a panelist and an outsider get 403.
 * - Approving one (sign-off, page and API) without a reason: 422 gap_reason_required, nothing changed; with one: the
 *   history keeps "Closed with a significant gap in the promotion decisions. Reason: …", the audit the reason and gaps.
 * - The forced close: close_in_review over two rating sessions in review (one with a significant ratings gap after
 *   calibration, one without) and the promotion close_all: refused without a reason (422, details.sessions: only the
 *   sessions with a gap), nothing closed; with one, each session with a gap keeps it in its history and close audit
 *   record, the session without a gap closes without it. The admin page's action answers the sessions to list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { DEFAULT_GUIDELINE } from "~/features/calibration/rules";
import { startSessionWorkflow } from "~/features/calibration/workflow.server";
import { setAttributeValues } from "~/features/insights/attribute-values.server";
import * as promotionSignOffPage from "~/routes/app.promotions.sign-off-party.sessions.$id";
import * as adminSessionsPage from "~/routes/app.admin.calibration-sessions._index";
import { startTestWorker } from "../support/worker";
import { createTestUser } from "../support/api";
import { sessionCookieFor } from "../support/session";
import { fairnessPanel as panel } from "../support/meeting-fairness";
import { adminBase, call, createCalibrationOrg, type CalibrationOrg } from "../support/calibration";

let org: CalibrationOrg;
let stopWorker: () => Promise<void>;
/** Promotion sessions with the gap in their decisions: one the sign-off party approves, one the admin closes. */
let signOffPromo: number;
let forcedPromo: number;
/** Rating sessions in review: with a significant ratings gap after calibration, and without. */
let gapRating: number;
let evenRating: number;
let genderId: number;
const tag = Date.now().toString(36);
const REASON = "Both promotion slots of the women's team were frozen by the budget decision of March; recorded with HR.";
const FORCED = "The communication date is fixed; the gaps are followed up in the Q4 fairness review.";

/** Twelve participants (six women, six men) of the org's cycle. */
async function twelvePeople(label: string): Promise<number[]> {
  const db = await getDb();
  const pids: number[] = [];
  for (let i = 0; i < 12; i++) {
    const user = await createTestUser({ name: `${label} ${tag} Person ${i}` });
    const set = await db.$transaction((tx) => setAttributeValues(tx, user.id, [{ attributeId: genderId, value: i < 6 ? "Woman" : "Man" }], org.adminActor));
    expect(set.errors).toEqual([]);
    const p = await db.participant.create({ data: { cycleId: org.cycleId, userId: user.id, managerId: org.users.M.id, hrPartnerId: org.users.hr.id, proposedRating: 3, proposedPotential: 2 } });
    pids.push(p.id);
  }
  return pids;
}

async function sessionInReview(kind: "RATING" | "PROMOTION", name: string) {
  const db = await getDb();
  return db.calibrationSession.create({
    data: {
      cycleId: org.cycleId,
      kind,
      name,
      state: "in_review",
      createdById: org.users.hr.id,
      guideline: { ...DEFAULT_GUIDELINE },
      members: { create: [{ userId: org.users.sa.id, role: "ADMIN" }, { userId: org.users.pa.id, role: "PANELIST" }, { userId: org.users.so.id, role: "SIGN_OFF" }] },
    },
  });
}

/** A promotion session in review: twelve nominees, the men decided PROMOTED, the women NOT_PROMOTED. */
async function promotionSession(name: string): Promise<number> {
  const db = await getDb();
  const pids = await twelvePeople(name);
  const session = await sessionInReview("PROMOTION", name);
  for (const [i, participantId] of pids.entries()) {
    await db.promotionNomination.create({ data: { participantId, nominatedById: org.users.M.id, rationale: "Leads the team's largest project." } });
    await db.calibrationSessionParticipant.create({ data: { sessionId: session.id, participantId, kind: "PROMOTION", decision: i < 6 ? "NOT_PROMOTED" : "PROMOTED" } });
  }
  await startSessionWorkflow(session);
  return session.id;
}

/** A rating session in review with these calibrated ratings (the first six: women). */
async function ratingSession(name: string, ratings: number[]): Promise<number> {
  const db = await getDb();
  const pids = await twelvePeople(name);
  const session = await sessionInReview("RATING", name);
  await db.calibrationSessionParticipant.createMany({ data: pids.map((participantId, i) => ({ sessionId: session.id, participantId, kind: "RATING" as const, rating: ratings[i]!, potential: 2 })) });
  await startSessionWorkflow(session);
  return session.id;
}

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createCalibrationOrg("FairPromo");
  const db = await getDb();
  await db.companySettings.updateMany({ data: { insightsPrivacyFloor: 5 } });
  genderId = (await db.attributeDefinition.findUniqueOrThrow({ where: { key: "gender" } })).id;
  signOffPromo = await promotionSession("Promo sign-off");
  forcedPromo = await promotionSession("Promo forced");
  gapRating = await ratingSession("Rating gap", [1, 2, 2, 2, 2, 2, 4, 4, 4, 4, 5, 5]);
  evenRating = await ratingSession("Rating even", [1, 2, 3, 4, 5, 3, 2, 1, 3, 4, 5, 3]);
}, 240_000);

afterAll(async () => {
  await stopWorker?.();
});

const stateOf = async (id: number) => (await (await getDb()).calibrationSession.findUniqueOrThrow({ where: { id } })).state;
const transitions = async (id: number) => (await getDb()).auditRecord.findMany({ where: { action: "calibration_session.transition", entityId: String(id) } });

describe("the promotion session's fairness panel", () => {
  it("goes to its session admin and sign-off party: the promotions figure, the gap in the decisions significant", async () => {
    for (const who of [org.users.sa, org.users.so]) {
      const { status, body } = await panel(who, signOffPromo);
      expect(status, who.name).toBe(200);
      expect(body.kind).toBe("promotion");
      expect(body.population).toBe(12);
      expect(body.figures.every((f) => f.figure === "promotions")).toBe(true);
      expect(body.first_by).toBe(genderId);
      const women = body.figures.find((f) => f.attribute.id === genderId)!.rows.find((r) => r.group === "Woman")!;
      expect(women.values).toMatchObject({ nominated: 6, promoted: 0, promoted_rate: 0 });
      expect(body.significant_after.map((g) => [g.attribute.id, g.group, g.measure])).toEqual(expect.arrayContaining([[genderId, "Woman", "promoted_rate"]]));
      expect(body.significant_after.every((g) => g.measure === "promoted_rate" && g.p < 0.05)).toBe(true);
    }
  });

  it("is the insights' answer for a super admin and the HR partner; refused to a panelist and an outsider", async () => {
    for (const who of [org.users.admin, org.users.hr]) {
      const { status, body } = await panel(who, signOffPromo);
      expect(status, who.name).toBe(200);
      expect(body.insight_page).toBe(true);
    }
    for (const who of [org.users.pa, org.users.emp]) {
      const { status, body } = await panel(who, signOffPromo);
      expect(status, who.name).toBe(403);
      expect(body.error?.code).toBe("forbidden");
    }
  });
});

describe("approving a promotion session over a significant gap in its decisions", () => {
  const closeUrl = () => `/api/v1/cycles/${org.cycleId}/promotion_calibration_sessions/${signOffPromo}/transition?event=progress_to_close`;

  it("is refused without a reason, by the API and by the sign-off page (beside the comment), and nothing changes", async () => {
    for (const body of [{}, { comment: "  " }]) {
      const res = await call("PATCH", closeUrl(), { token: org.token.so, body });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.error.code).toBe("gap_reason_required");
      expect(res.body.error.details.significant_gaps).toEqual(expect.arrayContaining([expect.objectContaining({ attribute: "Gender", group: "Woman" })]));
    }
    const request = new Request(`http://127.0.0.1/app/promotions/sign-off-party/sessions/${signOffPromo}?cycle_id=${org.cycleId}`, {
      method: "POST",
      headers: { Cookie: await sessionCookieFor(org.users.so.id), "Content-Type": "application/x-www-form-urlencoded", Origin: "http://127.0.0.1" },
      body: new URLSearchParams({ intent: "close", comment: "" }),
    });
    const page = (await promotionSignOffPage.action({ request, params: { id: String(signOffPromo) }, context: {} })) as unknown as {
      data: { ok: boolean; fieldErrors: Record<string, { key: string }> };
      init: { status: number };
    };
    expect(page.init.status).toBe(422);
    expect(page.data.fieldErrors.comment).toEqual({ key: "meetingFairness.promotion.reasonRequired" });
    expect(await stateOf(signOffPromo)).toBe("in_review");
    expect(await transitions(signOffPromo)).toEqual([]);
  });

  it("is accepted with a reason: the history and the close's audit record keep it, with the gaps", async () => {
    const res = await call("PATCH", closeUrl(), { token: org.token.so, body: { comment: REASON } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await stateOf(signOffPromo)).toBe("closed");
    const db = await getDb();
    const comment = await db.calibrationComment.findFirstOrThrow({ where: { sessionId: signOffPromo, authorId: org.users.so.id } });
    expect(comment.body).toBe(`Closed with a significant gap in the promotion decisions. Reason: ${REASON}`);
    expect(comment.bodyCode).toMatchObject({ key: "storedTexts.calibrationComment.closedOverPromotionGap", values: { comment: REASON } });
    const [audit] = await transitions(signOffPromo);
    expect(audit!.actorId).toBe(org.users.so.id);
    expect(audit!.after).toMatchObject({ state: "closed", transition: "progress_to_close", gap_reason: REASON });
    expect((audit!.after as { significant_gaps: unknown[] }).significant_gaps).toEqual(expect.arrayContaining([expect.objectContaining({ group: "Woman" })]));
  });
});

describe("the super admin's forced close over a significant gap", () => {
  it("close_in_review without a reason: 422 listing only the session with the gap, nothing closed (API and admin page)", async () => {
    for (const body of [undefined, { reason: " " }]) {
      const res = await call("PATCH", `${adminBase(org)}/close_in_review`, { token: org.token.admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.error.code).toBe("gap_reason_required");
      expect(res.body.error.details.field).toBe("reason");
      const sessions = res.body.error.details.sessions as Array<{ session_id: number; name: string; significant_gaps: Array<{ group: string }> }>;
      expect(sessions.map((s) => s.session_id)).toEqual([gapRating]);
      expect(sessions[0]!.significant_gaps).toEqual(expect.arrayContaining([expect.objectContaining({ attribute: "Gender", group: "Woman" })]));
    }
    const request = new Request(`http://127.0.0.1/app/admin/calibration-sessions?cycle_id=${org.cycleId}`, {
      method: "POST",
      headers: { Cookie: await sessionCookieFor(org.users.admin.id), "Content-Type": "application/x-www-form-urlencoded", Origin: "http://127.0.0.1" },
      body: new URLSearchParams({ intent: "close_in_review", reason: "" }),
    });
    const page = (await adminSessionsPage.action({ request, params: {}, context: {} })) as unknown as {
      data: { ok: boolean; formError: { key: string; values: { count: number } }; gapSessions: Array<{ session_id: number }> };
      init: { status: number };
    };
    expect(page.init.status).toBe(422);
    expect(page.data.formError).toEqual({ key: "meetingFairness.forced.reasonRequired", values: { count: 1 } });
    expect(page.data.gapSessions.map((s) => s.session_id)).toEqual([gapRating]);
    for (const id of [gapRating, evenRating]) {
      expect(await stateOf(id)).toBe("in_review");
      expect(await transitions(id)).toEqual([]);
    }
  });

  it("close_in_review with a reason: both close; the session with the gap keeps the reason in its history and audit", async () => {
    const res = await call("PATCH", `${adminBase(org)}/close_in_review`, { token: org.token.admin, body: { reason: FORCED } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.closed_session_ids).toEqual([gapRating, evenRating]);
    const db = await getDb();
    const comment = await db.calibrationComment.findFirstOrThrow({ where: { sessionId: gapRating } });
    expect(comment.body).toBe(`Closed with a significant ratings gap. Reason: ${FORCED}`);
    expect(comment.authorId).toBe(org.users.admin.id);
    const [gapAudit] = await transitions(gapRating);
    expect(gapAudit!.after).toMatchObject({ state: "closed", transition: "close", comment: FORCED, gap_reason: FORCED });
    expect((gapAudit!.after as { significant_gaps: unknown[] }).significant_gaps).toEqual(expect.arrayContaining([expect.objectContaining({ group: "Woman" })]));
    expect(await db.calibrationComment.count({ where: { sessionId: evenRating } })).toBe(0);
    const [evenAudit] = await transitions(evenRating);
    expect(evenAudit!.after).toEqual({ state: "closed", transition: "close", comment: null });
  });

  it("the promotion close_all: refused without a reason, nothing closed; with one, the history keeps it", async () => {
    const base = `/api/v1/admin/cycles/${org.cycleId}/promotion_calibration_sessions/close_all`;
    const refused = await call("PATCH", base, { token: org.token.admin });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.error.code).toBe("gap_reason_required");
    expect(refused.body.error.details.sessions.map((s: { session_id: number }) => s.session_id)).toEqual([forcedPromo]);
    expect(await stateOf(forcedPromo)).toBe("in_review");
    const bad = await call("PATCH", base, { token: org.token.admin, body: { reason: 7 } });
    expect(bad.status).toBe(400);
    const res = await call("PATCH", base, { token: org.token.admin, body: { reason: FORCED } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.closed_session_ids).toEqual([forcedPromo]);
    const comment = await (await getDb()).calibrationComment.findFirstOrThrow({ where: { sessionId: forcedPromo } });
    expect(comment.body).toBe(`Closed with a significant gap in the promotion decisions. Reason: ${FORCED}`);
    const [audit] = await transitions(forcedPromo);
    expect(audit!.after).toMatchObject({ state: "closed", transition: "close", gap_reason: FORCED });
  });
});
