/**
 * Issue 29 §4 (ADR 0114): fairness in the rating calibration meeting, through the real routes, services, Temporal
 * worker and database. Two sessions in review of twelve people each (six women, six men): in one the women were rated
 * lowest in calibration (a significant gap after calibration), in the other women and men alike.
 * - The panel's data (GET /app/calibration-sessions/{id}/fairness) goes to the session admin, the sign-off party, the
 *   session's HR partner and super admins; a panelist, an outsider and another session's members get 403. Members read
 *   the attributes visible to HR only (a super-admins-only attribute's name and values never reach them); the session's
 *   insight page and API stay closed to them.
 * - Closing the session with the gap: refused (422 gap_reason_required, the page's field error with its key) without a
 *   reason or with a blank one, nothing changed; accepted with one, which the session history keeps ("Closed with a
 *   significant ratings gap. Reason: …") and the close's audit record too, with the gaps. The session without a gap
 *   closes with no comment at all.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "~/generated/prisma/client.ts";
import { getDb } from "~/platform/db.server";
import { DEFAULT_GUIDELINE } from "~/features/calibration/rules";
import { startSessionWorkflow } from "~/features/calibration/workflow.server";
import { setAttributeValues } from "~/features/insights/attribute-values.server";
import * as signOffPage from "~/routes/app.sign-off-party.calibration-sessions.$id";
import { startTestWorker } from "../support/worker";
import { bearerFor, createTestUser } from "../support/api";
import { sessionCookieFor } from "../support/session";
import { fairnessPanel as panel } from "../support/meeting-fairness";
import { call, createCalibrationOrg, roleBase, type CalibrationOrg } from "../support/calibration";

let org: CalibrationOrg;
let stopWorker: () => Promise<void>;
let gapSession: number;
let evenSession: number;
let other: { sa: User; so: User };
/** The built-in gender attribute's id. */
let genderId: number;
const tag = Date.now().toString(36);
const SECRET = { name: `Fair tier ${tag}`, low: `Tier-low-${tag}`, high: `Tier-high-${tag}` };
const REASON = "The three lowest ratings follow documented performance plans agreed before the cycle.";

/** Six women rated lowest after calibration, or women and men alike (W M alternate along the ratings). */
const WOMEN_LOW = [1, 2, 2, 2, 2, 2, 4, 4, 4, 4, 5, 5];
const ALIKE = [1, 2, 3, 4, 5, 3, 2, 1, 3, 4, 5, 3];

async function twelvePeopleSession(name: string, ratings: number[], members: { sa: User; pa: User; so: User }): Promise<number> {
  const db = await getDb();
  const gender = await db.attributeDefinition.findUniqueOrThrow({ where: { key: "gender" } });
  const secret = await db.attributeDefinition.findFirstOrThrow({ where: { name: SECRET.name } });
  const actor = org.adminActor;
  const pids: number[] = [];
  for (let i = 0; i < ratings.length; i++) {
    const user = await createTestUser({ name: `${name} Person ${i}` });
    const inputs = [
      { attributeId: gender.id, value: i < 6 ? "Woman" : "Man" },
      { attributeId: secret.id, value: i < 6 ? SECRET.low : SECRET.high },
    ];
    const set = await db.$transaction((tx) => setAttributeValues(tx, user.id, inputs, actor));
    expect(set.errors).toEqual([]);
    const p = await db.participant.create({ data: { cycleId: org.cycleId, userId: user.id, managerId: org.users.M.id, hrPartnerId: org.users.hr.id, proposedRating: 3, proposedPotential: 2 } });
    pids.push(p.id);
  }
  const session = await db.calibrationSession.create({
    data: {
      cycleId: org.cycleId,
      kind: "RATING",
      name,
      state: "in_review",
      createdById: org.users.hr.id,
      guideline: { ...DEFAULT_GUIDELINE },
      members: {
        create: [
          { userId: members.sa.id, role: "ADMIN" },
          { userId: members.pa.id, role: "PANELIST" },
          { userId: members.so.id, role: "SIGN_OFF" },
        ],
      },
    },
  });
  await db.calibrationSessionParticipant.createMany({ data: pids.map((participantId, i) => ({ sessionId: session.id, participantId, kind: "RATING" as const, rating: ratings[i]!, potential: 2 })) });
  await startSessionWorkflow(session);
  return session.id;
}

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createCalibrationOrg("Fair");
  const db = await getDb();
  await db.companySettings.updateMany({ data: { insightsPrivacyFloor: 5 } });
  genderId = (await db.attributeDefinition.findUniqueOrThrow({ where: { key: "gender" } })).id;
  await db.attributeDefinition.create({ data: { name: SECRET.name, kind: "CATEGORY", visibility: "SUPER_ADMINS" } });
  other = { sa: await createTestUser({ name: "Fair Other Admin" }), so: await createTestUser({ name: "Fair Other SignOff" }) };
  gapSession = await twelvePeopleSession("Fair gap", WOMEN_LOW, org.users);
  evenSession = await twelvePeopleSession("Fair even", ALIKE, { sa: other.sa, pa: org.users.pb, so: other.so });
}, 180_000);

