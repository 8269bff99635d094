import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { PageMessage } from "~/platform/i18n/page-message";
import { PROMOTION_DECISIONS, type CalibratedRating, type PromotionDecision } from "~/features/participants/rules";

/**
 * The participant pages' labels as translation keys (issue 28). PURE. The service's refusals and field errors carry
 * their keys themselves (refusals.ts, ADR 0108).
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
