import {
  CALIBRATED_RATINGS,
  CALIBRATED_RATING_LABELS,
  PROMOTION_DECISIONS,
  PROMOTION_DECISION_LABELS,
  decisionText,
  ratingText,
  type CalibratedRating,
  type PromotionDecision,
} from "~/features/participants/rules";

/**
 * The two single-choice outcomes an admin sets on a participant, each on its own page
 * (/app/admin/cycles/{cycleId}/participants/{email}/edit-rating and .../edit-promotion-decision):
 * everything that differs between the two pages. The page is app/features/participants/components/participant-outcome-edit.tsx,
 * its loader/action `outcomeEditLoader`/`outcomeEditAction` in app/features/participants/pages.server.ts, the
 * API action `outcomeApiAction` in app/features/participants/outcomes/api.server.ts.
 */

export type OutcomeField = "calibrated_rating" | "promotion_decision";

type OutcomeValues = { calibrated_rating: CalibratedRating | null; promotion_decision: PromotionDecision | null };

export type OutcomeFieldDef = {
  /** Form field name = the participant JSON field. */
  field: OutcomeField;
  /** "{subject} of {name}" (page title) and "{subject} of {email}: {value}" (the list's done message). */
  subject: string;
  /** Page heading. */
  heading: string;
  /** Label of the radio group. */
  label: string;
  /** Test ids: participant-current-{key}, {key}-option-{value|none}, participant-{key}-save; label id {key}-label. */
  key: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The radio that clears the value (''). */
  noneLabel: string;
  reviewerOnlyNote: string;
  /** 400: the posted value is not one of the options. */
  invalidMessage: string;
  /** The form error when the service gives no message of its own. */
  failedMessage: string;
  /** The participant's current value as text ("3 - Meets Expectations", "Promoted", "—" when none). */
  text: (p: OutcomeValues) => string;
};

export const OUTCOME_FIELDS: Record<OutcomeField, OutcomeFieldDef> = {
  calibrated_rating: {
    field: "calibrated_rating",
    subject: "Rating",
    heading: "Calibrated rating",
    label: "Rating",
    key: "rating",
    options: [...CALIBRATED_RATINGS].reverse().map((n) => ({ value: String(n), label: `${n} - ${CALIBRATED_RATING_LABELS[n]}` })),
    noneLabel: "Not rated",
    reviewerOnlyNote: "This participant is reviewer-only: they receive no feedback and get no rating.",
    invalidMessage: "Choose a rating from 1 to 5",
    failedMessage: "Could not save the rating",
    text: (p) => ratingText(p.calibrated_rating),
  },
  promotion_decision: {
    field: "promotion_decision",
    subject: "Promotion decision",
    heading: "Promotion decision",
    label: "Decision",
    key: "decision",
    options: PROMOTION_DECISIONS.map((d) => ({ value: d, label: PROMOTION_DECISION_LABELS[d] })),
    noneLabel: "No decision",
    reviewerOnlyNote: "This participant is reviewer-only: they get no promotion decision.",
    invalidMessage: "Choose a promotion decision",
    failedMessage: "Could not save the promotion decision",
    text: (p) => decisionText(p.promotion_decision),
  },
};
