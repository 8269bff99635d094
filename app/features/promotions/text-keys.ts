/**
 * The promotion pages' labels as translation keys (issue 28, ADR 0076): the server's JSON carries English labels
 * (`status_label`, `outcome_label`, `label`: the API's contract); a page says them from their codes through these
 * typed maps, never by showing the English label. PURE (components and servers import it).
 */
import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { SessionState } from "~/features/calibration/rules";
import type { CycleStage } from "~/features/cycles/rules";
import type { EndorsementStatus } from "~/features/promotions/rules";

export const ENDORSEMENT_STATUS_KEYS: Record<EndorsementStatus, TranslationKey> = {
  requested: "promotions.endorsementStatus.requested",
  accepted: "promotions.endorsementStatus.accepted",
  rejected: "promotions.endorsementStatus.rejected",
  endorsed: "promotions.endorsementStatus.endorsed",
  expired: "promotions.endorsementStatus.expired",
  cancelled: "promotions.endorsementStatus.cancelled",
};

/** "This request is closed (…)": one whole sentence a status. */
export const ENDORSEMENT_CLOSED_KEYS: Record<EndorsementStatus, TranslationKey> = {
  requested: "promotions.endorsements.closed.requested",
  accepted: "promotions.endorsements.closed.accepted",
  rejected: "promotions.endorsements.closed.rejected",
  endorsed: "promotions.endorsements.closed.endorsed",
  expired: "promotions.endorsements.closed.expired",
  cancelled: "promotions.endorsements.closed.cancelled",
};

export const ENDORSEMENT_OUTCOME_KEYS = {
  endorsed: "promotions.endorsementOutcome.endorsed",
  not_endorsed: "promotions.endorsementOutcome.not_endorsed",
} as const satisfies Record<string, TranslationKey>;

/** The outcome column (rules.ts endorsementOutcomeText): the written outcome, else what the request's end means; null: "—". */
export function endorsementOutcomeKey(status: EndorsementStatus, outcome: string | null | undefined): TranslationKey | null {
  if (outcome === "endorsed" || outcome === "not_endorsed") return ENDORSEMENT_OUTCOME_KEYS[outcome];
  switch (status) {
    case "requested":
    case "accepted":
      return "promotions.endorsementOutcome.pending";
    case "rejected":
      return "promotions.endorsementOutcome.declined";
    case "expired":
      return "promotions.endorsementOutcome.noResponse";
    default:
      return null;
  }
}

export const SESSION_STATE_KEYS: Record<SessionState, TranslationKey> = {
  draft: "promotions.sessionState.draft",
  active: "promotions.sessionState.active",
  in_review: "promotions.sessionState.in_review",
  revision_requested: "promotions.sessionState.revision_requested",
  closed: "promotions.sessionState.closed",
};

/** Why a nomination cannot change in this stage: one whole sentence a stage. */
export const NOMINATION_CLOSED_KEYS: Record<CycleStage, TranslationKey> = {
  draft: "promotions.nomination.closed.draft",
  start: "promotions.nomination.closed.start",
  spu_feedback: "promotions.nomination.closed.spu_feedback",
  manager_feedback: "promotions.nomination.closed.manager_feedback",
  calibration: "promotions.nomination.closed.calibration",
  communication: "promotions.nomination.closed.communication",
};

export const NOMINATION_STATUS_KEYS = {
  nominated: "promotions.nomination.statuses.nominated",
  withdrawn: "promotions.nomination.statuses.withdrawn",
} as const satisfies Record<string, TranslationKey>;

export const PROMOTION_DECISION_KEYS = {
  PROMOTED: "promotions.nomination.decisions.PROMOTED",
  NOT_PROMOTED: "promotions.nomination.decisions.NOT_PROMOTED",
  DEFERRED: "promotions.nomination.decisions.DEFERRED",
} as const satisfies Record<string, TranslationKey>;
