/**
 * Demo review data for the seeded cycles (issue [3/3]): accepted peer requests, feedback requests and answers,
 * manager feedback, ratings and promotion decisions, shaped exactly as the app creates them:
 *
 *  - START cycle: peer selection open; some participants already asked peers (requested / accepted / declined).
 *  - SPU_FEEDBACK cycle: accepted peers; a DRAFT Feedback row (open request) for every mandatory non-manager reviewer
 *    and every accepted peer (what moving into SPU feedback creates); about half of them SUBMITTED.
 *  - CALIBRATION cycle: all 360 feedback and the manager feedback SUBMITTED (the proposed ratings and the
 *    calibration sessions come from prisma/seed-calibration.ts); no calibrated rating yet.
 *  - COMMUNICATION cycle: everything given: all 360 feedback and the manager feedback SUBMITTED, calibrated
 *    ratings and promotion decisions set, so the Performance Cycle Report has something to show.
 *
 * Deterministic (seeded random), and pure data: answers follow the default questionnaire of
 * app/features/questionnaires/rules.ts, reviewers follow `mandatoryPairs` of app/features/participants/rules.ts.
 */
import type { Prisma } from "~/generated/prisma/client.ts";
import { mandatoryPairs } from "~/features/participants/rules";
import type { Question, ReviewerType } from "~/features/questionnaires/rules";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";

type Tx = Prisma.TransactionClient;
type Rand = () => number;

const TEXTS: Record<string, string[]> = {
  strengths: [
    "Takes ownership of hard problems and follows them through to a clear result.",
    "Explains complex topics simply and keeps stakeholders informed without being asked.",
    "Very dependable: when something is promised, it ships, and it ships well.",
    "Brings calm and structure to incidents; the team relies on that judgement.",
  ],
  growth_areas: [
    "Could delegate more and give others room to lead parts of the work.",
    "Would benefit from writing decisions down earlier so others can follow them.",
    "Could push back sooner when scope grows beyond what the team can carry.",
    "Should share work in progress earlier to get feedback before it is final.",
  ],
  accomplishments: [
    "Led the migration of the billing service with no customer-facing downtime.",
    "Shipped the onboarding redesign, which lifted activation noticeably.",
    "Built the reporting pipeline the finance team now uses every month.",
  ],
  default: [
    "Great collaboration this cycle; thank you for the support on the launch.",
    "Clear communication and steady delivery throughout the cycle.",
    "Keep mentoring newer colleagues; it makes a real difference.",
  ],
};

/** Share of the points of a 5-point scale in the bell-shaped answers of the calibration cycle (cumulative). */
const BELL = [0.05, 0.18, 0.62, 0.88, 1];

function answerFor(q: Question, rand: Rand, bell: boolean): number | string | undefined {
  if (!q.required && rand() < 0.5) return undefined;
  if (q.kind === "rating") {
    const { min, max } = q.scale!;
    if (bell) {
      // Around the middle of the scale with a tail on both sides, so calibration has something to discuss.
      const u = rand();
      const point = BELL.findIndex((c) => u < c);
      return Math.round(min + ((point < 0 ? 4 : point) * (max - min)) / 4);
    }
    // Skewed to the upper half, as real review ratings are.
    return Math.min(max, Math.max(min, Math.round(min + (max - min) * (0.45 + rand() * 0.55))));
  }
  if (q.kind === "choice") return q.options![Math.floor(rand() * q.options!.length)]!;
  const pool = TEXTS[q.id] ?? TEXTS.default!;
  return pool[Math.floor(rand() * pool.length)]!;
}

/**
 * Answers of one reviewer. `bell` (the calibration cycle): ratings spread around the middle, and the manager's
 * `trajectory` follows their `overall_impact` (a strong rating usually comes with a steeper trajectory).
 */
export function demoAnswers(reviewerType: ReviewerType, rand: Rand, bell = false): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  const questions = DEFAULT_QUESTIONNAIRE[reviewerType] ?? [];
  for (const q of questions) {
    const a = answerFor(q, rand, bell);
    if (a !== undefined) out[q.id] = a;
  }
  const trajectory = questions.find((q) => q.id === "trajectory" && q.kind === "choice")?.options;
  if (bell && trajectory?.length && typeof out.overall_impact === "number") {
    const step = Math.round((out.overall_impact - 1) * 0.75 + (rand() - 0.5) * 1.5);
    out.trajectory = trajectory[Math.min(trajectory.length - 1, Math.max(0, step))]!;
  }
  return out;
}

const DB_TYPE = {
  self: "SELF",
  manager: "MANAGER",
  direct_report: "DIRECT_REPORT",
  peer: "PEER",
  matrix_manager: "MATRIX_MANAGER",
  matrix_team: "MATRIX_TEAM",
} as const;

type Stage = "START" | "SPU_FEEDBACK" | "CALIBRATION" | "COMMUNICATION";

/**
 * Review data for one seeded cycle. `department` groups colleagues (peers are chosen among them);
 * `protect` lists users whose own work must stay open in the demo (their feedback to give stays DRAFT).
 */
