/**
 * ADR 0116: a figure ranks the values of its view once (rankedPool) and tests each group against the rest of that
 * pool (mannWhitneyInPool). The answer is the one of ranking the group and the rest together for each group: checked
 * against that computation (as statistics.ts did it before, with stdlib's ranks) on random samples with and without
 * ties, small (exact p-values) and large (normal approximation), and for Cliff's delta from the test's U.
 */
import { describe, expect, it } from "vitest";
import ranks from "@stdlib/stats-ranks";
import { cliffsDelta, cliffsDeltaOfU, mannWhitney, mannWhitneyInPool, rankedPool } from "~/features/insights/statistics";

function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** U of the first sample with both ranked together, as statistics.ts computed it for every gap before ADR 0116. */
function uRankedTogether(first: number[], second: number[]): number {
  const rank = ranks([...first, ...second]);
  return rank.slice(0, first.length).reduce((s, r) => s + r, 0) - (first.length * (first.length + 1)) / 2;
}

describe("Mann–Whitney within a ranked pool", () => {
  const cases: Array<[seed: number, size: number, distinct: number]> = [
    [1, 12, 1000], // small, no ties: the exact distribution
    [2, 60, 1000],
    [3, 40, 5], // ratings 1–5: many ties
    [4, 400, 5],
    [5, 3000, 400], // feedback lengths
  ];
  for (const [seed, size, distinct] of cases) {
    it(`tests every group against the rest as ranking both together does (${size} values, ${distinct} distinct, seed ${seed})`, () => {
      const next = random(seed);
      const values = Array.from({ length: size }, () => (distinct >= 1000 ? next() * 100 : 1 + Math.floor(next() * distinct)));
      const groupOf = values.map(() => Math.floor(next() * 4));
      // The pool in another order than group + rest: ranks by value do not depend on it.
      const pool = rankedPool([...values].reverse());
      for (let g = 0; g < 4; g++) {
        const group = values.filter((_, i) => groupOf[i] === g);
        const rest = values.filter((_, i) => groupOf[i] !== g);
        if (group.length === 0 || rest.length === 0) continue;
        const pooled = mannWhitneyInPool(group, pool);
        expect(pooled).toEqual(mannWhitney(group, rest));
        expect(pooled.statistic).toBe(uRankedTogether(group, rest));
        expect(cliffsDeltaOfU(pooled.statistic, pooled.n1, pooled.n2)).toBe(cliffsDelta(group, rest));
      }
    });
  }

  it("refuses a group that is the whole pool or holds a value the pool lacks, and non-finite values", () => {
    const pool = rankedPool([1, 2, 3]);
    expect(() => mannWhitneyInPool([1, 2, 3], pool)).toThrow(RangeError);
    expect(() => mannWhitneyInPool([4], pool)).toThrow(RangeError);
    expect(() => rankedPool([1, Number.NaN])).toThrow(RangeError);
  });
});
