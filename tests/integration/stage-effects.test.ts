/**
 * Stage effects of the cycle workflow (ADR 0021) through the REAL path: cycle service → Temporal
 * workflow update → applyCycleTransition activity → database. Feedback requests are opened exactly
 * once, match the mandatory panel rules plus accepted peers, pending peer requests close, and the
 * manager feedback stage opens the MANAGER rows. Audit records carry the counts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { mandatoryPairs } from "~/features/participants/rules";
import { SPU_FEEDBACK_TYPES } from "~/features/feedback/rules";
import { openFeedbackRequests, openManagerFeedback, lockCycleStage, openRequestsByReviewer } from "~/features/cycles/stage-effects.server";
import { applyCycleTransition } from "../../worker/activities/cycles";
import { createReviewOrg, moveCycleTo, type ReviewOrg } from "../support/review-org";
import { startTestWorker } from "../support/worker";

let stopWorker: () => Promise<void>;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
});
afterAll(async () => {
  await stopWorker?.();
});

async function feedbackRows(cycleId: number) {
  const db = await getDb();
  const rows = await db.feedback.findMany({
    where: { cycleId },
    select: { reviewerType: true, status: true, answers: true, reviewerId: true, reviewee: { select: { userId: true } } },
  });
  return rows.map((r) => ({ reviewee: r.reviewee.userId, reviewer: r.reviewerId, type: r.reviewerType, status: r.status, answers: r.answers }));
}

const key = (r: { reviewee: number; reviewer: number; type: string }) => `${r.reviewee}>${r.reviewer}:${r.type}`;

async function audits(cycleId: number, action: string) {
  const db = await getDb();
  return db.auditRecord.findMany({ where: { entityType: "Cycle", entityId: String(cycleId), action }, orderBy: { id: "asc" } });
}

describe("moving to SPU feedback opens the feedback requests", () => {
  let org: ReviewOrg;

  beforeAll(async () => {
    org = await createReviewOrg("Effects");
    await moveCycleTo(org, "start");
    // Nothing is opened before the SPU stage.
    expect(await feedbackRows(org.cycleId)).toEqual([]);
    await moveCycleTo(org, "spu_feedback");
  });

  it("creates a DRAFT row, unanswered, for every mandatory non-manager reviewer and every accepted peer", async () => {
    const { M, A, B, S, C, P } = org;
    const rows = await feedbackRows(org.cycleId);
    expect(rows.map(key).sort()).toEqual(
      [
        { reviewee: M.id, reviewer: M.id, type: "SELF" },
        { reviewee: M.id, reviewer: A.id, type: "DIRECT_REPORT" },
        { reviewee: M.id, reviewer: B.id, type: "DIRECT_REPORT" },
        { reviewee: A.id, reviewer: A.id, type: "SELF" },
        { reviewee: A.id, reviewer: S.id, type: "MATRIX_MANAGER" },
        { reviewee: A.id, reviewer: C.id, type: "DIRECT_REPORT" },
        { reviewee: A.id, reviewer: P.id, type: "PEER" },
        { reviewee: B.id, reviewer: B.id, type: "SELF" },
        { reviewee: S.id, reviewer: S.id, type: "SELF" },
        { reviewee: S.id, reviewer: A.id, type: "MATRIX_TEAM" },
      ]
        .map(key)
        .sort(),
    );
    expect(rows.every((r) => r.status === "DRAFT" && JSON.stringify(r.answers) === "{}")).toBe(true);
  });

  it("follows the panel rules: the mandatory pairs (without manager) plus accepted peers, a manager never asked as a peer", async () => {
    const db = await getDb();
    const participants = await db.participant.findMany({ where: { cycleId: org.cycleId } });
    const expected = new Set(
      mandatoryPairs(participants)
        .filter((p) => p.reviewerType !== "manager")
        .map((p) => key({ reviewee: p.revieweeUserId, reviewer: p.reviewerUserId, type: p.reviewerType.toUpperCase() })),
    );
    expected.add(key({ reviewee: org.A.id, reviewer: org.P.id, type: "PEER" }));
    expect(new Set((await feedbackRows(org.cycleId)).map(key))).toEqual(expected);
    // M accepted A's peer request but is A's manager: no PEER row (manager feedback comes later).
    expect((await feedbackRows(org.cycleId)).some((r) => r.reviewee === org.A.id && r.reviewer === org.M.id)).toBe(false);
  });

  it("closes selection: the pending request is DECLINED without a response date; answered ones are untouched", async () => {
    const db = await getDb();
    const requests = await db.peerRequest.findMany({ where: { cycleId: org.cycleId }, orderBy: { id: "asc" } });
    const byReviewer = new Map(requests.map((r) => [r.reviewerId, r]));
    expect(byReviewer.get(org.Q.id)).toMatchObject({ status: "DECLINED", respondedAt: null });
    expect(byReviewer.get(org.P.id)!.status).toBe("ACCEPTED");
    expect(byReviewer.get(org.R.id)!.status).toBe("DECLINED");
    expect(byReviewer.get(org.R.id)!.respondedAt).not.toBeNull();
  });

  it("writes one audit record (source workflow, the admin as actor) with the counts, next to the transition's", async () => {
    const opened = await audits(org.cycleId, "cycle.feedback_requests_opened");
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ source: "workflow", actorId: org.admin.id });
    expect(opened[0]!.after).toEqual({
      created: { SELF: 4, DIRECT_REPORT: 3, MATRIX_MANAGER: 1, MATRIX_TEAM: 1, PEER: 1 },
      created_total: 10,
      closed_peer_requests: 1,
    });
    expect((await audits(org.cycleId, "cycle.transition")).length).toBe(2);
  });

  it("creates the rows exactly once: the activity running again (a Temporal retry) and the effect itself are idempotent", async () => {
    const db = await getDb();
    const before = (await feedbackRows(org.cycleId)).map(key).sort();
    const again = await applyCycleTransition({
      cycleId: org.cycleId,
      transition: "progress_to_spu_feedback",
      from: "start",
      to: "spu_feedback",
      actor: org.adminActor,
    });
    expect(again).toEqual({ cycleId: org.cycleId, stage: "spu_feedback", alreadyApplied: true });
    expect((await feedbackRows(org.cycleId)).map(key).sort()).toEqual(before);
    expect(await audits(org.cycleId, "cycle.feedback_requests_opened")).toHaveLength(1);

    // The set-based statement itself, run twice: the second run creates nothing.
    const rerun = await db.$transaction((tx) => openFeedbackRequests(tx, org.cycleId, org.adminActor));
    expect(rerun).toEqual({ cycleId: org.cycleId, created: {}, createdTotal: 0, closedPeerRequests: 0 });
    expect((await feedbackRows(org.cycleId)).map(key).sort()).toEqual(before);
  });

  it("an answered draft or a submission survives a re-run untouched", async () => {
    const db = await getDb();
    const self = await db.feedback.findFirstOrThrow({ where: { cycleId: org.cycleId, reviewerId: org.B.id, revieweeId: org.participantId.B } });
    await db.feedback.update({ where: { id: self.id }, data: { answers: { strengths: "x" }, status: "SUBMITTED", submittedAt: new Date() } });
    await db.$transaction((tx) => openFeedbackRequests(tx, org.cycleId, org.adminActor));
    expect(await db.feedback.findUniqueOrThrow({ where: { id: self.id } })).toMatchObject({ status: "SUBMITTED", answers: { strengths: "x" } });
  });

  it("openRequestsByReviewer: the reviewers with open requests of the stage and how many", async () => {
    const db = await getDb();
    const open = await openRequestsByReviewer(db, org.cycleId, SPU_FEEDBACK_TYPES);
    // B's self review was submitted above; C only owes A upward feedback; Q's request closed unanswered.
    expect(Object.fromEntries(open)).toEqual({ [org.M.id]: 1, [org.A.id]: 3, [org.B.id]: 1, [org.S.id]: 2, [org.C.id]: 1, [org.P.id]: 1 });
    expect((await openRequestsByReviewer(db, org.cycleId, ["MANAGER"])).size).toBe(0);
  });

  it("lockCycleStage reads the stage (404 for an unknown cycle)", async () => {
    const db = await getDb();
    expect(await db.$transaction((tx) => lockCycleStage(tx, org.cycleId))).toBe("spu_feedback");
    await expect(db.$transaction((tx) => lockCycleStage(tx, 99_999_999))).rejects.toMatchObject({ status: 404 });
  });

  describe("then moving to manager feedback", () => {
    beforeAll(async () => {
      await moveCycleTo(org, "manager_feedback");
    });

    it("opens a MANAGER draft for each participant receiving feedback who has a manager", async () => {
      const rows = (await feedbackRows(org.cycleId)).filter((r) => r.type === "MANAGER");
      expect(rows.map(key).sort()).toEqual(
        [
          { reviewee: org.A.id, reviewer: org.M.id, type: "MANAGER" },
          { reviewee: org.B.id, reviewer: org.M.id, type: "MANAGER" },
        ]
          .map(key)
          .sort(),
      );
      expect(rows.every((r) => r.status === "DRAFT")).toBe(true);
    });

    it("audits the counts, including the SPU feedback that closed unsubmitted", async () => {
      const opened = await audits(org.cycleId, "cycle.manager_feedback_opened");
      expect(opened).toHaveLength(1);
      expect(opened[0]).toMatchObject({ source: "workflow", actorId: org.admin.id });
      expect(opened[0]!.after).toEqual({
        created: { MANAGER: 2 },
        without_manager: 2, // M and S (C is reviewer-only)
        spu_feedback_closed: {
          submitted: 1,
          not_submitted: { SELF: 3, DIRECT_REPORT: 3, MATRIX_MANAGER: 1, MATRIX_TEAM: 1, PEER: 1 },
          not_submitted_total: 9,
        },
      });
    });

    it("the manager's open work is the MANAGER rows", async () => {
      const open = await openRequestsByReviewer(await getDb(), org.cycleId, ["MANAGER"]);
      expect(Object.fromEntries(open)).toEqual({ [org.M.id]: 2 });
    });

    it("is idempotent too", async () => {
      const db = await getDb();
      const again = await db.$transaction((tx) => openManagerFeedback(tx, org.cycleId, org.adminActor));
      expect(again.created).toBe(0);
      expect((await feedbackRows(org.cycleId)).filter((r) => r.type === "MANAGER")).toHaveLength(2);
    });
  });
});

describe("edge cases", () => {
  it("a cycle without participants moves on with empty counts", async () => {
    const org = await createReviewOrg("Empty");
    const db = await getDb();
    await db.peerRequest.deleteMany({ where: { cycleId: org.cycleId } });
    await db.participant.deleteMany({ where: { cycleId: org.cycleId } });
    await moveCycleTo(org, "spu_feedback");
    expect(await feedbackRows(org.cycleId)).toEqual([]);
    expect((await audits(org.cycleId, "cycle.feedback_requests_opened"))[0]!.after).toEqual({ created: {}, created_total: 0, closed_peer_requests: 0 });
  });

  it("a failed transition leaves no effect behind (one transaction)", async () => {
    const org = await createReviewOrg("Rollback");
    await moveCycleTo(org, "start");
    const db = await getDb();
    // The activity expects 'draft' but the row is 'start': it refuses and writes nothing.
    await expect(
      applyCycleTransition({ cycleId: org.cycleId, transition: "progress_to_spu_feedback", from: "draft", to: "spu_feedback", actor: org.adminActor }),
    ).rejects.toThrow(/expected 'draft'/);
    expect(await feedbackRows(org.cycleId)).toEqual([]);
    expect(await db.peerRequest.count({ where: { cycleId: org.cycleId, status: "REQUESTED" } })).toBe(1);
  });
});

describe("participants added or re-managed while a feedback stage is open", () => {
  it("get the requests everyone else got: SPU requests in SPU feedback, the manager row in manager feedback", async () => {
    const { createParticipant, updateParticipant } = await import("~/features/participants/service.server");
    const { createTestUser } = await import("../support/api");
    const org = await createReviewOrg("Late");
    await moveCycleTo(org, "spu_feedback");
    const late = await createTestUser({ name: "Late Lara" });
    await createParticipant(org.adminActor, org.cycleId, { email: late.email, manager_email: org.M.email });
    const rows = await feedbackRows(org.cycleId);
    // Lara's self review and her upward feedback for M are open; no manager row yet.
    expect(rows.filter((r) => r.reviewee === late.id).map(key)).toEqual([key({ reviewee: late.id, reviewer: late.id, type: "SELF" })]);
    expect(rows.filter((r) => r.reviewer === late.id && r.reviewee === org.M.id).map((r) => r.type)).toEqual(["DIRECT_REPORT"]);
    expect(rows.some((r) => r.type === "MANAGER")).toBe(false);

    await moveCycleTo(org, "manager_feedback");
    // Lara moves to S as her manager: S gets the manager feedback request too (M's stays).
    await updateParticipant(org.adminActor, org.cycleId, late.email, { manager_email: org.S.email });
    const managerRows = (await feedbackRows(org.cycleId)).filter((r) => r.reviewee === late.id && r.type === "MANAGER");
    expect(managerRows.map((r) => r.reviewer).sort()).toEqual([org.M.id, org.S.id].sort());
  });
});