export async function seedCycleReviewData(
  tx: Tx,
  input: { cycleId: number; stage: Stage; departmentOf: Map<number, string>; protect: Set<number>; rand: Rand },
): Promise<{ peerRequests: number; feedbacks: number }> {
  const { cycleId, stage, departmentOf, protect, rand } = input;
  const participants = await tx.participant.findMany({
    where: { cycleId },
    select: { id: true, userId: true, managerId: true, secondaryManagerId: true, reviewerOnly: true },
    orderBy: { id: "asc" },
  });
  const participantIdOf = new Map(participants.map((p) => [p.userId, p.id]));
  const pairs = mandatoryPairs(participants);
  const mandatory = new Map<number, Set<number>>();
  for (const p of pairs) {
    if (!mandatory.has(p.revieweeUserId)) mandatory.set(p.revieweeUserId, new Set());
    mandatory.get(p.revieweeUserId)!.add(p.reviewerUserId);
  }

  // Peers: up to 3 colleagues of the same department who are not mandatory reviewers.
  const peerRows: Prisma.PeerRequestCreateManyInput[] = [];
  const acceptedPeers: Array<{ revieweeUserId: number; reviewerUserId: number }> = [];
  const byDept = new Map<string, number[]>();
  for (const p of participants) {
    const d = departmentOf.get(p.userId) ?? "";
    byDept.set(d, [...(byDept.get(d) ?? []), p.userId]);
  }
  for (const p of participants) {
    if (p.reviewerOnly) continue;
    // In the START cycle only some participants have begun choosing; the protected demo users choose themselves.
    if (stage === "START" && (protect.has(p.userId) || rand() < 0.5)) continue;
    const taken = mandatory.get(p.userId) ?? new Set<number>();
    const pool = (byDept.get(departmentOf.get(p.userId) ?? "") ?? []).filter((u) => u !== p.userId && !taken.has(u));
    const chosen: number[] = [];
    while (chosen.length < 3 && pool.length > 0) chosen.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]!);
    chosen.forEach((reviewerUserId, i) => {
      const status = stage === "START" ? (i === 0 ? "ACCEPTED" : i === 1 && rand() < 0.3 ? "DECLINED" : "REQUESTED") : "ACCEPTED";
      peerRows.push({
        cycleId,
        participantId: p.id,
        reviewerId: reviewerUserId,
        status,
        requestedById: p.userId,
        respondedAt: status === "REQUESTED" ? null : new Date(),
      });
      if (status === "ACCEPTED") acceptedPeers.push({ revieweeUserId: p.userId, reviewerUserId });
    });
  }
  if (stage === "START") {
    // Each protected demo user has a request waiting for their answer.
    for (const u of protect) {
      if (peerRows.some((r) => r.reviewerId === u && r.status === "REQUESTED")) continue;
      const asker = participants.find(
        (p) => !p.reviewerOnly && !protect.has(p.userId) && departmentOf.get(p.userId) === departmentOf.get(u) && !mandatory.get(p.userId)?.has(u) && !peerRows.some((r) => r.participantId === p.id && r.reviewerId === u),
      );
      if (asker) peerRows.push({ cycleId, participantId: asker.id, reviewerId: u, status: "REQUESTED", requestedById: asker.userId, respondedAt: null });
    }
  }
  if (peerRows.length) await tx.peerRequest.createMany({ data: peerRows });
  if (stage === "START") return { peerRequests: peerRows.length, feedbacks: 0 };

  // Feedback: the open requests of the SPU feedback stage, and (calibration, communication) the manager feedback too.
  const now = new Date();
  // Past the feedback stages: every answer given, the manager feedback included.
  const complete = stage === "COMMUNICATION" || stage === "CALIBRATION";
  const feedbackRows: Prisma.FeedbackCreateManyInput[] = [];
  const add = (revieweeUserId: number, reviewerUserId: number, type: ReviewerType) => {
    const revieweeId = participantIdOf.get(revieweeUserId)!;
    const submitted = complete || (!protect.has(reviewerUserId) && rand() < 0.55);
    feedbackRows.push({
      cycleId,
      revieweeId,
      reviewerId: reviewerUserId,
      reviewerType: type,
      status: submitted ? "SUBMITTED" : "DRAFT",
      answers: submitted ? demoAnswers(type, rand, stage === "CALIBRATION") : {},
      submittedAt: submitted ? now : null,
    });
  };
  for (const pair of pairs) {
    if (pair.reviewerType === "manager" && !complete) continue;
    add(pair.revieweeUserId, pair.reviewerUserId, DB_TYPE[pair.reviewerType]);
  }
  for (const peer of acceptedPeers) add(peer.revieweeUserId, peer.reviewerUserId, "PEER");
  await tx.feedback.createMany({ data: feedbackRows, skipDuplicates: true });

  if (stage === "COMMUNICATION") {
    const decisions = ["PROMOTED", "NOT_PROMOTED", "DEFERRED"];
    for (const p of participants) {
      if (p.reviewerOnly) continue;
      await tx.participant.update({
        where: { id: p.id },
        data: {
          calibratedRating: String(1 + Math.min(4, Math.floor(rand() * 3 + rand() * 2.5))),
          promotionDecision: rand() < 0.15 ? decisions[Math.floor(rand() * decisions.length)]! : null,
        },
      });
    }
  }
  return { peerRequests: peerRows.length, feedbacks: feedbackRows.length };
}