afterAll(async () => {
  await stopWorker?.();
});

describe("the fairness panel's data", () => {
  it("goes to the session admin and the sign-off party: the gap by gender, significant after calibration, each group's shift", async () => {
    for (const who of [org.users.sa, org.users.so]) {
      const { status, body } = await panel(who, gapSession);
      expect(status).toBe(200);
      expect(body.population).toBe(12);
      expect(body.insight_page).toBe(false);
      expect(body.attributes.map((a) => a.id)).toContain(genderId);
      expect(body.first_by).toBe(genderId);
      expect(body.significant_after.map((g) => [g.attribute.id, g.group])).toEqual(expect.arrayContaining([[genderId, "Woman"]]));
      const figure = body.figures.find((f) => f.attribute.id === genderId)!;
      const women = figure.rows.find((r) => r.group === "Woman")!;
      expect(women.values).toMatchObject({ mean_before: 3, mean_after: 1.83, shift: -1.17 });
      // Members read what HR may read: never the super-admins-only attribute, its name or its values.
      const text = JSON.stringify(body);
      for (const secret of [SECRET.name, SECRET.low, SECRET.high]) expect(text).not.toContain(secret);
    }
  });

  it("is the insights' answer for a super admin (every attribute) and the session's HR partner (with the insight page)", async () => {
    const admin = await panel(org.users.admin, gapSession);
    expect(admin.status).toBe(200);
    expect(admin.body.insight_page).toBe(true);
    expect(admin.body.significant_after.map((g) => g.attribute.id)).toContain(genderId);
    // A super admin reads every attribute (the first twelve of the admin list): at least those of the members.
    expect(admin.body.attributes.length).toBeGreaterThanOrEqual((await panel(org.users.sa, gapSession)).body.attributes.length);
    const hr = await panel(org.users.hr, gapSession);
    expect(hr.status).toBe(200);
    expect(hr.body.insight_page).toBe(true);
  });

  it("is refused to a panelist, an outsider and the members of another session; the session's insight API stays closed to members", async () => {
    for (const who of [org.users.pa, org.users.emp, other.sa, other.so]) {
      const { status, body } = await panel(who, gapSession);
      expect(status, who.name).toBe(403);
      expect(body.error?.code).toBe("forbidden");
    }
    expect((await panel(org.users.pb, evenSession)).status).toBe(403);
    const api = await call("GET", `/api/v1/insights/calibration_sessions/${gapSession}`, { token: org.token.sa });
    expect(api.status).toBe(403);
  });

  it("the session without a gap: nothing significant after calibration", async () => {
    const { status, body } = await panel(other.so, evenSession);
    expect(status).toBe(200);
    expect(body.significant_after).toEqual([]);
  });
});

