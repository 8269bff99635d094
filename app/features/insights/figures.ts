import { floorBreakdown, type AttributeFilter, type FloorPerson, type PrivacyLattice } from "~/features/insights/privacy-floor";
import { cliffsDeltaBand, cliffsDeltaOfU, mannWhitneyInPool, meanDifferenceOfSums, rankedPool, rateDifference, rateGapTest, type RankedPool } from "~/features/insights/statistics";
import { gapWords } from "~/features/insights/effect-words";
import type { InsightFigure, InsightFigureKind, InsightGap, InsightGroupRow, InsightMeasure, InsightMeasureKey } from "~/features/insights/insight-json";

/**
 * The fairness insights' figures (issue 29 §2, ADR 0111): PURE functions over a population (its people with their
 * attribute values, bands applied, and what each went through at every stage of the review) and the population's
 * privacy lattice. Every row is computed from the people of a cell `floorBreakdown` publishes (a group, the merged
 * Other, the view's total), never from a person on their own; every gap compares a published row with the rest of
 * its view (the total minus the row: both published, so the rest is none or at least the floor's people).
 */

/** What one person went through in the scope (a cycle or a session). */
export type PersonStage = {
  /** Peer requests whose reviewee they are: all, accepted, declined. */
  requests: number;
  accepted: number;
  declined: number;
  /** Feedback asked of a reviewer about them (self-review excluded), answered (submitted), the length of each answered one. */
  feedback: number;
  answered: number;
  lengths: number[];
  /** The rating proposed from manager feedback, the calibrated one (null: none). */
  before: number | null;
  after: number | null;
  /** Promotion: nominated, an endorsement written "endorsed", panel votes (all, PROMOTED), the decision. */
  nominated: boolean;
  endorsed: boolean;
  votes: number;
  promotedVotes: number;
  decision: string | null;
};

/** A person of the population: `attributes` keyed by attribute id (as text), values banded; `id` is the participant's. */
export type InsightPerson = FloorPerson & { readonly id: number; readonly stage: PersonStage };

export const FIGURE_MEASURES: Record<InsightFigureKind, InsightMeasure[]> = {
  peer_selection: [
    { key: "requests", kind: "count" },
    { key: "accepted", kind: "count" },
    { key: "declined", kind: "count" },
    { key: "pending", kind: "count" },
    { key: "accepted_rate", kind: "rate" },
    { key: "declined_rate", kind: "rate" },
  ],
  feedback_received: [
    { key: "feedback", kind: "count" },
    { key: "answered", kind: "count" },
    { key: "answered_rate", kind: "rate" },
    { key: "mean_length", kind: "length" },
  ],
  ratings: [
    { key: "rated", kind: "count" },
    { key: "mean_before", kind: "mean" },
    { key: "mean_after", kind: "mean" },
    { key: "shift", kind: "mean" },
  ],
  promotions: [
    { key: "nominated", kind: "count" },
    { key: "nominated_rate", kind: "rate" },
    { key: "endorsed", kind: "count" },
    { key: "endorsed_rate", kind: "rate" },
    { key: "panel_votes", kind: "count" },
    { key: "panel_vote_rate", kind: "rate" },
    { key: "promoted", kind: "count" },
    { key: "promoted_rate", kind: "rate" },
  ],
};

const percent = (yes: number, all: number) => (all > 0 ? (100 * yes) / all : null);
const round = (x: number | null, digits: number) => (x === null ? null : Math.round(x * 10 ** digits) / 10 ** digits);
const mean = (sum: number, count: number) => (count ? sum / count : null);

/**
 * What some people add up to, in one pass (ADR 0116): the counts behind every measure and each mean measure's sum and
 * count. All are whole numbers (counts, ratings, lengths), so the rest of a view is its total less the row, exactly.
 */
type Tally = {
  people: number;
  requests: number;
  accepted: number;
  declined: number;
  feedback: number;
  answered: number;
  nominated: number;
  endorsed: number;
  votes: number;
  promotedVotes: number;
  promoted: number;
  rated: number;
  lengthSum: number;
  lengths: number;
  beforeSum: number;
  befores: number;
  afterSum: number;
  afters: number;
  shiftSum: number;
  shifts: number;
};

