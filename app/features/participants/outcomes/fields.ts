import { CALIBRATED_RATINGS, PROMOTION_DECISIONS, type CalibratedRating, type PromotionDecision } from "~/features/participants/rules";
import { DECISION_KEYS, RATING_KEYS, decisionMessage, ratingMessage } from "~/features/participants/messages";
import type { PageMessage } from "~/platform/i18n/page-message";
import type { TranslationKey } from "~/platform/i18n/locales/types";

/**
 * The two single-choice outcomes an admin sets on a participant, each on its own page
 * (/app/admin/cycles/{cycleId}/participants/{email}/edit-rating and .../edit-promotion-decision):
 * everything that differs between the two pages, as translation keys (issue 28). The page is
 * app/features/participants/components/participant-outcome-edit.tsx, its loader/action `outcomeEditLoader`/`outcomeEditAction(field)`
 * in app/features/participants/pages.server.ts, the API action `outcomeApiAction` in app/features/participants/outcomes/api.server.ts.
 */

export type OutcomeField = "calibrated_rating" | "promotion_decision";

type OutcomeValues = { calibrated_rating: CalibratedRating | null; promotion_decision: PromotionDecision | null };

export type OutcomeFieldDef = {
  /** Form field name = the participant JSON field. */
  field: OutcomeField;
  /** Test ids: participant-current-{key}, {key}-option-{value|none}, participant-{key}-save; label id {key}-label. */
  key: string;
  /** Page heading, the radio group's label, the radio that clears the value (''), the reviewer-only note. */
  heading: TranslationKey;
  label: TranslationKey;
  noneLabel: TranslationKey;
  reviewerOnlyNote: TranslationKey;
  /** Document title: with the participant's name, or without (no data). */
  title: TranslationKey;
  titleUnknown: TranslationKey;
  options: ReadonlyArray<{ value: string; label: TranslationKey }>;
  /** 400: the posted value is not one of the options. */
  invalidMessage: TranslationKey;
  /** The form error when the service gives no message of its own. */
  failedMessage: TranslationKey;
  /** The participant's current value ("3 - Meets Expectations", "Promoted"); null when none ("—"). */
  value: (p: OutcomeValues) => PageMessage | null;
  /** The list's toast after saving ("Rating of {email}: 3 - Meets Expectations"). */
  done: (p: OutcomeValues & { email: string }) => PageMessage;
};

const RATING_DONE: Record<CalibratedRating | "none", TranslationKey> = {
  5: "participants.outcome.rating.done.5",
  4: "participants.outcome.rating.done.4",
  3: "participants.outcome.rating.done.3",
  2: "participants.outcome.rating.done.2",
  1: "participants.outcome.rating.done.1",
  none: "participants.outcome.rating.done.none",
};

const DECISION_DONE: Record<PromotionDecision | "none", TranslationKey> = {
  PROMOTED: "participants.outcome.decision.done.PROMOTED",
  NOT_PROMOTED: "participants.outcome.decision.done.NOT_PROMOTED",
  DEFERRED: "participants.outcome.decision.done.DEFERRED",
  none: "participants.outcome.decision.done.none",
};

export const OUTCOME_FIELDS: Record<OutcomeField, OutcomeFieldDef> = {
  calibrated_rating: {
    field: "calibrated_rating",
    key: "rating",
    heading: "participants.outcome.rating.heading",
    label: "participants.outcome.rating.label",
    noneLabel: "participants.outcome.rating.none",
    reviewerOnlyNote: "participants.outcome.rating.reviewerOnly",
    title: "participants.outcome.rating.pageTitle",
    titleUnknown: "participants.outcome.rating.pageTitleUnknown",
    options: [...CALIBRATED_RATINGS].reverse().map((n) => ({ value: String(n), label: RATING_KEYS[n] })),
    invalidMessage: "participants.outcome.rating.invalid",
    failedMessage: "participants.outcome.rating.failed",
    value: (p) => ratingMessage(p.calibrated_rating),
    done: (p) => ({ key: RATING_DONE[p.calibrated_rating ?? "none"], values: { email: p.email } }),
  },
  promotion_decision: {
    field: "promotion_decision",
    key: "decision",
    heading: "participants.outcome.decision.heading",
    label: "participants.outcome.decision.label",
    noneLabel: "participants.outcome.decision.none",
    reviewerOnlyNote: "participants.outcome.decision.reviewerOnly",
    title: "participants.outcome.decision.pageTitle",
    titleUnknown: "participants.outcome.decision.pageTitleUnknown",
    options: PROMOTION_DECISIONS.map((d) => ({ value: d, label: DECISION_KEYS[d] })),
    invalidMessage: "participants.outcome.decision.invalid",
    failedMessage: "participants.outcome.decision.failed",
    value: (p) => decisionMessage(p.promotion_decision),
    done: (p) => ({ key: DECISION_DONE[p.promotion_decision ?? "none"], values: { email: p.email } }),
  },
};
