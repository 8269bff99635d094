import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { CycleStage } from "~/features/cycles/rules";
import type { ManagerFeedbackState, NominationStatus } from "~/features/manager-review/rules";

/** The manager pages' texts that depend on a state, as translation keys (issue 28; rules.ts keeps the API's English). */

export const STAGE_NOTE_KEYS: Record<CycleStage, TranslationKey> = {
  draft: "managerReview.stageNote.draft",
  start: "managerReview.stageNote.start",
  spu_feedback: "managerReview.stageNote.spu_feedback",
  manager_feedback: "managerReview.stageNote.manager_feedback",
  calibration: "managerReview.stageNote.calibration",
  communication: "managerReview.stageNote.communication",
};

export const MANAGER_FEEDBACK_STATE_KEYS: Record<ManagerFeedbackState, TranslationKey> = {
  not_started: "managerReview.state.not_started",
  draft: "managerReview.state.draft",
  submitted: "managerReview.state.submitted",
};

export const NOMINATION_STATUS_KEYS: Record<NominationStatus, TranslationKey> = {
  nominated: "managerReview.nominationStatus.nominated",
  withdrawn: "managerReview.nominationStatus.withdrawn",
};

/** Why the manager feedback cannot be written now, by the cycle's stage (the stage is named in each sentence). */
export const FEEDBACK_CLOSED_KEYS: Record<CycleStage, TranslationKey> = {
  draft: "managerReview.mine.closed.draft",
  start: "managerReview.mine.closed.start",
  spu_feedback: "managerReview.mine.closed.spu_feedback",
  manager_feedback: "managerReview.mine.closed.manager_feedback",
  calibration: "managerReview.mine.closed.calibration",
  communication: "managerReview.mine.closed.communication",
};
