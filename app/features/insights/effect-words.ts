import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { cliffsDeltaBand, type EffectBand, type TestResult } from "~/features/insights/statistics";
import { NOT_SET_IN_WORDS } from "~/features/insights/insight-json";

/**
 * A gap between a group and the others in words a non-statistician reads (issue 29, ADR 0103), as keys with values
 * (the `insights` section) so the page says them in the reader's language: what the gap is, then whether it is
 * significant. The group's name is data (an attribute's value) and goes in as it is; the people with no value (group
 * null) go in as "" — the API's word for "not set", as in `?filter=<attribute id>:` — and the page names them in the
 * reader's language (group-names.ts gapText).
 */
export type Gap =
  | { kind: "mean"; group: string | null; groupMean: number; restMean: number; test: TestResult }
  | { kind: "rate"; group: string | null; groupRate: number; restRate: number; test: TestResult }
  /** Mean lengths of feedback received, in characters. */
  | { kind: "length"; group: string | null; groupMean: number; restMean: number; test: TestResult }
  | { kind: "rank"; group: string | null; delta: number; test: TestResult };

const RANK_HIGHER: Record<EffectBand, TranslationKey> = {
  negligible: "insights.gap.rankHigher.negligible",
  small: "insights.gap.rankHigher.small",
  medium: "insights.gap.rankHigher.medium",
  large: "insights.gap.rankHigher.large",
};
const RANK_LOWER: Record<EffectBand, TranslationKey> = {
  negligible: "insights.gap.rankLower.negligible",
  small: "insights.gap.rankLower.small",
  medium: "insights.gap.rankLower.medium",
  large: "insights.gap.rankLower.large",
};

/** The name of a test, for a table's "Test" column. */
export const TEST_NAME: Record<TestResult["test"], TranslationKey> = {
  fisher: "insights.test.fisher",
  chi_squared: "insights.test.chi_squared",
  mann_whitney_exact: "insights.test.mann_whitney_exact",
  mann_whitney_normal: "insights.test.mann_whitney_normal",
};

/** The size of an effect in one word, for a table's "Effect" column. */
export const BAND_NAME: Record<EffectBand, TranslationKey> = {
  negligible: "insights.band.negligible",
  small: "insights.band.small",
  medium: "insights.band.medium",
  large: "insights.band.large",
};

/** Means of ratings are said to one decimal, rates and their gaps in whole percentage points. */
const oneDecimal = (x: number) => Math.round(x * 10) / 10;

/** A p-value as people read it: two significant digits ("0.41", "0.031"); below 0.001 the page says "p < 0.001". */
export function roundedP(p: number): number {
  return Number(p.toPrecision(2));
}

function effectMessage(gap: Gap): PageMessage {
  const group = gap.group ?? NOT_SET_IN_WORDS;
  switch (gap.kind) {
    case "mean": {
      const difference = oneDecimal(gap.groupMean - gap.restMean);
      const values = { group, difference: Math.abs(difference), groupMean: oneDecimal(gap.groupMean), restMean: oneDecimal(gap.restMean) };
      if (difference === 0) return pageMessage("insights.gap.meanSame", values);
      return pageMessage(difference > 0 ? "insights.gap.meanHigher" : "insights.gap.meanLower", values);
    }
    case "length": {
      const groupMean = Math.round(gap.groupMean);
      const restMean = Math.round(gap.restMean);
      const values = { group, difference: Math.abs(groupMean - restMean), groupMean, restMean };
      if (groupMean === restMean) return pageMessage("insights.gap.lengthSame", values);
      return pageMessage(groupMean > restMean ? "insights.gap.lengthLonger" : "insights.gap.lengthShorter", values);
    }
    case "rate": {
      const groupRate = Math.round(gap.groupRate);
      const restRate = Math.round(gap.restRate);
      const points = groupRate - restRate;
      if (points === 0) return pageMessage("insights.gap.rateSame", { group, groupRate });
      return pageMessage(points > 0 ? "insights.gap.rateHigher" : "insights.gap.rateLower", { group, groupRate, restRate, count: Math.abs(points) });
    }
    case "rank": {
      const band = cliffsDeltaBand(gap.delta);
      return pageMessage(gap.delta >= 0 ? RANK_HIGHER[band] : RANK_LOWER[band], { group });
    }
  }
}

function significanceMessage(test: TestResult): PageMessage {
  if (test.significant && test.pValue < 0.001) return pageMessage("insights.significance.significantBelow");
  const p = roundedP(test.pValue);
  // Rounding must not move a significant p to the level itself ("p = 0.05" would read as not below it).
  if (test.significant) return pageMessage("insights.significance.significant", { p: p < 0.05 ? p : 0.049 });
  return pageMessage("insights.significance.notSignificant", { p });
}

/** The gap in words: [what the gap is, whether it is significant (with its p-value)]. */
export function gapWords(gap: Gap): [PageMessage, PageMessage] {
  return [effectMessage(gap), significanceMessage(gap.test)];
}
