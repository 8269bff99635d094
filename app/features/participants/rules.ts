/**
 * Participants of a review cycle: rating scale, promotion decisions, reviewer types, the
 * derivation of a participant's mandatory reviewers (panel), and the participant JSON and page data types.
 *
 * PURE module: no Node or browser imports; shared by the server and the pages.
 * See docs/decisions/0008-participants.md.
 */

import type { PageMessage } from "~/platform/i18n/page-message";

// ---------------------------------------------------------------------------------------------
// Calibrated rating: a 1–5 scale (stored as the digit in Participant.calibratedRating).

export const CALIBRATED_RATINGS = [1, 2, 3, 4, 5] as const;
export type CalibratedRating = (typeof CALIBRATED_RATINGS)[number];

export const CALIBRATED_RATING_LABELS: Record<CalibratedRating, string> = {
  5: "Outstanding",
  4: "Exceeds Expectations",
  3: "Meets Expectations",
  2: "Partially Meets Expectations",
  1: "Does Not Meet Expectations",
};

/** '3 - Meets Expectations', or '—' when not rated. */
export function ratingText(rating: number | null | undefined): string {
  if (rating == null) return "—";
  const label = CALIBRATED_RATING_LABELS[rating as CalibratedRating];
  return label ? `${rating} - ${label}` : String(rating);
}

/** The stored text ('1'..'5') as a rating, or null (also for anything not on the scale). */
export function parseStoredRating(value: string | null | undefined): CalibratedRating | null {
  if (value == null) return null;
  const n = Number(value);
  return (CALIBRATED_RATINGS as readonly number[]).includes(n) ? (n as CalibratedRating) : null;
}

// ---------------------------------------------------------------------------------------------
// Promotion decision (stored as the value in Participant.promotionDecision).

export const PROMOTION_DECISIONS = ["PROMOTED", "NOT_PROMOTED", "DEFERRED"] as const;
export type PromotionDecision = (typeof PROMOTION_DECISIONS)[number];

export const PROMOTION_DECISION_LABELS: Record<PromotionDecision, string> = {
  PROMOTED: "Promoted",
  NOT_PROMOTED: "Not Promoted",
  DEFERRED: "Deferred",
};

export function decisionText(decision: string | null | undefined): string {
  if (decision == null) return "—";
  return PROMOTION_DECISION_LABELS[decision as PromotionDecision] ?? decision;
}

export function parseStoredDecision(value: string | null | undefined): PromotionDecision | null {
  return value != null && (PROMOTION_DECISIONS as readonly string[]).includes(value) ? (value as PromotionDecision) : null;
}

// ---------------------------------------------------------------------------------------------
// Reviewer types (spec §3). API values are the Prisma enum ReviewerType in lowercase.

export const REVIEWER_TYPES = ["self", "manager", "direct_report", "peer", "matrix_manager", "matrix_team"] as const;
export type ReviewerTypeValue = (typeof REVIEWER_TYPES)[number];

export const REVIEWER_TYPE_LABELS: Record<ReviewerTypeValue, string> = {
  self: "Self",
  manager: "Manager",
  direct_report: "Direct Report",
  peer: "Peer/Stakeholder",
  matrix_manager: "Matrix Manager",
  matrix_team: "Matrix Team",
};

/** Reviewer types derived from the org (everything except peers, who are chosen). */
export const MANDATORY_REVIEWER_TYPES = ["self", "manager", "matrix_manager", "direct_report", "matrix_team"] as const satisfies readonly ReviewerTypeValue[];

export type DbReviewerType = "SELF" | "MANAGER" | "DIRECT_REPORT" | "PEER" | "MATRIX_MANAGER" | "MATRIX_TEAM";

export function toDbReviewerType(value: ReviewerTypeValue): DbReviewerType {
  return value.toUpperCase() as DbReviewerType;
}

export function fromDbReviewerType(value: DbReviewerType): ReviewerTypeValue {
  return value.toLowerCase() as ReviewerTypeValue;
}

/** Which cycle stage gathers each reviewer type's feedback: SPU = self, peer and upward feedback. */
export const FEEDBACK_STAGE_OF: Record<ReviewerTypeValue, "spu_feedback" | "manager_feedback"> = {
  self: "spu_feedback",
  peer: "spu_feedback",
  direct_report: "spu_feedback",
  matrix_team: "spu_feedback",
  manager: "manager_feedback",
  matrix_manager: "spu_feedback",
};

// ---------------------------------------------------------------------------------------------
// Panel derivation

/** The org facts of one participant of the cycle needed to derive panels. */
export type PanelMember = {
  userId: number;
  email: string;
  name: string;
  managerId: number | null;
  secondaryManagerId: number | null;
  reviewerOnly: boolean;
};