describe("closing over a significant gap needs a written reason", () => {
  const closeUrl = (sessionId: number) => `${roleBase(org, "calibration_session_sign_off_party", sessionId)}/progress_to_close`;

  it("the API refuses a close without a reason, or with a blank one (422 gap_reason_required), and nothing changes", async () => {
    for (const body of [{}, { comment: "   " }]) {
      const res = await call("PATCH", closeUrl(gapSession), { token: org.token.so, body });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.error.code).toBe("gap_reason_required");
      expect(res.body.error.details.field).toBe("comment");
      expect(res.body.error.details.significant_gaps).toEqual(expect.arrayContaining([expect.objectContaining({ group: "Woman" })]));
      expect(JSON.stringify(res.body)).not.toContain(SECRET.low);
    }
    const db = await getDb();
    expect((await db.calibrationSession.findUniqueOrThrow({ where: { id: gapSession } })).state).toBe("in_review");
    expect(await db.auditRecord.count({ where: { action: "calibration_session.transition", entityId: String(gapSession) } })).toBe(0);
  });

  it("the sign-off page refuses it beside the comment field, with the message's key", async () => {
    const form = new URLSearchParams({ intent: "close", comment: " " });
    const request = new Request(`http://127.0.0.1/app/sign-off-party/calibration-sessions/${gapSession}?cycle_id=${org.cycleId}`, {
      method: "POST",
      headers: { Cookie: await sessionCookieFor(org.users.so.id), "Content-Type": "application/x-www-form-urlencoded", Origin: "http://127.0.0.1" },
      body: form,
    });
    const result = (await signOffPage.action({ request, params: { id: String(gapSession) }, context: {} })) as unknown as {
      data: { ok: boolean; message: { key: string }; fieldErrors: Record<string, { key: string }> };
      init: { status: number };
    };
    expect(result.init.status).toBe(422);
    expect(result.data.ok).toBe(false);
    expect(result.data.fieldErrors.comment).toEqual({ key: "meetingFairness.reasonRequired" });
    expect((await (await getDb()).calibrationSession.findUniqueOrThrow({ where: { id: gapSession } })).state).toBe("in_review");
  });

  it("accepts the close with a reason: the history and the close's audit record keep it, with the gaps", async () => {
    const res = await call("PATCH", closeUrl(gapSession), { token: org.token.so, body: { comment: REASON } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.calibration_session.state).toBe("closed");
    const db = await getDb();
    const comment = await db.calibrationComment.findFirstOrThrow({ where: { sessionId: gapSession, authorId: org.users.so.id } });
    expect(comment.body).toBe(`Closed with a significant ratings gap. Reason: ${REASON}`);
    expect(comment.bodyCode).toMatchObject({ key: "storedTexts.calibrationComment.closedOverGap", values: { comment: REASON } });
    // The session page's history shows it (the sign-off party's read of the session).
    const detail = await call("GET", roleBase(org, "calibration_session_sign_off_party", gapSession), { token: org.token.so });
    expect(JSON.stringify(detail.body.comments)).toContain(REASON);
    const audit = await db.auditRecord.findFirstOrThrow({ where: { action: "calibration_session.transition", entityId: String(gapSession) } });
    const after = audit.after as { state: string; comment: string; gap_reason: string; significant_gaps: Array<{ attribute: string; group: string; p: number }> };
    expect(after).toMatchObject({ state: "closed", comment: REASON, gap_reason: REASON });
    expect(after.significant_gaps).toEqual(expect.arrayContaining([expect.objectContaining({ group: "Woman" })]));
    expect(after.significant_gaps.every((g) => g.p < 0.05)).toBe(true);
    expect(audit.actorId).toBe(org.users.so.id);
  });

  it("a session without a significant gap closes with no comment, and its audit record names no gap", async () => {
    const token = await bearerFor(other.so.id);
    const res = await call("PATCH", closeUrl(evenSession), { token, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const audit = await (await getDb()).auditRecord.findFirstOrThrow({ where: { action: "calibration_session.transition", entityId: String(evenSession) } });
    expect(audit.after).toEqual({ state: "closed", transition: "progress_to_close", comment: null });
  });
});
