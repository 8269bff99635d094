/**
 * Manager feedback and promotion nominations (issue [3/3] item 5): the pure rules.
 * See docs/decisions/0022-manager-feedback-and-nominations.md.
 *
 * PURE module (zod only): shared by app/features/manager-review/service.server.ts and the /app/my-reportees pages.
 */
import { z } from "zod";
import { TYPED_EMAIL } from "~/platform/input";
import type { CycleStage } from "~/features/cycles/rules";

// ---------------------------------------------------------------------------------------------
// Stages

/** Manager feedback is written (saved, submitted, adjusted) only in the manager feedback stage. */
export const MANAGER_FEEDBACK_STAGES = ["manager_feedback"] as const satisfies readonly CycleStage[];

/**
 * A manager nominates (or re-nominates, edits the rationale, withdraws) while feedback is gathered:
 * the SPU feedback and manager feedback stages. From calibration on, nominations are what the promotion
 * calibration works with, so they are frozen.
 */
export const NOMINATION_STAGES = ["spu_feedback", "manager_feedback"] as const satisfies readonly CycleStage[];

export function canWriteManagerFeedback(stage: CycleStage): boolean {
  return (MANAGER_FEEDBACK_STAGES as readonly CycleStage[]).includes(stage);
}

export function canChangeNomination(stage: CycleStage): boolean {
  return (NOMINATION_STAGES as readonly CycleStage[]).includes(stage);
}

// ---------------------------------------------------------------------------------------------
// Promotion nominations

export const NOMINATION_STATUSES = ["nominated", "withdrawn"] as const;
export type NominationStatus = (typeof NOMINATION_STATUSES)[number];

export const NOMINATION_STATUS_LABELS: Record<NominationStatus, string> = {
  nominated: "Nominated",
  withdrawn: "Withdrawn",
};

export const RATIONALE_MIN_LENGTH = 20;
export const RATIONALE_MAX_LENGTH = 5000;

export const RationaleSchema = z
  .string({ error: "Rationale is required" })
  .trim()
  .min(RATIONALE_MIN_LENGTH, `Rationale must be at least ${RATIONALE_MIN_LENGTH} characters: say why this person is ready for promotion`)
  .max(RATIONALE_MAX_LENGTH, `Rationale must be at most ${RATIONALE_MAX_LENGTH} characters`)
  // The document states the length once trimmed: two non-blank characters at least the minimum apart (ADR 0060).
  .meta({ pattern: `^[^\\u0000]*[^\\u0000\\s][^\\u0000]{${RATIONALE_MIN_LENGTH - 2},}[^\\u0000\\s][^\\u0000]*$` });

/** POST .../promotion_nominations body. */
export const NominationInputSchema = z
  .object({
    email: z.string({ error: "email is required" }).trim().toLowerCase().pipe(z.email({ error: "email must be an email address" })).meta(TYPED_EMAIL),
    rationale: RationaleSchema,
  })
  .strict();
export type NominationInput = z.infer<typeof NominationInputSchema>;

/** The stored status as a known value ('nominated' for anything unexpected would hide data, so null). */
export function parseNominationStatus(value: string | null | undefined): NominationStatus | null {
  return value != null && (NOMINATION_STATUSES as readonly string[]).includes(value) ? (value as NominationStatus) : null;
}

/** Why a participant cannot be nominated, or null when they can be. */
export function nominationBlocker(participant: { reviewerOnly: boolean; email: string }): string | null {
  if (participant.reviewerOnly) {
    return `${participant.email} takes part as a reviewer only and cannot be nominated for promotion`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Feedback as the manager sees it

export type FeedbackStatusValue = "DRAFT" | "SUBMITTED";

/** The manager feedback of one report: none yet, a draft (possibly empty) or submitted. */
export type ManagerFeedbackState = "not_started" | "draft" | "submitted";

export const MANAGER_FEEDBACK_STATE_LABELS: Record<ManagerFeedbackState, string> = {
  not_started: "Not started",
  draft: "Draft",
  submitted: "Submitted",
};

/** A DRAFT row with no answers (the open request the stage effect creates) counts as not started. */
export function managerFeedbackState(row: { status: FeedbackStatusValue; answers: unknown } | null): ManagerFeedbackState {
  if (!row) return "not_started";
  if (row.status === "SUBMITTED") return "submitted";
  return hasAnswers(row.answers) ? "draft" : "not_started";
}

/** Whether stored answers hold anything (`{}`, null and non-objects hold nothing). */
export function hasAnswers(answers: unknown): boolean {
  return answers !== null && typeof answers === "object" && !Array.isArray(answers) && Object.keys(answers).length > 0;
}

/**
 * What a manager may read of another reviewer's feedback: the answers once SUBMITTED, nothing of a
 * draft (a reviewer's unfinished words stay theirs).
 */
export function visibleAnswers(row: { status: FeedbackStatusValue; answers: unknown }): Record<string, number | string> | null {
  if (row.status !== "SUBMITTED") return null;
  if (!hasAnswers(row.answers)) return {};
  return row.answers as Record<string, number | string>;
}

/** Feedback counts: requested = every request (row), given = submitted ones. */
export type FeedbackProgress = { requested: number; given: number };

export function feedbackProgress(rows: ReadonlyArray<{ status: FeedbackStatusValue; count: number }>): FeedbackProgress {
  let requested = 0;
  let given = 0;
  for (const r of rows) {
    requested += r.count;
    if (r.status === "SUBMITTED") given += r.count;
  }
  return { requested, given };
}

/** Peer selection counts of a participant, by request status. */
export type SelectionCounts = { requested: number; accepted: number; declined: number };

export function selectionCounts(rows: ReadonlyArray<{ status: "REQUESTED" | "ACCEPTED" | "DECLINED"; count: number }>): SelectionCounts {
  const out: SelectionCounts = { requested: 0, accepted: 0, declined: 0 };
  for (const r of rows) {
    if (r.status === "REQUESTED") out.requested += r.count;
    else if (r.status === "ACCEPTED") out.accepted += r.count;
    else out.declined += r.count;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Page addresses (spec §2 'Reportees (manager views)'), each with the selected cycle

const seg = (email: string) => encodeURIComponent(email);

export const REPORTEE_PATHS = {
  list: (cycleId: number) => `/app/my-reportees?cycle_id=${cycleId}`,
  feedback: (email: string, cycleId: number) => `/app/my-reportees/${seg(email)}/feedback?cycle_id=${cycleId}`,
  reviewer: (email: string, reviewerEmail: string, cycleId: number) =>
    `/app/my-reportees/${seg(email)}/feedback/${seg(reviewerEmail)}?cycle_id=${cycleId}`,
  summary: (email: string, cycleId: number) => `/app/my-reportees/${seg(email)}/feedback/summary?cycle_id=${cycleId}`,
  promotion: (email: string, cycleId: number) => `/app/my-reportees/${seg(email)}/promotion?cycle_id=${cycleId}`,
  secondarySummary: (email: string, cycleId: number) => `/app/my-reportees/secondary/${seg(email)}/feedback/summary?cycle_id=${cycleId}`,
};
