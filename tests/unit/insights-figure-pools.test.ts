/**
 * ADR 0116: the figures of one population and filters share their ranked samples (SamplePools: each mean measure's
 * values over the view ranked once). A figure computed with the pools its neighbours filled is the figure computed
 * alone — every row, gap, p-value and effect — for every attribute and kind, with and without a filter.
 */
import { describe, expect, it } from "vitest";
import { insightFigure, type InsightPerson, type PersonStage, type SamplePools } from "~/features/insights/figures";
import { privacyLattice, type AttributeFilter } from "~/features/insights/privacy-floor";
import type { InsightFigureKind } from "~/features/insights/insight-json";

function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const pick = <T,>(next: () => number, xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;

/** People with three attributes, ratings 1–5 before and after (some unset), and feedback lengths with ties. */
function population(size: number): InsightPerson[] {
  const next = random(7);
  return Array.from({ length: size }, (_, id) => {
    const rated = next() < 0.9;
    const stage: PersonStage = {
      requests: 2,
      accepted: Math.floor(next() * 3),
      declined: 0,
      feedback: 3,
      answered: 2,
      lengths: [50 + 10 * Math.floor(next() * 30), 50 + 10 * Math.floor(next() * 30)],
      before: rated ? 1 + Math.floor(next() * 5) : null,
      after: rated ? 1 + Math.floor(next() * 5) : null,
      nominated: next() < 0.2,
      endorsed: next() < 0.5,
      votes: 0,
      promotedVotes: 0,
      decision: null,
    };
    const attributes = { "1": pick(next, ["Women", "Men", "Men", null]), "2": pick(next, ["Berlin", "Paris", "Lyon"]), "3": pick(next, ["L2", "L3", "L4", "L5"]) };
    return { id, attributes, stage };
  });
}

describe("figures sharing their ranked samples", () => {
  const people = population(600);
  const lattice = privacyLattice(people, 5, ["1", "2", "3"]);
  const kinds: InsightFigureKind[] = ["feedback_received", "ratings"];
  const attributes = [
    { id: 1, name: "Gender" },
    { id: 2, name: "Location" },
    { id: 3, name: "Level" },
  ];

  for (const filters of [[], [{ attribute: "2", value: "Paris" }]] as AttributeFilter[][]) {
    it(`gives every figure as computed alone (${filters.length ? "filtered by location" : "no filter"})`, () => {
      const pools: SamplePools = new Map();
      let gaps = 0;
      for (const kind of kinds)
        for (const attribute of attributes.filter((a) => !filters.some((f) => f.attribute === String(a.id)))) {
          const shared = insightFigure(kind, attribute, people, filters, lattice, pools);
          expect(shared).toEqual(insightFigure(kind, attribute, people, filters, lattice));
          gaps += shared.gaps.filter((g) => g.measure === "mean_length" || g.measure === "mean_before" || g.measure === "mean_after").length;
        }
      // The pools were filled once per measure and used by the Mann–Whitney gaps of every figure.
      expect([...pools.keys()].sort()).toEqual(["mean_after", "mean_before", "mean_length"]);
      expect(gaps).toBeGreaterThan(6);
    });
  }
});
