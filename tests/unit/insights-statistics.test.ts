/**
 * Issue 29 (ADR 0103): the fairness insights' tests against PUBLISHED worked examples — the figures are those printed
 * in the sources cited beside each case, not re-computed by the library under test.
 */
import { describe, expect, it } from "vitest";
import { chiSquared, cliffsDelta, cliffsDeltaBand, fisherExact, mannWhitney, meanDifference, rateDifference, rateGapTest } from "~/features/insights/statistics";

describe("Fisher's exact test (two-sided)", () => {
  it("the lady tasting tea: 3 of 4 milk-first cups right, p = 0.4857", () => {
    // Fisher (1935), The Design of Experiments; R's ?fisher.test example `TeaTasting`: "p-value = 0.4857".
    const r = fisherExact([
      [3, 1],
      [1, 3],
    ]);
    expect(r.test).toBe("fisher");
    expect(r.pValue).toBeCloseTo(0.4857, 4);
    expect(r.significant).toBe(false);
  });

  it("Fisher's twins: convictions of dizygotic vs monozygotic twins, p = 0.0005367", () => {
    // Fisher (1962), via R's ?fisher.test example `Convictions` (matrix(c(2, 10, 15, 3), nrow = 2)):
    // fisher.test(Convictions) prints "p-value = 0.0005367".
    const r = fisherExact([
      [2, 15],
      [10, 3],
    ]);
    expect(r.pValue).toBeCloseTo(0.0005367, 7);
    expect(r.significant).toBe(true);
  });

  it("is symmetric in rows and columns and 1 for a table with no information", () => {
    const a = fisherExact([
      [2, 15],
      [10, 3],
    ]);
    const b = fisherExact([
      [10, 3],
      [2, 15],
    ]);
    expect(b.pValue).toBeCloseTo(a.pValue, 12);
    expect(fisherExact([
      [0, 0],
      [0, 0],
    ]).pValue).toBe(1);
  });
});

describe("chi-squared test of independence", () => {
  it("Agresti (2007, p. 39), gender × party identification: X² = 30.07, df = 2, p = 2.954e-07", () => {
    // R's ?chisq.test example: M <- as.table(rbind(c(762, 327, 468), c(484, 239, 477))); chisq.test(M)
    // prints "X-squared = 30.07, df = 2, p-value = 2.954e-07".
    const r = chiSquared([
      [762, 327, 468],
      [484, 239, 477],
    ]);
    expect(r.statistic).toBeCloseTo(30.07, 2);
    expect(r.degreesOfFreedom).toBe(2);
    expect(r.pValue).toBeCloseTo(2.954e-7, 9);
    expect(r.reliable).toBe(true);
    expect(r.significant).toBe(true);
  });

  it("a 2×2 table gets Yates' correction: R's matrix(c(12, 5, 7, 7), ncol = 2) gives p = 0.4233", () => {
    // R's ?chisq.test example: x <- matrix(c(12, 5, 7, 7), ncol = 2); chisq.test(x)$p.value  # 0.4233
    const r = chiSquared([
      [12, 7],
      [5, 7],
    ]);
    expect(r.degreesOfFreedom).toBe(1);
    expect(r.pValue).toBeCloseTo(0.4233, 4);
  });

  it("Cochran's rule marks a table with small expected counts as unreliable; empty rows are left out", () => {
    const r = chiSquared([
      [1, 0, 2],
      [0, 0, 0],
      [3, 0, 1],
    ]);
    expect(r.degreesOfFreedom).toBe(1);
    expect(r.reliable).toBe(false);
  });

  it("refuses tables that are not counts", () => {
    expect(() => chiSquared([[1, -1]])).toThrow(RangeError);
    expect(() => chiSquared([[1.5, 2]])).toThrow(RangeError);
    expect(() => chiSquared([[1, 2], [3]])).toThrow(RangeError);
  });
});

