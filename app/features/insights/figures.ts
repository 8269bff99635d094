import { floorBreakdown, type AttributeFilter, type FloorPerson, type PrivacyLattice } from "~/features/insights/privacy-floor";
import { cliffsDeltaBand, cliffsDeltaOfU, mannWhitneyInPool, meanDifference, rankedPool, rateDifference, rateGapTest, type RankedPool } from "~/features/insights/statistics";
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

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
const mean = (xs: readonly number[]) => (xs.length ? sum(xs) / xs.length : null);
const percent = (yes: number, all: number) => (all > 0 ? (100 * yes) / all : null);
const round = (x: number | null, digits: number) => (x === null ? null : Math.round(x * 10 ** digits) / 10 ** digits);

/** A rate measure's yes and all over some people (the 2×2 tables of the gaps use the same counts as the rows). */
type RateOf = (people: readonly InsightPerson[]) => { yes: number; all: number };
const RATES: Partial<Record<InsightMeasureKey, RateOf>> = {
  accepted_rate: (ps) => ({ yes: sum(ps.map((p) => p.stage.accepted)), all: sum(ps.map((p) => p.stage.requests)) }),
  declined_rate: (ps) => ({ yes: sum(ps.map((p) => p.stage.declined)), all: sum(ps.map((p) => p.stage.requests)) }),
  answered_rate: (ps) => ({ yes: sum(ps.map((p) => p.stage.answered)), all: sum(ps.map((p) => p.stage.feedback)) }),
  nominated_rate: (ps) => ({ yes: ps.filter((p) => p.stage.nominated).length, all: ps.length }),
  endorsed_rate: (ps) => ({ yes: ps.filter((p) => p.stage.nominated && p.stage.endorsed).length, all: ps.filter((p) => p.stage.nominated).length }),
  panel_vote_rate: (ps) => ({ yes: sum(ps.map((p) => p.stage.promotedVotes)), all: sum(ps.map((p) => p.stage.votes)) }),
  promoted_rate: (ps) => ({ yes: ps.filter((p) => p.stage.nominated && p.stage.decision === "PROMOTED").length, all: ps.filter((p) => p.stage.nominated).length }),
};

/** The values behind a mean measure (one per rating, or per answered feedback's length). */
const SAMPLES: Partial<Record<InsightMeasureKey, (people: readonly InsightPerson[]) => number[]>> = {
  mean_before: (ps) => ps.flatMap((p) => (p.stage.before === null ? [] : [p.stage.before])),
  mean_after: (ps) => ps.flatMap((p) => (p.stage.after === null ? [] : [p.stage.after])),
  mean_length: (ps) => ps.flatMap((p) => p.stage.lengths),
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
  const values: InsightGroupRow["values"] = {};
  const rate = (key: InsightMeasureKey) => {
    const { yes, all } = RATES[key]!(people);
    return round(percent(yes, all), 1);
  };
  switch (kind) {
    case "peer_selection": {
      const requests = sum(people.map((p) => p.stage.requests));
      const accepted = sum(people.map((p) => p.stage.accepted));
      const declined = sum(people.map((p) => p.stage.declined));
      Object.assign(values, { requests, accepted, declined, pending: requests - accepted - declined, accepted_rate: rate("accepted_rate"), declined_rate: rate("declined_rate") });
      break;
    }
    case "feedback_received":
      Object.assign(values, {
        feedback: sum(people.map((p) => p.stage.feedback)),
        answered: sum(people.map((p) => p.stage.answered)),
        answered_rate: rate("answered_rate"),
        mean_length: round(mean(SAMPLES.mean_length!(people)), 0),
      });
      break;
    case "ratings": {
      const both = people.filter((p) => p.stage.before !== null && p.stage.after !== null);
      Object.assign(values, {
        rated: people.filter((p) => p.stage.before !== null || p.stage.after !== null).length,
        mean_before: round(mean(SAMPLES.mean_before!(people)), 2),
        mean_after: round(mean(SAMPLES.mean_after!(people)), 2),
        shift: round(mean(both.map((p) => p.stage.after! - p.stage.before!)), 2),
      });
      const row: InsightGroupRow = { group, other, people: people.length, values };
      row.distribution = { before: distribution(people.map((p) => p.stage.before)), after: distribution(people.map((p) => p.stage.after)) };
      return row;
    }
    case "promotions": {
      const nominees = people.filter((p) => p.stage.nominated);
      Object.assign(values, {
        nominated: nominees.length,
        nominated_rate: rate("nominated_rate"),
        endorsed: nominees.filter((p) => p.stage.endorsed).length,
        endorsed_rate: rate("endorsed_rate"),
        panel_votes: sum(people.map((p) => p.stage.votes)),
        panel_vote_rate: rate("panel_vote_rate"),
        promoted: nominees.filter((p) => p.stage.decision === "PROMOTED").length,
        promoted_rate: rate("promoted_rate"),
      });
      break;
    }
  }
  return { group, other, people: people.length, values };
}

/**
 * The values of a mean measure over the people of one view (its total: every row and its rest), ranked once for the
 * Mann–Whitney tests of all its rows (ADR 0116). Every figure of one population and filters has the same total, so
 * one SamplePools serves them all; build a new one for other people or filters.
 */
export type SamplePools = Map<InsightMeasureKey, RankedPool>;

/**
 * The gaps between a row's people and the rest of the view, per tested measure (none where a side has no data);
 * `pools`: the view's ranked samples (filled here when missing).
 */
export function figureGaps(
  kind: InsightFigureKind,
  row: { group: string | null; other: boolean; people: readonly InsightPerson[] },
  rest: readonly InsightPerson[],
  pools: SamplePools = new Map(),
): InsightGap[] {
  // The people with no value are a group like any other (who is left unset can itself be uneven: ADR 0117), so their
  // row gets its gaps; Other is not a group but the floor's merge of whichever groups are small in this view, so its
  // row carries figures and no gap sentence.
  if (row.other || rest.length === 0) return [];
  const group = row.group;
  const gaps: InsightGap[] = [];
  for (const measure of GAP_MEASURES[kind]) {
    const rateOf = RATES[measure];
    if (rateOf) {
      const g = rateOf(row.people);
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
    const g = samples(row.people);
    const r = samples(rest);
    if (g.length === 0 || r.length === 0) continue;
    const pool = pools.get(measure) ?? pools.set(measure, rankedPool([...g, ...r])).get(measure)!;
    const test = mannWhitneyInPool(g, pool);
    const { groupMean, restMean, difference } = meanDifference(g, r);
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
  const cells = view.groups.map((g) => ({ group: g.value, other: false, people: g.people }));
  if (view.other) cells.push({ group: null, other: true, people: view.other.people });
  const rows = cells.map((c) => figureRow(kind, c.group, c.other, c.people));
  const gaps = cells.flatMap((c) => {
    const inRow = new Set(c.people.map((p) => p.id));
    return figureGaps(kind, c, view.total.filter((p) => !inRow.has(p.id)), pools);
  });
  return { figure: kind, attribute, measures, shown: true, total: figureRow(kind, null, false, view.total), rows, gaps };
}
