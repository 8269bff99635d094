/**
 * The answers' validation messages (answers.ts: English, as the API returns them) as translation keys for the pages
 * (issue 28). The checks stay in one pure module for server and browser; a page shows a message through the key that
 * matches the question it is about: the kind of question tells which rule failed.
 */
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { REQUIRED_MESSAGE } from "~/features/feedback/answers";
import { textMaxLength, type Question, type ReviewerType } from "~/features/questionnaires/rules";
import type { FeedbackProgress } from "~/features/feedback/rules";

export type Message = { key: TranslationKey; values?: Record<string, string | number> };

/** Messages about the answers object itself (question id ""). */
const FORM_MESSAGES: Record<string, TranslationKey> = {
  "Answers must be an object keyed by question id": "answerIssue.notObject",
  "Answers must be sent as JSON text": "answerIssue.notJsonText",
  "Answers are not valid JSON": "answerIssue.notJson",
};

/** The key of one validation message about `question` (undefined: a question not in the form, or the whole form). */
export function answerIssueMessage(question: Question | undefined, questionId: string, message: string): Message {
  if (message === REQUIRED_MESSAGE) return { key: "answerIssue.required" };
  if (!question) {
    const form = FORM_MESSAGES[message];
    if (form) return { key: form };
    return questionId ? { key: "answerIssue.unknownQuestion", values: { id: questionId } } : { key: "answerIssue.invalid" };
  }
  switch (question.kind) {
    case "rating": {
      const scale = question.scale ?? { min: 0, max: 10 };
      return { key: "answerIssue.rating", values: { min: scale.min, max: scale.max } };
    }
    case "text":
      return message === "The answer must be text" ? { key: "answerIssue.text" } : { key: "answerIssue.tooLong", values: { max: textMaxLength(question) } };
    case "choice":
      return { key: "answerIssue.choice", values: { options: (question.options ?? []).join(", ") } };
  }
}

export const REVIEWER_TYPE_KEYS: Record<ReviewerType, TranslationKey> = {
  SELF: "reviewerType.SELF",
  MANAGER: "reviewerType.MANAGER",
  DIRECT_REPORT: "reviewerType.DIRECT_REPORT",
  PEER: "reviewerType.PEER",
  MATRIX_MANAGER: "reviewerType.MATRIX_MANAGER",
  MATRIX_TEAM: "reviewerType.MATRIX_TEAM",
};

/** A reviewer type's label key, the type in either case ("PEER" or "peer", as the summary sends it). */
export function reviewerTypeKey(type: string): TranslationKey | null {
  return REVIEWER_TYPE_KEYS[type.toUpperCase() as ReviewerType] ?? null;
}

export const FEEDBACK_STATUS_KEYS: Record<FeedbackProgress, TranslationKey> = {
  not_started: "feedbackStatus.not_started",
  draft: "feedbackStatus.draft",
  submitted: "feedbackStatus.submitted",
};
