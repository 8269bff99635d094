import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { PageMessage } from "~/platform/i18n/page-message";
import { PROMOTION_DECISIONS, type CalibratedRating, type PromotionDecision } from "~/features/participants/rules";

/**
 * The participant pages' texts as translation keys (issue 28, ADR 0078's pattern). PURE. The service and the zod
 * schemas say their refusals and field errors in English (the API's messages and error details); the pages show
 * each through the key that matches: the set is closed (the sentences below), an unknown one reads as `fallback`.
 */

/**
 * The calibrated rating scale's labels ("3 - Meets Expectations"): the one source (section ratingScale) that the
 * participants' pages, the calibration meeting and set-up pages and the Performance Trends Report all use.
 */
export const RATING_KEYS: Record<CalibratedRating, TranslationKey> = {
  5: "ratingScale.5",
  4: "ratingScale.4",
  3: "ratingScale.3",
  2: "ratingScale.2",
  1: "ratingScale.1",
};

export const DECISION_KEYS: Record<PromotionDecision, TranslationKey> = {
  PROMOTED: "participants.decisions.PROMOTED",
  NOT_PROMOTED: "participants.decisions.NOT_PROMOTED",
  DEFERRED: "participants.decisions.DEFERRED",
};

/** A calibrated rating as a message ("3 - Meets Expectations"); null when not rated (shown as "—"). */
export function ratingMessage(rating: number | null | undefined): PageMessage | null {
  const key = rating == null ? undefined : RATING_KEYS[rating as CalibratedRating];
  return key ? { key } : null;
}

/** A promotion decision as a message; null when none. */
export function decisionMessage(decision: string | null | undefined): PageMessage | null {
  return decision != null && (PROMOTION_DECISIONS as readonly string[]).includes(decision) ? { key: DECISION_KEYS[decision as PromotionDecision] } : null;
}

const FIELDS = [
  ["Email", "email"],
  ["Manager email", "manager"],
  ["Secondary manager email", "secondary"],
  ["HR partner email", "hrPartner"],
] as const;
const REQUIRED: Record<(typeof FIELDS)[number][1], TranslationKey> = {
  email: "participants.result.required.email",
  manager: "participants.result.required.manager",
  secondary: "participants.result.required.secondary",
  hrPartner: "participants.result.required.hrPartner",
};
const INVALID_EMAIL: Record<(typeof FIELDS)[number][1], TranslationKey> = {
  email: "participants.result.invalidEmail.email",
  manager: "participants.result.invalidEmail.manager",
  secondary: "participants.result.invalidEmail.secondary",
  hrPartner: "participants.result.invalidEmail.hrPartner",
};

const EXACT: Record<string, TranslationKey> = {
  "Invalid request": "participants.result.invalidRequest",
  "Invalid input": "participants.result.invalidInput",
  "Nothing to change": "participants.result.nothingToChange",
  "Manager must differ from the participant": "participants.result.managerSelf",
  "Secondary manager must differ from the participant": "participants.result.secondarySelf",
  "Secondary manager must differ from the manager": "participants.result.secondaryManager",
  "HR partner must differ from the participant": "participants.result.hrSelf",
  "Choose a rating from 1 to 5": "participants.outcome.rating.invalid",
  "Choose a promotion decision": "participants.outcome.decision.invalid",
  ...Object.fromEntries(FIELDS.flatMap(([what, id]) => [
    [`${what} is required`, REQUIRED[id]],
    [`${what} must be a valid email address`, INVALID_EMAIL[id]],
  ])),
};

const PATTERNS: Array<[RegExp, (m: RegExpExecArray) => PageMessage]> = [
  [/^(\S+) is already a participant of this cycle/, (m) => ({ key: "participants.result.alreadyParticipant", values: { email: m[1]! } })],
  [/^No user with email (\S+)$/, (m) => ({ key: "participants.result.noUser", values: { email: m[1]! } })],
  [/^(\S+) cannot be deleted: feedback about or by them exists in this cycle$/, (m) => ({ key: "participants.result.hasFeedback", values: { email: m[1]! } })],
  [/^(\S+) cannot be deleted: they have a promotion nomination in this cycle$/, (m) => ({ key: "participants.result.hasNomination", values: { email: m[1]! } })],
  [/^(\S+) is a reviewer-only participant and gets no rating$/, (m) => ({ key: "participants.result.reviewerOnlyRating", values: { email: m[1]! } })],
  [/^(\S+) is a reviewer-only participant and gets no promotion decision$/, (m) => ({ key: "participants.result.reviewerOnlyDecision", values: { email: m[1]! } })],
];

/** A server sentence of the participant pages as a message; one not known reads as `fallback`. */
export function participantMessage(message: string, fallback: TranslationKey = "participants.result.saveFailed"): PageMessage {
  const exact = EXACT[message];
  if (exact) return { key: exact };
  for (const [pattern, toMessage] of PATTERNS) {
    const m = pattern.exec(message);
    if (m) return toMessage(m);
  }
  return { key: fallback };
}
