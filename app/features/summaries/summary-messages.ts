/**
 * The summary's texts that the server computes (a section's threshold note, why a summary is not open yet, a stage's
 * name) as translation keys (issue 28): the pages and the PDF show them in the reader's language. Pure module.
 */
import type { CycleStage } from "~/features/cycles/rules";
import type { Message } from "~/features/feedback/answer-messages";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { SummarySection } from "~/features/summaries/rules";
import { ANONYMITY_THRESHOLD } from "~/features/summaries/visibility";

const THRESHOLD_KEYS: Partial<Record<SummarySection["reviewer_type"], TranslationKey>> = {
  peer: "summary.peerThreshold",
  direct_report: "summary.directReportThreshold",
  matrix_team: "summary.matrixTeamThreshold",
};

/** Why a section's answers are hidden (fewer than the anonymity threshold have answered), or null when shown. */
export function sectionHiddenMessage(s: Pick<SummarySection, "reviewer_type" | "visible" | "submitted">): Message | null {
  if (s.visible) return null;
  const key = THRESHOLD_KEYS[s.reviewer_type];
  return key ? { key, values: { count: ANONYMITY_THRESHOLD, answered: s.submitted } } : { key: "summaryPdf.notShown" };
}

const OWN_NOT_OPEN: Partial<Record<CycleStage, TranslationKey>> = {
  draft: "summary.ownNotOpen.draft",
  start: "summary.ownNotOpen.start",
  spu_feedback: "summary.ownNotOpen.spu_feedback",
  manager_feedback: "summary.ownNotOpen.manager_feedback",
  calibration: "summary.ownNotOpen.calibration",
};

const SECONDARY_NOT_OPEN: Partial<Record<CycleStage, TranslationKey>> = {
  draft: "summary.secondaryNotOpen.draft",
  start: "summary.secondaryNotOpen.start",
  spu_feedback: "summary.secondaryNotOpen.spu_feedback",
};

/** The note a summary page shows when the stage does not open the summary to this reader yet. */
export function notOpenMessage(door: "own" | "secondary_report" | "direct_report", stage: CycleStage | undefined): Message {
  const key = stage ? (door === "own" ? OWN_NOT_OPEN : door === "secondary_report" ? SECONDARY_NOT_OPEN : {})[stage] : undefined;
  return { key: key ?? "summary.notOpen" };
}

export const STAGE_KEYS: Record<CycleStage, TranslationKey> = {
  draft: "summaryPdf.stage.draft",
  start: "summaryPdf.stage.start",
  spu_feedback: "summaryPdf.stage.spu_feedback",
  manager_feedback: "summaryPdf.stage.manager_feedback",
  calibration: "summaryPdf.stage.calibration",
  communication: "summaryPdf.stage.communication",
};