function tally(people: readonly InsightPerson[]): Tally {
  const t: Tally = { people: people.length, requests: 0, accepted: 0, declined: 0, feedback: 0, answered: 0, nominated: 0, endorsed: 0, votes: 0, promotedVotes: 0, promoted: 0, rated: 0, lengthSum: 0, lengths: 0, beforeSum: 0, befores: 0, afterSum: 0, afters: 0, shiftSum: 0, shifts: 0 };
  for (const { stage: s } of people) {
    t.requests += s.requests;
    t.accepted += s.accepted;
    t.declined += s.declined;
    t.feedback += s.feedback;
    t.answered += s.answered;
    t.votes += s.votes;
    t.promotedVotes += s.promotedVotes;
    if (s.nominated) {
      t.nominated++;
      if (s.endorsed) t.endorsed++;
      if (s.decision === "PROMOTED") t.promoted++;
    }
    for (const length of s.lengths) t.lengthSum += length;
    t.lengths += s.lengths.length;
    if (s.before !== null || s.after !== null) t.rated++;
    if (s.before !== null) (t.beforeSum += s.before), t.befores++;
    if (s.after !== null) (t.afterSum += s.after), t.afters++;
    if (s.before !== null && s.after !== null) (t.shiftSum += s.after - s.before), t.shifts++;
  }
  return t;
}

const minus = (a: Tally, b: Tally): Tally => Object.fromEntries(Object.entries(a).map(([key, value]) => [key, value - b[key as keyof Tally]])) as Tally;

/** A rate measure's yes and all (the 2×2 tables of the gaps use the same counts as the rows). */
const RATES: Partial<Record<InsightMeasureKey, (t: Tally) => { yes: number; all: number }>> = {
  accepted_rate: (t) => ({ yes: t.accepted, all: t.requests }),
  declined_rate: (t) => ({ yes: t.declined, all: t.requests }),
  answered_rate: (t) => ({ yes: t.answered, all: t.feedback }),
  nominated_rate: (t) => ({ yes: t.nominated, all: t.people }),
  endorsed_rate: (t) => ({ yes: t.endorsed, all: t.nominated }),
  panel_vote_rate: (t) => ({ yes: t.promotedVotes, all: t.votes }),
  promoted_rate: (t) => ({ yes: t.promoted, all: t.nominated }),
};

/** The values behind a mean measure (one per rating, or per answered feedback's length), and their sum and count in a tally. */
const SAMPLES: Partial<Record<InsightMeasureKey, { of: (people: readonly InsightPerson[]) => number[]; sum: (t: Tally) => { sum: number; count: number } }>> = {
  mean_before: { of: (ps) => ps.flatMap((p) => (p.stage.before === null ? [] : [p.stage.before])), sum: (t) => ({ sum: t.beforeSum, count: t.befores }) },
  mean_after: { of: (ps) => ps.flatMap((p) => (p.stage.after === null ? [] : [p.stage.after])), sum: (t) => ({ sum: t.afterSum, count: t.afters }) },
  mean_length: { of: (ps) => ps.flatMap((p) => p.stage.lengths), sum: (t) => ({ sum: t.lengthSum, count: t.lengths }) },
};

/** The measures whose gaps between a group and the rest are tested. */
const GAP_MEASURES: Record<InsightFigureKind, InsightMeasureKey[]> = {
  peer_selection: ["accepted_rate", "declined_rate"],
  feedback_received: ["answered_rate", "mean_length"],
  ratings: ["mean_before", "mean_after"],
  promotions: ["nominated_rate", "endorsed_rate", "panel_vote_rate", "promoted_rate"],
};

function distribution(values: readonly (number | null)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) if (v !== null) out[String(v)] = (out[String(v)] ?? 0) + 1;
  return out;
}

/** A row's values for a figure, over the people of a published cell. */
export function figureRow(kind: InsightFigureKind, group: string | null, other: boolean, people: readonly InsightPerson[]): InsightGroupRow {
  return rowOf(kind, group, other, people, tally(people));
}

/** The row of people whose tally is `t`. */
function rowOf(kind: InsightFigureKind, group: string | null, other: boolean, people: readonly InsightPerson[], t: Tally): InsightGroupRow {
  const rate = (key: InsightMeasureKey) => {
    const { yes, all } = RATES[key]!(t);
    return round(percent(yes, all), 1);
  };
  const row: InsightGroupRow = { group, other, people: people.length, values: {} };
  switch (kind) {
    case "peer_selection":
      row.values = { requests: t.requests, accepted: t.accepted, declined: t.declined, pending: t.requests - t.accepted - t.declined, accepted_rate: rate("accepted_rate"), declined_rate: rate("declined_rate") };
      break;
    case "feedback_received":
      row.values = { feedback: t.feedback, answered: t.answered, answered_rate: rate("answered_rate"), mean_length: round(mean(t.lengthSum, t.lengths), 0) };
      break;
    case "ratings":
      row.values = { rated: t.rated, mean_before: round(mean(t.beforeSum, t.befores), 2), mean_after: round(mean(t.afterSum, t.afters), 2), shift: round(mean(t.shiftSum, t.shifts), 2) };
      row.distribution = { before: distribution(people.map((p) => p.stage.before)), after: distribution(people.map((p) => p.stage.after)) };
      break;
    case "promotions":
      row.values = {
        nominated: t.nominated,
        nominated_rate: rate("nominated_rate"),
        endorsed: t.endorsed,
        endorsed_rate: rate("endorsed_rate"),
        panel_votes: t.votes,
        panel_vote_rate: rate("panel_vote_rate"),
        promoted: t.promoted,
        promoted_rate: rate("promoted_rate"),
      };
      break;
  }
  return row;
}