export type PanelPerson = { userId: number; email: string; name: string };

export type PanelReviewer = PanelPerson & { reviewerType: ReviewerTypeValue; label: string };

/**
 * The mandatory reviewers of `subject` in a cycle: Self; the Manager and the Matrix Manager
 * (secondary manager) of the participant record; Direct Reports = participants of the cycle whose
 * manager is the subject; Matrix Team = participants whose secondary manager is the subject.
 * A reviewer-only participant receives no feedback, so their panel is empty. A person appears once
 * (the first role in this order wins). Direct reports and matrix team are sorted by name, then email.
 */
export function deriveMandatoryPanel(
  subject: PanelMember,
  cycleParticipants: readonly PanelMember[],
  people: { manager: PanelPerson | null; secondaryManager: PanelPerson | null },
): PanelReviewer[] {
  if (subject.reviewerOnly) return [];
  const out: PanelReviewer[] = [];
  const seen = new Set<number>();
  const add = (person: PanelPerson | null, reviewerType: ReviewerTypeValue) => {
    if (!person || seen.has(person.userId)) return;
    seen.add(person.userId);
    out.push({ userId: person.userId, email: person.email, name: person.name, reviewerType, label: REVIEWER_TYPE_LABELS[reviewerType] });
  };
  const byName = (a: PanelMember, b: PanelMember) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email);
  add(subject, "self");
  if (subject.managerId != null && people.manager?.userId === subject.managerId) add(people.manager, "manager");
  if (subject.secondaryManagerId != null && people.secondaryManager?.userId === subject.secondaryManagerId) {
    add(people.secondaryManager, "matrix_manager");
  }
  const others = cycleParticipants.filter((p) => p.userId !== subject.userId);
  for (const p of others.filter((p) => p.managerId === subject.userId).sort(byName)) add(p, "direct_report");
  for (const p of others.filter((p) => p.secondaryManagerId === subject.userId).sort(byName)) add(p, "matrix_team");
  return out;
}

/**
 * Every mandatory (reviewee, reviewer, type) triple of a cycle, without names: used by the
 * statistics. Same rules as deriveMandatoryPanel.
 */
export function mandatoryPairs(
  cycleParticipants: readonly Pick<PanelMember, "userId" | "managerId" | "secondaryManagerId" | "reviewerOnly">[],
): Array<{ revieweeUserId: number; reviewerUserId: number; reviewerType: ReviewerTypeValue }> {
  const out: Array<{ revieweeUserId: number; reviewerUserId: number; reviewerType: ReviewerTypeValue }> = [];
  const reportsOf = new Map<number, number[]>();
  const matrixOf = new Map<number, number[]>();
  for (const p of cycleParticipants) {
    if (p.managerId != null) reportsOf.set(p.managerId, [...(reportsOf.get(p.managerId) ?? []), p.userId]);
    if (p.secondaryManagerId != null) matrixOf.set(p.secondaryManagerId, [...(matrixOf.get(p.secondaryManagerId) ?? []), p.userId]);
  }
  for (const p of cycleParticipants) {
    if (p.reviewerOnly) continue;
    const seen = new Set<number>();
    const add = (reviewerUserId: number | null, reviewerType: ReviewerTypeValue) => {
      if (reviewerUserId == null || seen.has(reviewerUserId)) return;
      seen.add(reviewerUserId);
      out.push({ revieweeUserId: p.userId, reviewerUserId, reviewerType });
    };
    add(p.userId, "self");
    add(p.managerId, "manager");
    add(p.secondaryManagerId, "matrix_manager");
    for (const r of reportsOf.get(p.userId) ?? []) add(r, "direct_report");
    for (const r of matrixOf.get(p.userId) ?? []) add(r, "matrix_team");
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// JSON and page data (what the server sends, as the components read it)

/** JSON shape of the API and the pages (snake_case). */
export type ParticipantJson = {
  id: number;
  email: string;
  name: string;
  manager_email: string | null;
  secondary_manager_email: string | null;
  hr_partner_email: string | null;
  reviewer_only: boolean;
  calibrated_rating: CalibratedRating | null;
  promotion_decision: PromotionDecision | null;
  created_at: string;
  updated_at: string;
};

/** The data of an outcome page (.../participants/{email}/edit-rating and .../edit-promotion-decision): outcomeEditLoader. */
export type OutcomeEditPageData = { cycle: { id: number; name: string }; participant: ParticipantJson };

/** What outcomeEditAction answers when it does not redirect: the form error, as a key (issue 28). */
export type OutcomeEditActionData = { error: PageMessage };
