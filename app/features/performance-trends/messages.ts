import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { PageMessage } from "~/platform/i18n/page-message";
import type { CalibratedRating } from "~/features/participants/rules";
import type { RatingPoint, StatsKind, StatsPoint, TrendCycle } from "~/features/performance-trends/types";

/**
 * The Performance Trends Report's readings as translation keys with values (issue 28): the charts' one-line
 * summaries, the rating labels and the threshold message of a hidden cycle. PURE. Numbers are values (the page
 * formats them in the reader's language), names of cycles and people are values, never translated.
 */

/** The rating scale's labels: one source for every page (participants/messages.ts, section ratingScale). */
import { RATING_KEYS } from "~/features/participants/messages";
export { RATING_KEYS };

/** A rating's label ('3 - Meets Expectations'), or 'Not rated'. */
export function ratingKey(value: number | null | undefined): TranslationKey {
  return (value != null && RATING_KEYS[value as CalibratedRating]) || "performanceTrends.ratings.notRated";
}

type Format = (n: number, digits: number) => string;

const TREND_KEYS = {
  none: ["performanceTrends.ratings.latest", "performanceTrends.ratings.latestProvisional"],
  up: ["performanceTrends.ratings.latestUp", "performanceTrends.ratings.latestUpProvisional"],
  down: ["performanceTrends.ratings.latestDown", "performanceTrends.ratings.latestDownProvisional"],
  same: ["performanceTrends.ratings.latestSame", "performanceTrends.ratings.latestSameProvisional"],
} as const satisfies Record<string, readonly [TranslationKey, TranslationKey]>;

/** 'Latest: 4 - Exceeds Expectations in 2026 Mid-Year Review (up 1 from …) · 2 cycles rated'; the rating a key of its own. */
export function ratingsSummary(points: readonly RatingPoint[]): { message: PageMessage; ratingKey: TranslationKey | null } {
  const rated = points.filter((p) => p.rating);
  const last = rated.at(-1);
  if (!last) return { message: { key: "performanceTrends.ratings.noneRated", values: { count: points.length } }, ratingKey: null };
  const previous = rated.at(-2);
  const change = previous ? last.rating!.value - previous.rating!.value : 0;
  const trend = !previous ? "none" : change > 0 ? "up" : change < 0 ? "down" : "same";
  const key = TREND_KEYS[trend][last.final ? 0 : 1];
  const values = { cycle: last.cycle.name, count: rated.length, change: Math.abs(change), previous: previous?.cycle.name ?? "" };
  return { message: { key, values }, ratingKey: ratingKey(last.rating!.value) };
}

/** 'Latest: 4.33 of 5 from 3 peers in 2026 Mid-Year Review', or '' when nothing was asked. */
export function statsSummary(kind: StatsKind, points: readonly StatsPoint[], format: Format): PageMessage | null {
  const last = points.filter((p) => p.visible && p.average !== null).at(-1);
  if (!last) return points.length ? { key: "performanceTrends.stats.noneShown", values: { count: points.length } } : null;
  const key = kind === "peer" ? "performanceTrends.stats.latestPeer" : "performanceTrends.stats.latestUpward";
  return { key, values: { average: format(last.average!, 2), count: last.submitted, cycle: last.cycle.name } };
}

/** A hidden cycle's threshold message (the summaries' rule: 'Peer feedback is shown when at least 3 peers have answered (2 so far)'). */
export function thresholdMessage(kind: StatsKind, threshold: number, answered: number): PageMessage {
  return { key: kind === "peer" ? "performanceTrends.stats.thresholdPeer" : "performanceTrends.stats.thresholdUpward", values: { count: threshold, answered } };
}

/** '3 direct reports · 2026 Mid-Year Review: 2 ratings, average 3.5' (the ratings count a message of its own). */
export function teamSummary(
  reports: number,
  points: ReadonlyArray<{ cycle: TrendCycle; values: number[] }>,
  format: Format,
): { message: PageMessage; ratings: PageMessage | null } {
  const last = points.filter((p) => p.values.length > 0).at(-1);
  if (!last) return { message: { key: "performanceTrends.team.noneRated", values: { count: reports } }, ratings: null };
  const avg = last.values.reduce((s, v) => s + v, 0) / last.values.length;
  return {
    message: { key: "performanceTrends.team.latest", values: { count: reports, cycle: last.cycle.name, average: format(avg, 1) } },
    ratings: { key: "performanceTrends.team.ratings", values: { count: last.values.length } },
  };
}
