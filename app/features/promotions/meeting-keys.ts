import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { SessionState } from "~/features/calibration/rules";
import type { PromotionDecision, PromotionVote } from "~/features/promotions/rules";

/**
 * The promotion meeting pages' translation keys of a value (issue 28, section promotionsMeeting), written out so that
 * the translation check sees each one used: a vote, a decision, the toast of a saved vote, the refusal of an action
 * the session's state does not allow. PURE.
 */
export const VOTE_KEYS: Record<PromotionVote, TranslationKey> = {
  PROMOTED: "promotionsMeeting.vote.PROMOTED",
  NOT_PROMOTED: "promotionsMeeting.vote.NOT_PROMOTED",
  DEFERRED: "promotionsMeeting.vote.DEFERRED",
};

export const DECISION_KEYS: Record<PromotionDecision, TranslationKey> = {
  PROMOTED: "promotionsMeeting.decision.PROMOTED",
  NOT_PROMOTED: "promotionsMeeting.decision.NOT_PROMOTED",
  DEFERRED: "promotionsMeeting.decision.DEFERRED",
};

export const VOTE_SAVED_KEYS: Record<PromotionVote, TranslationKey> = {
  PROMOTED: "promotionsMeeting.result.voteSaved.PROMOTED",
  NOT_PROMOTED: "promotionsMeeting.result.voteSaved.NOT_PROMOTED",
  DEFERRED: "promotionsMeeting.result.voteSaved.DEFERRED",
};

export const NOT_NOW_KEYS: Record<SessionState, TranslationKey> = {
  draft: "promotionsMeeting.error.notNow.draft",
  active: "promotionsMeeting.error.notNow.active",
  in_review: "promotionsMeeting.error.notNow.in_review",
  revision_requested: "promotionsMeeting.error.notNow.revision_requested",
  closed: "promotionsMeeting.error.notNow.closed",
};
