import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { CycleStage } from "~/features/cycles/rules";
import type { MetricType } from "~/features/decision-support/rules";
import type { FlightRisk } from "~/features/decision-support/therma-scan/rules";

/**
 * Decision support's texts as translation keys (issue 28, ADR 0076). PURE. The English of each key is the sentence
 * rules.ts and therma-scan/rules.ts give the API (tests/unit/decision-support-messages.test.ts proves it), so the
 * pages say in the reader's language what the API says in English.
 */

export const METRIC_KEYS: Record<MetricType, { label: TranslationKey; description: TranslationKey }> = {
  feedback_given: { label: "decisionSupport.metrics.feedback_given.label", description: "decisionSupport.metrics.feedback_given.description" },
  feedback_received: { label: "decisionSupport.metrics.feedback_received.label", description: "decisionSupport.metrics.feedback_received.description" },
  peer_selection: { label: "decisionSupport.metrics.peer_selection.label", description: "decisionSupport.metrics.peer_selection.description" },
  manager_feedback: { label: "decisionSupport.metrics.manager_feedback.label", description: "decisionSupport.metrics.manager_feedback.description" },
  response_rate: { label: "decisionSupport.metrics.response_rate.label", description: "decisionSupport.metrics.response_rate.description" },
};

/** What "inactive" means in each stage (rules.ts `inactiveRule`). */
export const INACTIVE_RULE_KEYS: Record<CycleStage, TranslationKey> = {
  draft: "decisionSupport.inactive.rules.none",
  start: "decisionSupport.inactive.rules.start",
  spu_feedback: "decisionSupport.inactive.rules.spu_feedback",
  manager_feedback: "decisionSupport.inactive.rules.manager_feedback",
  calibration: "decisionSupport.inactive.rules.none",
  communication: "decisionSupport.inactive.rules.none",
};

export const FLIGHT_RISK_KEYS: Record<FlightRisk, TranslationKey> = {
  low: "decisionSupport.therma.flightRisk.low",
  medium: "decisionSupport.therma.flightRisk.medium",
  high: "decisionSupport.therma.flightRisk.high",
};

/** A stored scan's line, one whole sentence a flight risk (no translated label spliced into another sentence). */
export const THERMA_SUMMARY_KEYS: Record<FlightRisk, TranslationKey> = {
  low: "decisionSupport.therma.summary.low",
  medium: "decisionSupport.therma.summary.medium",
  high: "decisionSupport.therma.summary.high",
};
