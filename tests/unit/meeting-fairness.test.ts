/**
 * Issue 29 §4 (ADR 0114): the rating meeting's gap rule and panel data, over figures the insights' own pure pipeline
 * computes (privacyLattice + insightFigure, as the service does): a close needs a written reason exactly when a gap
 * AFTER calibration is significant in some breakdown; a gap before calibration only, a hidden figure or a gap that is
 * not significant asks for nothing; blank reasons are none.
 */
import { describe, expect, it } from "vitest";
import { insightFigure, type InsightPerson, type PersonStage } from "~/features/insights/figures";
import { privacyLattice } from "~/features/insights/privacy-floor";
import type { InsightsJson } from "~/features/insights/insight-json";
import { closeReasonMissing, meetingFairness, meetingFairnessPath, shownFigure, significantGapsAfterCalibration } from "~/features/insights/meeting-fairness";

const NONE: PersonStage = { requests: 0, accepted: 0, declined: 0, feedback: 0, answered: 0, lengths: [], before: null, after: null, nominated: false, endorsed: false, votes: 0, promotedVotes: 0, decision: null };
const GENDER = { id: 1, name: "Gender", kind: "category" as const };
const PLACE = { id: 2, name: "Location", kind: "category" as const };

/** Twelve people: six women, six men, in two places of six (alternating), each at the stage `stageOf` gives. */
function answer(kind: "rating" | "promotion", stageOf: (i: number) => Partial<PersonStage>, count: number, floor: number): InsightsJson {
  const people: InsightPerson[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    attributes: { "1": i < 6 ? "Woman" : "Man", "2": i % 2 === 0 ? "Berlin" : "Lisbon" },
    stage: { ...NONE, ...stageOf(i) },
  }));
  const lattice = privacyLattice(people, floor, ["1", "2"]);
  return {
    scope: { kind: "session", session_id: kind === "rating" ? 7 : 8, session_name: kind === "rating" ? "S" : "P", session_kind: kind, cycle_id: 3 },
    privacy_floor: floor,
    population: people.length,
    attributes: [GENDER, PLACE],
    filters: [],
    figures: [GENDER, PLACE].map((a) => insightFigure(kind === "rating" ? "ratings" : "promotions", { id: a.id, name: a.name }, people, [], lattice)),
  };
}

/** A rating session with these ratings before and after calibration. */
function session(before: number[], after: number[], floor = 5): InsightsJson {
  return answer("rating", (i) => ({ before: before[i]!, after: after[i]! }), before.length, floor);
}

const EVEN = [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3];
/** The women rated lowest after calibration (as the demo's "Marketing calibration"). */
const WOMEN_LOW = [1, 2, 2, 2, 2, 2, 4, 4, 4, 4, 5, 5];
/** Women and men alike: W M alternate along the ratings. */
const ALIKE = [1, 2, 3, 4, 5, 3, 2, 1, 3, 4, 5, 3];

describe("the close's gap rule (significant gaps after calibration)", () => {
  it("finds the significant gap after calibration, with its attribute, and only that one", () => {
    const gaps = significantGapsAfterCalibration(session(EVEN, WOMEN_LOW));
    expect(gaps.map((g) => [g.attribute.name, g.group, g.measure])).toEqual(
      expect.arrayContaining([
        ["Gender", "Woman", "mean_after"],
        ["Gender", "Man", "mean_after"],
      ]),
    );
    expect(gaps.every((g) => g.significant && g.p < 0.05 && g.attribute.id === GENDER.id)).toBe(true);
    const women = gaps.find((g) => g.group === "Woman")!;
    expect(women.effect).toBeLessThan(-1.5);
    expect(women.words[0]!.key).toBe("insights.gap.meanLower");
  });

  it("asks nothing when the gap was there before calibration only, or when groups are alike after it", () => {
    expect(significantGapsAfterCalibration(session(WOMEN_LOW, EVEN))).toEqual([]);
    expect(significantGapsAfterCalibration(session(EVEN, ALIKE))).toEqual([]);
    // The gap before calibration is there (and significant) — it is not the rule's business.
    const before = session(WOMEN_LOW, EVEN).figures[0]!.gaps.filter((g) => g.measure === "mean_before" && g.significant);
    expect(before.length).toBeGreaterThan(0);
  });

  it("a figure the privacy floor hides asks nothing (its gaps are not published)", () => {
    const hidden = session(EVEN, WOMEN_LOW, 13);
    expect(hidden.figures.every((f) => !f.shown)).toBe(true);
    expect(significantGapsAfterCalibration(hidden)).toEqual([]);
  });

  it("needs a reason that is not blank when a gap is significant; none when there is no gap", () => {
    const gaps = significantGapsAfterCalibration(session(EVEN, WOMEN_LOW));
    for (const blank of [undefined, null, "", "   ", "\n\t"]) expect(closeReasonMissing(gaps, blank)).toBe(true);
    expect(closeReasonMissing(gaps, "The lowest ratings follow the documented performance plans.")).toBe(false);
    expect(closeReasonMissing([], undefined)).toBe(false);
    expect(closeReasonMissing([], "")).toBe(false);
  });
});

