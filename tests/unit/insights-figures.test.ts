/**
 * Issue 29 §2 (ADR 0111): the insight figures over a population, against hand-counted fixtures — rows come from the
 * cells the privacy floor publishes, Other merges the small groups, gaps use the right test and say it in words —
 * and the bands of dates.
 */
import { describe, expect, it } from "vitest";
import { insightFigure, figureRow, type InsightPerson, type PersonStage } from "~/features/insights/figures";
import { privacyLattice } from "~/features/insights/privacy-floor";
import { bandValue, fullYears, tenureBand } from "~/features/insights/bands";
import { fisherExact, mannWhitney } from "~/features/insights/statistics";

const NONE: PersonStage = { requests: 0, accepted: 0, declined: 0, feedback: 0, answered: 0, lengths: [], before: null, after: null, nominated: false, endorsed: false, votes: 0, promotedVotes: 0, decision: null };

let nextId = 1;
function person(gender: string | null, stage: Partial<PersonStage>, location: string | null = "Berlin"): InsightPerson {
  return { id: nextId++, attributes: { "1": gender, "2": location }, stage: { ...NONE, ...stage } };
}

describe("bands", () => {
  it("counts whole years to the reference day and puts them in four tenure bands", () => {
    const ref = new Date("2026-07-01T00:00:00Z");
    expect(fullYears("2025-07-01", ref)).toBe(1);
    expect(fullYears("2025-07-02", ref)).toBe(0);
    expect(tenureBand("2026-03-01", ref)).toBe("< 1 year");
    expect(tenureBand("2027-01-01", ref)).toBe("< 1 year");
    expect(tenureBand("2025-01-01", ref)).toBe("1–2 years");
    expect(tenureBand("2024-07-01", ref)).toBe("2–5 years");
    expect(tenureBand("2021-07-02", ref)).toBe("2–5 years");
    expect(tenureBand("2021-07-01", ref)).toBe("5+ years");
    expect(bandValue("number", "4.5", ref)).toBe("4.5");
    expect(bandValue("category", "Women", ref)).toBe("Women");
    expect(bandValue("date", null, ref)).toBeNull();
  });
});

