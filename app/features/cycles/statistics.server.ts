import { getDb } from "~/platform/db.server";
import { fromDbState } from "~/features/cycles/rules";
import type { CycleStatistics, FeedbackTypeStats, ProgressItem } from "~/features/cycles/statistics";
import {
  CALIBRATED_RATINGS,
  FEEDBACK_STAGE_OF,
  PROMOTION_DECISIONS,
  REVIEWER_TYPES,
  REVIEWER_TYPE_LABELS,
  fromDbReviewerType,
  mandatoryPairs,
  parseStoredDecision,
  parseStoredRating,
  type ReviewerTypeValue,
} from "~/features/participants/rules";
import { cycleNotFound } from "~/platform/api.server";
import type { CycleState, ReviewerType } from "~/generated/prisma/client.ts";

/**
 * Progress of a cycle from the data that exists: participants, feedback rows by reviewer type and
 * status against the mandatory reviewers derived from the participant records (plus any other
 * feedback rows, e.g. peers), calibrated ratings and promotion decisions.
 */

export async function getCycleStatistics(cycleId: number): Promise<CycleStatistics> {
  const db = await getDb();
  const cycle = await db.cycle.findUnique({ where: { id: cycleId }, select: { id: true, state: true } });
  if (!cycle) throw cycleNotFound(cycleId);
  const [participants, feedbacks, nominations] = await Promise.all([
    db.participant.findMany({
      where: { cycleId },
      select: { id: true, userId: true, managerId: true, secondaryManagerId: true, reviewerOnly: true, calibratedRating: true, promotionDecision: true },
    }),
    db.feedback.findMany({ where: { cycleId }, select: { revieweeId: true, reviewerId: true, reviewerType: true, status: true } }),
    db.promotionNomination.findMany({ where: { participant: { cycleId } }, select: { participantId: true } }),
  ]);
  return cycleStatisticsOf(cycle, participants, feedbacks, nominations);
}

export type StatisticsParticipant = {
  id: number;
  userId: number;
  managerId: number | null;
  secondaryManagerId: number | null;
  reviewerOnly: boolean;
  calibratedRating: string | null;
  promotionDecision: string | null;
};
export type StatisticsFeedback = { revieweeId: number; reviewerId: number; reviewerType: ReviewerType; status: "DRAFT" | "SUBMITTED" };

/** The statistics from what was read of the cycle: its participants, feedback rows and nominated participants. PURE. */
export function cycleStatisticsOf(
  cycle: { id: number; state: CycleState },
  participants: readonly StatisticsParticipant[],
  feedbacks: readonly StatisticsFeedback[],
  nominations: ReadonlyArray<{ participantId: number }>,
): CycleStatistics {

  const userOfParticipant = new Map(participants.map((p) => [p.id, p.userId]));
  const key = (revieweeUserId: number, reviewerUserId: number, type: ReviewerTypeValue) => `${revieweeUserId}:${reviewerUserId}:${type}`;
  const expectedKeys = new Map<ReviewerTypeValue, Set<string>>(REVIEWER_TYPES.map((t) => [t, new Set<string>()]));
  for (const pair of mandatoryPairs(participants)) expectedKeys.get(pair.reviewerType)!.add(key(pair.revieweeUserId, pair.reviewerUserId, pair.reviewerType));
  const submitted = new Map<ReviewerTypeValue, number>(REVIEWER_TYPES.map((t) => [t, 0]));
  const draft = new Map<ReviewerTypeValue, number>(REVIEWER_TYPES.map((t) => [t, 0]));
  for (const f of feedbacks) {
    const type = fromDbReviewerType(f.reviewerType);
    const revieweeUser = userOfParticipant.get(f.revieweeId);
    if (revieweeUser === undefined) continue;
    expectedKeys.get(type)!.add(key(revieweeUser, f.reviewerId, type));
    if (f.status === "SUBMITTED") submitted.set(type, submitted.get(type)! + 1);
    else draft.set(type, draft.get(type)! + 1);
  }
  const byType: FeedbackTypeStats[] = REVIEWER_TYPES.map((t) => {
    const expected = expectedKeys.get(t)!.size;
    const s = submitted.get(t)!;
    const d = draft.get(t)!;
    return { reviewer_type: t, label: REVIEWER_TYPE_LABELS[t], stage: FEEDBACK_STAGE_OF[t], expected, submitted: s, draft: d, not_started: Math.max(0, expected - s - d) };
  });

  const feedbackProgress = (stageKey: "spu_feedback" | "manager_feedback", label: string): ProgressItem => {
    const items = byType.filter((t) => t.stage === stageKey);
    const total = items.reduce((n, t) => n + t.expected, 0);
    const done = items.reduce((n, t) => n + t.submitted, 0);
    const inProgress = items.reduce((n, t) => n + t.draft, 0);
    return { key: stageKey, stage: stageKey, label, total, done, in_progress: inProgress, pending: Math.max(0, total - done) };
  };

  const receiving = participants.filter((p) => !p.reviewerOnly);
  const byRating: Record<string, number> = Object.fromEntries(CALIBRATED_RATINGS.map((r) => [String(r), 0]));
  let rated = 0;
  for (const p of receiving) {
    const r = parseStoredRating(p.calibratedRating);
    if (r !== null) {
      rated++;
      byRating[String(r)]!++;
    }
  }
  const nominated = new Set(nominations.map((n) => n.participantId));
  const byDecision: Record<string, number> = Object.fromEntries(PROMOTION_DECISIONS.map((d) => [d, 0]));
  let decided = 0;
  let decisionPending = 0;
  for (const p of participants) {
    const d = parseStoredDecision(p.promotionDecision);
    if (d !== null) {
      decided++;
      byDecision[d]!++;
    } else if (nominated.has(p.id)) decisionPending++;
  }
  const decisionTotal = decided + decisionPending;

  return {
    cycle_id: cycle.id,
    state: fromDbState(cycle.state),
    participants: { total: participants.length, reviewer_only: participants.length - receiving.length, receiving_feedback: receiving.length },
    progress: [
      feedbackProgress("spu_feedback", "Self, peer and upward feedback"),
      feedbackProgress("manager_feedback", "Manager feedback"),
      { key: "calibrated_ratings", stage: "calibration", label: "Calibrated ratings", total: receiving.length, done: rated, in_progress: 0, pending: receiving.length - rated },
      { key: "promotion_decisions", stage: "calibration", label: "Promotion decisions", total: decisionTotal, done: decided, in_progress: 0, pending: decisionPending },
    ],
    feedback_by_reviewer_type: byType,
    calibrated_ratings: { total: receiving.length, rated, pending: receiving.length - rated, by_rating: byRating },
    promotion_decisions: { nominated: nominated.size, decided, pending: decisionPending, by_decision: byDecision },
  };
}
