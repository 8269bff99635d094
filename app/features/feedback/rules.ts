/**
 * 360 feedback requests (docs/decisions/0021-feedback-requests-and-360.md). PURE module.
 *
 * A Feedback row is a request from the moment it exists: DRAFT with no answers = not started,
 * DRAFT with answers = draft, SUBMITTED = given. Rows are opened by the cycle's stage effects:
 * entering the SPU feedback stage opens every SPU_FEEDBACK_TYPES row, entering the manager feedback
 * stage opens the MANAGER rows.
 */
import type { ReviewerType } from "~/features/questionnaires/rules";

/** Reviewer types whose feedback is given in the SPU feedback stage (everyone but the manager). */
export const SPU_FEEDBACK_TYPES = ["SELF", "DIRECT_REPORT", "MATRIX_MANAGER", "MATRIX_TEAM", "PEER"] as const satisfies readonly ReviewerType[];
export type SpuFeedbackType = (typeof SPU_FEEDBACK_TYPES)[number];

/** Mandatory (org-derived) reviewer types opened in the SPU stage, in precedence order; peers come last. */
export const SPU_MANDATORY_TYPES = ["SELF", "MATRIX_MANAGER", "DIRECT_REPORT", "MATRIX_TEAM"] as const satisfies readonly ReviewerType[];

/** Reviewer types given in the manager feedback stage (owner: manager feedback). */
export const MANAGER_FEEDBACK_TYPES = ["MANAGER"] as const satisfies readonly ReviewerType[];

export function isSpuFeedbackType(t: string): t is SpuFeedbackType {
  return (SPU_FEEDBACK_TYPES as readonly string[]).includes(t);
}

/** Progress of one feedback as the reviewer sees it. */
export const FEEDBACK_PROGRESS = ["not_started", "draft", "submitted"] as const;
export type FeedbackProgress = (typeof FEEDBACK_PROGRESS)[number];

export const FEEDBACK_PROGRESS_LABELS: Record<FeedbackProgress, string> = {
  not_started: "Not started",
  draft: "Draft",
  submitted: "Submitted",
};

/** Whether stored answers hold anything (a DRAFT with answers is a draft, without is not started). */
export function hasAnswers(answers: unknown): boolean {
  return answers !== null && typeof answers === "object" && !Array.isArray(answers) && Object.keys(answers).length > 0;
}

export function feedbackProgress(status: "DRAFT" | "SUBMITTED", answers: unknown): FeedbackProgress {
  if (status === "SUBMITTED") return "submitted";
  return hasAnswers(answers) ? "draft" : "not_started";
}

/** Display order of the groups on the list page: self first, then upward, matrix and peers. */
export const SPU_GROUP_ORDER: readonly SpuFeedbackType[] = ["SELF", "DIRECT_REPORT", "MATRIX_TEAM", "MATRIX_MANAGER", "PEER"];

/** The message of the 403 for someone who was not asked. */
export function notAskedMessage(email: string): string {
  return `You have not been asked to give feedback to ${email}`;
}

/** Address of the give-feedback page (or its read-back view) for a reviewee in a cycle. */
export function spuFeedbackPath(email: string, cycleId: number, view = false): string {
  return `/app/performance/spu-feedback/feedback/${encodeURIComponent(email)}${view ? "/view" : ""}?cycle_id=${cycleId}`;
}