describe("the panel's data", () => {
  it("holds every ratings figure, starts at the attribute with a significant gap, and shows a chosen one", () => {
    const insights = session(EVEN, WOMEN_LOW);
    const fairness = meetingFairness(insights, false);
    expect(fairness.session_id).toBe(7);
    expect(fairness.population).toBe(12);
    expect(fairness.figures.map((f) => f.attribute.id)).toEqual([GENDER.id, PLACE.id]);
    expect(fairness.attributes.map((a) => a.name)).toEqual(["Gender", "Location"]);
    expect(fairness.first_by).toBe(GENDER.id);
    expect(fairness.significant_after.length).toBeGreaterThan(0);
    expect(fairness.insight_page).toBe(false);
    expect(shownFigure(fairness, null)!.attribute.id).toBe(GENDER.id);
    expect(shownFigure(fairness, PLACE.id)!.attribute.id).toBe(PLACE.id);
    // An attribute the reader has no figure of: the first one's.
    expect(shownFigure(fairness, 99)!.attribute.id).toBe(GENDER.id);
    // The shift per group is the service's: women moved down by the mean of their changes.
    const women = shownFigure(fairness, GENDER.id)!.rows.find((r) => r.group === "Woman")!;
    expect(women.values.mean_before).toBe(3);
    expect(women.values.mean_after).toBe(1.83);
    expect(women.values.shift).toBe(-1.17);
  });

  it("without a significant gap starts at the first attribute; the data path is the session's", () => {
    const fairness = meetingFairness(session(EVEN, ALIKE), true);
    expect(fairness.first_by).toBe(GENDER.id);
    expect(fairness.significant_after).toEqual([]);
    expect(fairness.insight_page).toBe(true);
    expect(meetingFairnessPath(7)).toBe("/app/calibration-sessions/7/fairness");
  });
});

/**
 * A promotion session (ADR 0120) of twelve nominees (six women, six men; two places): each one's panel votes (of two)
 * and decision. Its figure is the promotions figure; the rule's measure is the decision rate (promoted_rate).
 */
function promotionSession(votesPromoted: number[], promoted: boolean[], floor = 5): InsightsJson {
  const decisions = (i: number): Partial<PersonStage> => ({ nominated: true, endorsed: true, votes: 2, promotedVotes: votesPromoted[i]!, decision: promoted[i] ? "PROMOTED" : "NOT_PROMOTED" });
  return answer("promotion", decisions, promoted.length, floor);
}

const MEN_PROMOTED = [false, false, false, false, false, false, true, true, true, true, true, true];
const HALF_EACH = [true, false, true, false, true, false, false, true, false, true, false, true];

describe("a promotion session's gap rule and panel (the decision rates)", () => {
  it("finds the significant gap in the promotion decisions, by gender only, as promoted_rate", () => {
    const gaps = significantGapsAfterCalibration(promotionSession([0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2], MEN_PROMOTED));
    expect(gaps.map((g) => [g.attribute.name, g.group, g.measure])).toEqual(
      expect.arrayContaining([
        ["Gender", "Woman", "promoted_rate"],
        ["Gender", "Man", "promoted_rate"],
      ]),
    );
    expect(gaps.every((g) => g.measure === "promoted_rate" && g.p < 0.05 && g.attribute.id === GENDER.id)).toBe(true);
    expect(gaps.find((g) => g.group === "Woman")!.effect).toBe(-100);
    expect(closeReasonMissing(gaps, " ")).toBe(true);
    expect(closeReasonMissing(gaps, "Budget freeze on the women's team, recorded with HR.")).toBe(false);
  });

  it("asks nothing for a gap in the panel votes only (the decisions alike), nor over a figure the floor hides", () => {
    const votesOnly = promotionSession([0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2], HALF_EACH);
    const voteGaps = votesOnly.figures[0]!.gaps.filter((g) => g.measure === "panel_vote_rate" && g.significant);
    expect(voteGaps.length).toBeGreaterThan(0);
    expect(significantGapsAfterCalibration(votesOnly)).toEqual([]);
    expect(significantGapsAfterCalibration(promotionSession([0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2], MEN_PROMOTED, 13))).toEqual([]);
  });

  it("the panel's data: the promotions figures, kind promotion, first the attribute with the gap", () => {
    const fairness = meetingFairness(promotionSession([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], MEN_PROMOTED), false);
    expect(fairness.kind).toBe("promotion");
    expect(fairness.session_id).toBe(8);
    expect(fairness.figures.map((f) => [f.figure, f.attribute.id])).toEqual([
      ["promotions", GENDER.id],
      ["promotions", PLACE.id],
    ]);
    expect(fairness.first_by).toBe(GENDER.id);
    const women = shownFigure(fairness, GENDER.id)!.rows.find((r) => r.group === "Woman")!;
    expect(women.values).toMatchObject({ nominated: 6, promoted: 0, promoted_rate: 0, panel_vote_rate: 50 });
    expect(meetingFairness(session(EVEN, WOMEN_LOW), false).kind).toBe("rating");
  });
});