/**
 * The values of a mean measure over the people of one view (its total: every row and its rest), ranked once for the
 * Mann–Whitney tests of all its rows (ADR 0116). Every figure of one population and filters has the same total, so
 * one SamplePools serves them all; build a new one for other people or filters.
 */
export type SamplePools = Map<InsightMeasureKey, RankedPool>;

/**
 * The gaps between a row's people and the rest of the view (its total less the row), per tested measure (none where a
 * side has no data); `pools`: the view's ranked samples (filled here when missing).
 */
function figureGaps(
  kind: InsightFigureKind,
  row: { group: string | null; other: boolean; people: readonly InsightPerson[]; tally: Tally },
  view: { total: readonly InsightPerson[]; tally: Tally },
  pools: SamplePools,
): InsightGap[] {
  // The people with no value are a group like any other (who is left unset can itself be uneven: ADR 0117), so their
  // row gets its gaps; Other is not a group but the floor's merge of whichever groups are small in this view, so its
  // row carries figures and no gap sentence.
  if (row.other || view.total.length === row.people.length) return [];
  const rest = minus(view.tally, row.tally);
  const group = row.group;
  const gaps: InsightGap[] = [];
  for (const measure of GAP_MEASURES[kind]) {
    const rateOf = RATES[measure];
    if (rateOf) {
      const g = rateOf(row.tally);
      const r = rateOf(rest);
      if (g.all === 0 || r.all === 0 || g.yes + r.yes === 0 || g.yes + r.yes === g.all + r.all) continue;
      const table = [
        [g.yes, g.all - g.yes],
        [r.yes, r.all - r.yes],
      ] as const;
      const test = rateGapTest(table);
      const { groupRate, restRate, points } = rateDifference(table);
      gaps.push({ group, other: false, measure, test: test.test, p: test.pValue, significant: test.significant, effect: Math.round(points * 10) / 10, band: null, words: gapWords({ kind: "rate", group, groupRate, restRate, test }) });
      continue;
    }
    const samples = SAMPLES[measure]!;
    const g = samples.of(row.people);
    const r = samples.sum(rest);
    if (g.length === 0 || r.count === 0) continue;
    const pool = pools.get(measure) ?? pools.set(measure, rankedPool(samples.of(view.total))).get(measure)!;
    const test = mannWhitneyInPool(g, pool);
    const { groupMean, restMean, difference } = meanDifferenceOfSums(samples.sum(row.tally), r);
    const delta = cliffsDeltaOfU(test.statistic, test.n1, test.n2);
    const words = measure === "mean_length" ? gapWords({ kind: "length", group, groupMean, restMean, test }) : gapWords({ kind: "mean", group, groupMean, restMean, test });
    gaps.push({ group, other: false, measure, test: test.test, p: test.pValue, significant: test.significant, effect: Math.round(difference * 100) / 100, band: cliffsDeltaBand(delta), words });
  }
  return gaps;
}

/**
 * One figure of the population broken down by `attribute` within `filters`, under the floor: the published groups
 * (largest first), Other, the total and the gaps; or, when the filtered scope is not published, nothing but why.
 * `pools`: shared by the figures of the same population and filters (see SamplePools).
 */
export function insightFigure(
  kind: InsightFigureKind,
  attribute: { id: number; key?: string | null; name: string },
  population: readonly InsightPerson[],
  filters: readonly AttributeFilter[],
  lattice: PrivacyLattice,
  pools: SamplePools = new Map(),
): InsightFigure {
  const measures = FIGURE_MEASURES[kind];
  const view = floorBreakdown(population, { filters, breakdown: String(attribute.id) }, lattice.threshold, lattice);
  if (!view.shown) return { figure: kind, attribute, measures, shown: false, suppressed_reason: view.reason, total: null, rows: [], gaps: [] };
  const cells = view.groups.map((g) => ({ group: g.value, other: false, people: g.people, tally: tally(g.people) }));
  if (view.other) cells.push({ group: null, other: true, people: view.other.people, tally: tally(view.other.people) });
  const whole = { total: view.total, tally: tally(view.total) };
  const rows = cells.map((c) => rowOf(kind, c.group, c.other, c.people, c.tally));
  const gaps = cells.flatMap((c) => figureGaps(kind, c, whole, pools));
  return { figure: kind, attribute, measures, shown: true, total: rowOf(kind, null, false, view.total, whole.tally), rows, gaps };
}
