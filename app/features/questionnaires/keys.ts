import type { QuestionKind, ReviewerType } from "~/features/questionnaires/rules";
import type { TranslationKey } from "~/platform/i18n/locales/types";

/**
 * The translation keys of the questionnaire pages that depend on a reviewer type or a question kind (section
 * `questionnaires`): one key a value, so that no translated label is spliced into another sentence.
 */
type ByType = Record<ReviewerType, TranslationKey>;

export const TYPE_KEYS: ByType = {
  SELF: "questionnaires.types.SELF",
  MANAGER: "questionnaires.types.MANAGER",
  DIRECT_REPORT: "questionnaires.types.DIRECT_REPORT",
  PEER: "questionnaires.types.PEER",
  MATRIX_MANAGER: "questionnaires.types.MATRIX_MANAGER",
  MATRIX_TEAM: "questionnaires.types.MATRIX_TEAM",
};

/** "Self ({{count}})": a tab. */
export const TYPE_WITH_COUNT_KEYS: ByType = {
  SELF: "questionnaires.typesWithCount.SELF",
  MANAGER: "questionnaires.typesWithCount.MANAGER",
  DIRECT_REPORT: "questionnaires.typesWithCount.DIRECT_REPORT",
  PEER: "questionnaires.typesWithCount.PEER",
  MATRIX_MANAGER: "questionnaires.typesWithCount.MATRIX_MANAGER",
  MATRIX_TEAM: "questionnaires.typesWithCount.MATRIX_TEAM",
};

/** "Self {{count}}": an item of the builder's "Valid: …" line. */
export const TYPE_TOTAL_KEYS: ByType = {
  SELF: "questionnaires.typeTotals.SELF",
  MANAGER: "questionnaires.typeTotals.MANAGER",
  DIRECT_REPORT: "questionnaires.typeTotals.DIRECT_REPORT",
  PEER: "questionnaires.typeTotals.PEER",
  MATRIX_MANAGER: "questionnaires.typeTotals.MATRIX_MANAGER",
  MATRIX_TEAM: "questionnaires.typeTotals.MATRIX_TEAM",
};

export const TYPE_DESCRIPTION_KEYS: ByType = {
  SELF: "questionnaires.typeDescriptions.SELF",
  MANAGER: "questionnaires.typeDescriptions.MANAGER",
  DIRECT_REPORT: "questionnaires.typeDescriptions.DIRECT_REPORT",
  PEER: "questionnaires.typeDescriptions.PEER",
  MATRIX_MANAGER: "questionnaires.typeDescriptions.MATRIX_MANAGER",
  MATRIX_TEAM: "questionnaires.typeDescriptions.MATRIX_TEAM",
};

/** The list editor's texts for a type that is not asked anything, and its two buttons. */
export const NOT_ASKED_KEYS: ByType = {
  SELF: "questionnaires.editor.notAsked.SELF",
  MANAGER: "questionnaires.editor.notAsked.MANAGER",
  DIRECT_REPORT: "questionnaires.editor.notAsked.DIRECT_REPORT",
  PEER: "questionnaires.editor.notAsked.PEER",
  MATRIX_MANAGER: "questionnaires.editor.notAsked.MATRIX_MANAGER",
  MATRIX_TEAM: "questionnaires.editor.notAsked.MATRIX_TEAM",
};

export const ASK_KEYS: ByType = {
  SELF: "questionnaires.editor.ask.SELF",
  MANAGER: "questionnaires.editor.ask.MANAGER",
  DIRECT_REPORT: "questionnaires.editor.ask.DIRECT_REPORT",
  PEER: "questionnaires.editor.ask.PEER",
  MATRIX_MANAGER: "questionnaires.editor.ask.MATRIX_MANAGER",
  MATRIX_TEAM: "questionnaires.editor.ask.MATRIX_TEAM",
};

export const STOP_ASKING_KEYS: ByType = {
  SELF: "questionnaires.editor.stopAsking.SELF",
  MANAGER: "questionnaires.editor.stopAsking.MANAGER",
  DIRECT_REPORT: "questionnaires.editor.stopAsking.DIRECT_REPORT",
  PEER: "questionnaires.editor.stopAsking.PEER",
  MATRIX_MANAGER: "questionnaires.editor.stopAsking.MATRIX_MANAGER",
  MATRIX_TEAM: "questionnaires.editor.stopAsking.MATRIX_TEAM",
};

export const KIND_KEYS: Record<QuestionKind, TranslationKey> = {
  rating: "questionnaires.kinds.rating",
  text: "questionnaires.kinds.text",
  choice: "questionnaires.kinds.choice",
};
