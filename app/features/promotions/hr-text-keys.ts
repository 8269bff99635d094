/**
 * The HR partner's promotion pages' labels as translation keys (issue 28, ADR 0076): the server's JSON carries the
 * API's English labels (`label`, `vote_label`, `stage_label`); the pages say them from their codes through these typed
 * maps. PURE (components import it).
 */
import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { CycleStage } from "~/features/cycles/rules";
import type { PromotionDecision } from "~/features/promotions/rules";

export const PROMOTION_DECISION_KEYS: Record<PromotionDecision, TranslationKey> = {
  PROMOTED: "promotionsHr.decision.PROMOTED",
  NOT_PROMOTED: "promotionsHr.decision.NOT_PROMOTED",
  DEFERRED: "promotionsHr.decision.DEFERRED",
};

export const VOTE_KEYS: Record<PromotionDecision, TranslationKey> = {
  PROMOTED: "promotionsHr.vote.PROMOTED",
  NOT_PROMOTED: "promotionsHr.vote.NOT_PROMOTED",
  DEFERRED: "promotionsHr.vote.DEFERRED",
};

/** A draft session in a cycle before (or after) calibration: when it can be activated, one whole sentence a stage. */
export const ACTIVATE_LATER_KEYS: Record<Exclude<CycleStage, "calibration">, TranslationKey> = {
  draft: "promotionsHr.session.stageNote.draft",
  start: "promotionsHr.session.stageNote.start",
  spu_feedback: "promotionsHr.session.stageNote.spu_feedback",
  manager_feedback: "promotionsHr.session.stageNote.manager_feedback",
  communication: "promotionsHr.session.stageNote.communication",
};