describe("the expected-count rule for a gap in rates", () => {
  it("takes Fisher's exact test when an expected count is below 5", () => {
    const r = rateGapTest([
      [3, 1],
      [1, 3],
    ]);
    expect(r.test).toBe("fisher");
    expect(r.pValue).toBeCloseTo(0.4857, 4);
  });

  it("takes the chi-squared test (with Yates' correction) when every expected count is 5 or more", () => {
    const r = rateGapTest([
      [12, 7],
      [5, 7],
    ]);
    expect(r.test).toBe("chi_squared");
    expect(r.pValue).toBeCloseTo(0.4233, 4);
  });
});

describe("Mann–Whitney U (two-sided)", () => {
  // Hollander & Wolfe (1973, p. 69f), permeability constants of the human chorioamnion, as in R's ?wilcox.test:
  // wilcox.test(x, y, alternative = "g") prints "W = 35, p-value = 0.1272"; exact (no ties, small samples), so the
  // two-sided p-value is twice that, 0.2544.
  const x = [0.8, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46];
  const y = [1.15, 0.88, 0.9, 0.74, 1.21];

  it("is exact for small samples without ties: W = 35, p = 0.2544", () => {
    const r = mannWhitney(x, y);
    expect(r.test).toBe("mann_whitney_exact");
    expect(r.statistic).toBe(35);
    expect(r.pValue).toBeCloseTo(0.2544, 4);
    expect(mannWhitney(y, x).statistic).toBe(15);
    expect(mannWhitney(y, x).pValue).toBeCloseTo(0.2544, 4);
  });

  it("uses the normal approximation with tie and continuity correction when there are ties: W = 127.5, p = 0.0001208", () => {
    // R's ?wilcox.test example: wilcox.test(Ozone ~ Month, data = airquality, subset = Month %in% c(5, 8)) prints
    // "W = 127.5, p-value = 0.0001208" (New York ozone, May vs August 1973, missing days left out).
    const may = [41, 36, 12, 18, 28, 23, 19, 8, 7, 16, 11, 14, 18, 14, 34, 6, 30, 11, 1, 11, 4, 32, 23, 45, 115, 37];
    const august = [39, 9, 16, 78, 35, 66, 122, 89, 110, 44, 28, 65, 22, 59, 23, 31, 44, 21, 9, 45, 168, 73, 76, 118, 84, 85];
    const r = mannWhitney(may, august);
    expect(r.test).toBe("mann_whitney_normal");
    expect(r.statistic).toBe(127.5);
    expect(r.pValue).toBeCloseTo(0.0001208, 7);
    expect(r.significant).toBe(true);
  });

  it("refuses empty samples", () => {
    expect(() => mannWhitney([], [1])).toThrow(RangeError);
  });
});

describe("effect sizes", () => {
  it("difference of means and of rates in percentage points", () => {
    expect(meanDifference([3, 3, 4], [4, 4, 4, 5]).difference).toBeCloseTo(10 / 3 - 17 / 4, 12);
    const rates = rateDifference([
      [3, 7],
      [6, 4],
    ]);
    expect(rates).toEqual({ groupRate: 30, restRate: 60, points: -30 });
  });

  it("Cliff's delta is the rank-biserial correlation of U: 2·35/50 − 1 = 0.4 for the permeability data, a medium difference", () => {
    const x = [0.8, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46];
    const y = [1.15, 0.88, 0.9, 0.74, 1.21];
    expect(cliffsDelta(x, y)).toBeCloseTo(0.4, 12);
    expect(cliffsDeltaBand(cliffsDelta(x, y))).toBe("medium");
  });

  it("Cliff's delta by its definition, ties counting half (Cliff 1993: (#greater − #less) / (n·m))", () => {
    // group [1, 2, 3] vs rest [2, 3, 4]: pairs greater 1 (3>2), less 6, ties 2 → (1 − 6) / 9.
    expect(cliffsDelta([1, 2, 3], [2, 3, 4])).toBeCloseTo(-5 / 9, 12);
  });

  it("bands follow Romano et al. (2006): 0.147, 0.33, 0.474", () => {
    expect(cliffsDeltaBand(0.1)).toBe("negligible");
    expect(cliffsDeltaBand(-0.2)).toBe("small");
    expect(cliffsDeltaBand(0.4)).toBe("medium");
    expect(cliffsDeltaBand(-0.9)).toBe("large");
  });
});
