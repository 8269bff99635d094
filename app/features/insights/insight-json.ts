import type { PageMessage } from "~/platform/i18n/page-message";
import type { EffectBand, TestResult } from "~/features/insights/statistics";

/**
 * The fairness insights' JSON (issue 29 §2–3, ADR 0111): what `GET /api/v1/insights/cycles/{cycle_id}` and
 * `GET /api/v1/insights/calibration_sessions/{session_id}` answer and what the insight pages render. PURE: types and one
 * constant, so pages and components import it freely. Every figure comes from the cells the privacy floor publishes
 * (privacy-floor.ts): a group under the floor is merged into the row `other: true` or, with the whole view, not shown.
 */

/** What the insights cover: a cycle's participants, or a calibration (rating) or promotion session's. */
export type InsightScope =
  | { kind: "cycle"; cycle_id: number; cycle_name: string }
  | { kind: "session"; session_id: number; session_name: string; session_kind: "rating" | "promotion"; cycle_id: number };

/** The people with no value in a gap's words (`values.group`): "", as a filter's empty value means "not set". */
export const NOT_SET_IN_WORDS = "";

export type InsightFigureKind = "peer_selection" | "feedback_received" | "ratings" | "promotions";

/**
 * The measures of each figure (the keys of a row's `values`):
 * - peer_selection (per peer request whose reviewee is in the group): requests, accepted, declined, pending,
 *   accepted_rate, declined_rate (percent of requests);
 * - feedback_received (per feedback asked of a reviewer about someone in the group): feedback, answered,
 *   answered_rate (percent), mean_length (characters of the written answers of answered feedback);
 * - ratings (per person with a rating): rated, mean_before (proposed from manager feedback), mean_after (calibrated),
 *   shift (mean of after − before, for those with both);
 * - promotions (per person): nominated, nominated_rate (percent of people), endorsed, endorsed_rate (percent of
 *   nominees with an endorsement written "endorsed"), panel_votes, panel_vote_rate (percent of panel votes
 *   "PROMOTED"), promoted, promoted_rate (percent of nominees decided PROMOTED).
 */
export type InsightMeasureKey =
  | "requests"
  | "accepted"
  | "declined"
  | "pending"
  | "accepted_rate"
  | "declined_rate"
  | "feedback"
  | "answered"
  | "answered_rate"
  | "mean_length"
  | "rated"
  | "mean_before"
  | "mean_after"
  | "shift"
  | "nominated"
  | "nominated_rate"
  | "endorsed"
  | "endorsed_rate"
  | "panel_votes"
  | "panel_vote_rate"
  | "promoted"
  | "promoted_rate";

/** count: a whole number; rate: percent 0–100; mean: a rating mean (1–5) or a shift; length: characters. */
export type InsightMeasure = { key: InsightMeasureKey; kind: "count" | "rate" | "mean" | "length" };

export type InsightGroupRow = {
  /** The group's value (an attribute's value, or its band: "2–5 years"); null: not set (or the Other row). */
  group: string | null;
  /** The merged "Other": groups under the privacy floor together (never fewer than the floor). */
  other: boolean;
  /** People behind the row. */
  people: number;
  /** Per measure key; null when it has no denominator (a rate of no requests, a mean of no ratings). */
  values: Partial<Record<InsightMeasureKey, number | null>>;
  /** ratings only: how many people had each rating (1…5) before and after calibration. */
  distribution?: { before: Record<string, number>; after: Record<string, number> };
};

/** A gap between a row and the rest of the view (everyone else in its total), with its test and words. */
export type InsightGap = {
  group: string | null;
  other: boolean;
  measure: InsightMeasureKey;
  test: TestResult["test"];
  p: number;
  significant: boolean;
  /** rate measures: percentage points (group − rest); means and lengths: difference of means (group − rest). */
  effect: number;
  /** Cliff's delta's band for Mann–Whitney tests (null for rate tests). */
  band: EffectBand | null;
  /**
   * [what the gap is, whether it is significant]: keys with values (gapWords), translated by the page. `values.group`
   * is the group's value, or NOT_SET_IN_WORDS ("") for the people with no value (the row `group: null`); Other's row
   * has no gaps (ADR 0117).
   */
  words: PageMessage[];
};

export type InsightFigure = {
  figure: InsightFigureKind;
  /** The attribute the figure breaks down by (`key`: a built-in one's, as InsightAttribute's). */
  attribute: { id: number; key?: string | null; name: string };
  measures: InsightMeasure[];
  /** false: the filtered scope is under the floor or would single someone out by differencing; nothing else is sent. */
  shown: boolean;
  suppressed_reason?: "too_few" | "differencing";
  /** Everyone in the filtered scope (null when not shown). */
  total: InsightGroupRow | null;
  /** The published groups, largest first, then Other (if any). */
  rows: InsightGroupRow[];
  gaps: InsightGap[];
};

/** `key`: a built-in attribute's (gender, start_date, …; null or absent for a custom one), so a page can say a
 *  built-in name in the reader's language while it is not renamed (attribute-value-rules.ts builtInNameKey). */
export type InsightAttribute = { id: number; key?: string | null; name: string; kind: "category" | "date" | "number" };

export type InsightsJson = {
  scope: InsightScope;
  /** The company's privacy floor in force (never below 3). */
  privacy_floor: number;
  /** People in the population (before filters); the population is what the reader may see (an HR partner: theirs). */
  population: number;
  /** The attributes the reader may see (HR partners: those visible to HR), in the admin list's order. */
  attributes: InsightAttribute[];
  /** The filters applied (value null: not set). */
  filters: { attribute_id: number; value: string | null }[];
  /** One per figure kind of the scope (cycle: all four; rating session: ratings; promotion session: promotions) and
   * per attribute not filtered, in that order. */
  figures: InsightFigure[];
};