describe("the figures", () => {
  // 8 women (6 requests accepted of 8, ratings 2,2,3,3,3,3,2,2 → 4,3,3,3,3,3,3,3), 8 men (all 8 accepted of 8,
  // ratings 4 → 4), 2 people with gender unset (under the floor of 5: Other).
  const women = Array.from({ length: 8 }, (_, i) =>
    person("Women", { requests: 1, accepted: i < 6 ? 1 : 0, declined: i < 6 ? 0 : 1, before: [2, 2, 3, 3, 3, 3, 2, 2][i]!, after: i === 0 ? 4 : 3, feedback: 2, answered: 1, lengths: [100] }),
  );
  const men = Array.from({ length: 8 }, () => person("Men", { requests: 1, accepted: 1, before: 4, after: 4, feedback: 2, answered: 2, lengths: [200, 300] }));
  const unset = [person(null, { requests: 2, accepted: 2, before: 5, after: 5 }), person(null, { requests: 1, declined: 1, before: 1, after: 1 })];
  const population = [...women, ...men, ...unset];
  const lattice = privacyLattice(population, 5, ["1", "2"]);
  const gender = { id: 1, name: "Gender" };

  it("peer selection: requests, accepted, declined and rates per group; the small group merged into Other", () => {
    const figure = insightFigure("peer_selection", gender, population, [], lattice);
    expect(figure.shown).toBe(true);
    // Other would hold the 2 people without a gender: under the floor, so the lattice withdraws a group to join them
    // (rule 3): one group of 8 on its own, Other of 10.
    expect(figure.rows.map((r) => [r.other, r.people])).toEqual([
      [false, 8],
      [true, 10],
    ]);
    expect(figure.rows.every((r) => r.people >= 5)).toBe(true);
    const total = figure.total!;
    expect(total.people).toBe(18);
    expect(total.values).toMatchObject({ requests: 19, accepted: 16, declined: 3, pending: 0 });
  });

  it("rows are exactly the hand counts when every group is at the floor or more", () => {
    const big = [...women, ...men];
    const l = privacyLattice(big, 5, ["1", "2"]);
    const figure = insightFigure("peer_selection", gender, big, [], l);
    expect(figure.rows).toEqual([
      { group: "Men", other: false, people: 8, values: { requests: 8, accepted: 8, declined: 0, pending: 0, accepted_rate: 100, declined_rate: 0 } },
      { group: "Women", other: false, people: 8, values: { requests: 8, accepted: 6, declined: 2, pending: 0, accepted_rate: 75, declined_rate: 25 } },
    ]);
    const gap = figure.gaps.find((g) => g.group === "Women" && g.measure === "accepted_rate")!;
    // Expected counts under 5: Fisher's exact test on [[6,2],[8,0]].
    expect(gap.test).toBe("fisher");
    expect(gap.p).toBeCloseTo(fisherExact([[6, 2], [8, 0]]).pValue, 12);
    expect(gap.effect).toBe(-25);
    expect(gap.words[0]).toEqual({ key: "insights.gap.rateLower", values: { group: "Women", groupRate: 75, restRate: 100, count: 25 } });
  });

  it("ratings: means before and after, the shift, distributions, and Mann–Whitney gaps in words", () => {
    const big = [...women, ...men];
    const l = privacyLattice(big, 5, ["1", "2"]);
    const figure = insightFigure("ratings", gender, big, [], l);
    const w = figure.rows.find((r) => r.group === "Women")!;
    expect(w.values).toEqual({ rated: 8, mean_before: 2.5, mean_after: 3.13, shift: 0.63 });
    expect(w.distribution).toEqual({ before: { "2": 4, "3": 4 }, after: { "3": 7, "4": 1 } });
    const before = figure.gaps.find((g) => g.group === "Women" && g.measure === "mean_before")!;
    expect(before.test).toBe("mann_whitney_normal");
    expect(before.p).toBeCloseTo(mannWhitney([2, 2, 3, 3, 3, 3, 2, 2], Array(8).fill(4)).pValue, 12);
    expect(before.significant).toBe(true);
    expect(before.band).toBe("large");
    expect(before.words[0]).toEqual({ key: "insights.gap.meanLower", values: { group: "Women", difference: 1.5, groupMean: 2.5, restMean: 4 } });
  });

  it("feedback received: counts, share answered and mean length in characters, with a length gap in words", () => {
    const big = [...women, ...men];
    const figure = insightFigure("feedback_received", gender, big, [], privacyLattice(big, 5, ["1", "2"]));
    expect(figure.rows.find((r) => r.group === "Men")!.values).toEqual({ feedback: 16, answered: 16, answered_rate: 100, mean_length: 250 });
    expect(figure.rows.find((r) => r.group === "Women")!.values).toEqual({ feedback: 16, answered: 8, answered_rate: 50, mean_length: 100 });
    const length = figure.gaps.find((g) => g.group === "Women" && g.measure === "mean_length")!;
    expect(length.effect).toBe(-150);
    expect(length.words[0]).toEqual({ key: "insights.gap.lengthShorter", values: { group: "Women", difference: 150, groupMean: 100, restMean: 250 } });
  });

  it("promotions: nomination, endorsement, panel vote and decision rates", () => {
    const ps = [
      ...Array.from({ length: 5 }, (_, i) => person("Women", { nominated: i < 2, endorsed: i < 1, votes: i < 2 ? 2 : 0, promotedVotes: i < 1 ? 2 : 0, decision: i < 1 ? "PROMOTED" : i < 2 ? "NOT_PROMOTED" : null })),
      ...Array.from({ length: 5 }, (_, i) => person("Men", { nominated: i < 4, endorsed: i < 4, votes: i < 4 ? 2 : 0, promotedVotes: i < 4 ? 2 : 0, decision: i < 4 ? "PROMOTED" : null })),
    ];
    expect(figureRow("promotions", "Women", false, ps.slice(0, 5)).values).toEqual({
      nominated: 2,
      nominated_rate: 40,
      endorsed: 1,
      endorsed_rate: 50,
      panel_votes: 4,
      panel_vote_rate: 50,
      promoted: 1,
      promoted_rate: 50,
    });
  });

  it("the people with no value get gap sentences as a group of their own; the merged Other gets none (ADR 0117)", () => {
    // Six people without a gender, each rated 5 before and after: at the floor, so a row of their own.
    const noValue = Array.from({ length: 6 }, () => person(null, { requests: 1, declined: 1, before: 5, after: 5, feedback: 1, answered: 1, lengths: [400] }));
    const ps = [...women, ...men, ...noValue];
    const l = privacyLattice(ps, 5, ["1", "2"]);
    const ratings = insightFigure("ratings", gender, ps, [], l);
    expect(ratings.rows.map((r) => [r.group, r.other, r.people])).toEqual([
      ["Men", false, 8],
      ["Women", false, 8],
      [null, false, 6],
    ]);
    const before = ratings.gaps.find((g) => g.group === null && g.measure === "mean_before")!;
    // 5 against the 16 others' (2.5 × 8 + 4 × 8) / 16 = 3.25, Mann–Whitney as for any group.
    expect(before.other).toBe(false);
    expect(before.p).toBeCloseTo(mannWhitney(Array(6).fill(5), [...[2, 2, 3, 3, 3, 3, 2, 2], ...Array(8).fill(4)]).pValue, 12);
    expect(before.effect).toBe(1.75);
    expect(before.words[0]).toEqual({ key: "insights.gap.meanHigher", values: { group: "", difference: 1.8, groupMean: 5, restMean: 3.3 } });
    const declined = insightFigure("peer_selection", gender, ps, [], l).gaps.find((g) => g.group === null && g.measure === "declined_rate")!;
    expect(declined.words[0]).toEqual({ key: "insights.gap.rateHigher", values: { group: "", groupRate: 100, restRate: 13, count: 87 } });
    const length = insightFigure("feedback_received", gender, ps, [], l).gaps.find((g) => g.group === null && g.measure === "mean_length")!;
    expect(length.words[0]!.key).toBe("insights.gap.lengthLonger");

    // The fixture's two people without a gender are under the floor: Other (10 people) holds them with a group, and
    // only the group shown on its own is compared with the rest.
    const merged = insightFigure("ratings", gender, population, [], lattice);
    expect(merged.rows.some((r) => r.other)).toBe(true);
    expect(merged.gaps.length).toBeGreaterThan(0);
    expect(merged.gaps.every((g) => !g.other && g.group !== null)).toBe(true);
  });

  it("a filtered scope under the floor shows nothing", () => {
    const figure = insightFigure("ratings", gender, population, [{ attribute: "2", value: "Paris" }], lattice);
    expect(figure).toMatchObject({ shown: false, suppressed_reason: "too_few", total: null, rows: [], gaps: [] });
  });
});
