import hypergeometricPmf from "@stdlib/stats-base-dists-hypergeometric-pmf";
import chisquareCdf from "@stdlib/stats-base-dists-chisquare-cdf";
import normalCdf from "@stdlib/stats-base-dists-normal-cdf";
import ranks from "@stdlib/stats-ranks";

/**
 * The significance tests and effect sizes of the fairness insights (issue 29, docs/decisions/0103): pure functions,
 * no server imports. The distributions (hypergeometric, chi-squared, normal) and the mid-ranks come from stdlib's
 * packages; this file only adds up their terms the way R's fisher.test, chisq.test and wilcox.test do, so the
 * figures match R's (tests/unit/insights-statistics.test.ts checks them against published outputs).
 */

/** The level below which a gap is called significant. */
export const SIGNIFICANCE_LEVEL = 0.05;

/** A 2×2 table of counts: rows are the two groups, columns are "yes" and "no". */
export type TwoByTwo = readonly [readonly [number, number], readonly [number, number]];

export type TestResult = {
  test: "fisher" | "chi_squared" | "mann_whitney_exact" | "mann_whitney_normal";
  pValue: number;
  /** The test statistic: the chi-squared value, or Mann–Whitney's U of the first sample (R's W); null for Fisher. */
  statistic: number | null;
  significant: boolean;
};

const result = (test: TestResult["test"], pValue: number, statistic: number | null): TestResult => {
  const p = Math.min(1, Math.max(0, pValue));
  return { test, pValue: p, statistic, significant: p < SIGNIFICANCE_LEVEL };
};

function assertCounts(table: readonly (readonly number[])[]): void {
  if (table.length === 0 || table.some((row) => row.length !== table[0].length || row.length === 0)) throw new RangeError("A table needs rows of equal, non-zero length");
  if (table.some((row) => row.some((n) => !Number.isInteger(n) || n < 0))) throw new RangeError("A table holds non-negative whole counts");
}

/**
 * Fisher's exact test of a 2×2 table, two-sided as R's fisher.test: the probability, under fixed margins, of every
 * table no more likely than the observed one (with R's relative tolerance 1e-7 for ties of probability).
 */
export function fisherExact(table: TwoByTwo): TestResult {
  assertCounts(table);
  const [[a, b], [c, d]] = table;
  const total = a + b + c + d;
  const firstColumn = a + c;
  const firstRow = a + b;
  if (total === 0) return result("fisher", 1, null);
  const pmf = (x: number) => hypergeometricPmf(x, total, firstColumn, firstRow);
  const observed = pmf(a);
  const low = Math.max(0, firstRow - (total - firstColumn));
  const high = Math.min(firstRow, firstColumn);
  let p = 0;
  for (let x = low; x <= high; x++) {
    const px = pmf(x);
    if (px <= observed * (1 + 1e-7)) p += px;
  }
  return result("fisher", p, null);
}

export type ChiSquaredResult = TestResult & { degreesOfFreedom: number; expected: number[][]; /** Cochran's rule holds (no expected count below 1, at most a fifth below 5). */ reliable: boolean };

/**
 * Pearson's chi-squared test of independence of an r×c table, as R's chisq.test: Yates' continuity correction on a
 * 2×2 table (R's default), none on larger ones. Rows or columns that are all zero are left out (they carry no
 * information and would divide by zero).
 */
export function chiSquared(table: readonly (readonly number[])[]): ChiSquaredResult {
  assertCounts(table);
  const rows = table.filter((row) => row.some((n) => n > 0));
  const keepColumn = table[0].map((_, j) => table.some((row) => row[j] > 0));
  const observed = rows.map((row) => row.filter((_, j) => keepColumn[j]));
  const rowSums = observed.map((row) => row.reduce((s, n) => s + n, 0));
  const columnSums = (observed[0] ?? []).map((_, j) => observed.reduce((s, row) => s + row[j], 0));
  const total = rowSums.reduce((s, n) => s + n, 0);
  const expected = observed.map((_, i) => columnSums.map((cs) => (rowSums[i] * cs) / total));
  const degreesOfFreedom = Math.max(0, (observed.length - 1) * (columnSums.length - 1));
  if (degreesOfFreedom === 0) return { ...result("chi_squared", 1, 0), degreesOfFreedom, expected, reliable: false };
  const yates = observed.length === 2 && columnSums.length === 2;
  const flat = expected.flat();
  const correction = yates ? Math.min(0.5, ...observed.flatMap((row, i) => row.map((o, j) => Math.abs(o - expected[i][j])))) : 0;
  let statistic = 0;
  observed.forEach((row, i) =>
    row.forEach((o, j) => {
      const e = expected[i][j];
      statistic += (Math.abs(o - e) - correction) ** 2 / e;
    }),
  );
  const reliable = flat.every((e) => e >= 1) && flat.filter((e) => e < 5).length <= flat.length / 5;
  return { ...result("chi_squared", 1 - chisquareCdf(statistic, degreesOfFreedom), statistic), degreesOfFreedom, expected, reliable };
}

/**
 * The test of a gap in rates between two groups: Fisher's exact test when an expected count of the 2×2 table is
 * below 5 (where the chi-squared approximation is poor), else the chi-squared test with Yates' correction.
 */
export function rateGapTest(table: TwoByTwo): TestResult {
  const chi = chiSquared(table);
  if (chi.degreesOfFreedom === 0) return fisherExact(table);
  return chi.expected.flat().some((e) => e < 5) ? fisherExact(table) : { test: chi.test, pValue: chi.pValue, statistic: chi.statistic, significant: chi.significant };
}

/** P(U ≤ u) … for every u of Mann–Whitney's U with sample sizes m and n, without ties (the exact null distribution). */
function exactUDistribution(m: number, n: number): Float64Array {
  // dist[i][j][u] = P(U = u | sizes i, j); P_{i,j}(u) = i/(i+j)·P_{i-1,j}(u-j) + j/(i+j)·P_{i,j-1}(u).
  let previous: Float64Array[] = Array.from({ length: n + 1 }, () => Float64Array.of(1));
  for (let i = 1; i <= m; i++) {
    const current: Float64Array[] = [Float64Array.of(1)];
    for (let j = 1; j <= n; j++) {
      const dist = new Float64Array(i * j + 1);
      const left = previous[j];
      const down = current[j - 1];
      for (let u = 0; u <= i * j; u++) {
        const fromLeft = u - j >= 0 && u - j < left.length ? left[u - j] : 0;
        const fromDown = u < down.length ? down[u] : 0;
        dist[u] = (i / (i + j)) * fromLeft + (j / (i + j)) * fromDown;
      }
      current.push(dist);
    }
    previous = current;
  }
  return previous[n];
}

export type MannWhitneyResult = TestResult & { statistic: number; n1: number; n2: number };

/**
 * A pooled sample ranked once (stdlib's mid-ranks: tied values share their average rank), by value, with its ties: a
 * figure tests each of its groups against the rest of the same people, whose values together are always this pool,
 * so the pool is ranked once for all of them (ADR 0116) instead of once per group.
 */
export type RankedPool = { readonly size: number; readonly rankOf: ReadonlyMap<number, number>; readonly hasTies: boolean; readonly tieTerm: number };

export function rankedPool(values: readonly number[]): RankedPool {
  if (values.some((v) => !Number.isFinite(v))) throw new RangeError("Samples hold finite numbers");
  // Nothing is missing (non-finite values are refused above): "remove" returns the ranks as they are, where the
  // default ("last") rebuilds them with one shift() per value, quadratic in the pool's size.
  const rank = ranks(values as number[], { missing: "remove" });
  const rankOf = new Map<number, number>();
  const tieSizes = new Map<number, number>();
  values.forEach((v, i) => {
    rankOf.set(v, rank[i]);
    tieSizes.set(v, (tieSizes.get(v) ?? 0) + 1);
  });
  const tieTerm = [...tieSizes.values()].reduce((s, t) => s + t ** 3 - t, 0);
  return { size: values.length, rankOf, hasTies: tieSizes.size < values.length, tieTerm };
}

/** Mann–Whitney's U of `group` within the pool: its rank sum less the least it could be. */
function uInPool(group: readonly number[], pool: RankedPool): number {
  let rankSum = 0;
  for (const v of group) {
    const rank = pool.rankOf.get(v);
    if (rank === undefined) throw new RangeError("The group's values are values of the pool");
    rankSum += rank;
  }
  return rankSum - (group.length * (group.length + 1)) / 2;
}

/**
 * Mann–Whitney's U test of `group` (values of the pool) against the rest of the pool, as mannWhitney(group, rest):
 * the same rank sum, ties and p-value.
 */
export function mannWhitneyInPool(group: readonly number[], pool: RankedPool): MannWhitneyResult {
  const n1 = group.length;
  const n2 = pool.size - n1;
  if (n1 === 0 || n2 <= 0) throw new RangeError("Both samples need at least one value");
  const u = uInPool(group, pool);
  if (!pool.hasTies && n1 < 50 && n2 < 50) {
    const dist = exactUDistribution(n1, n2);
    const cumulative = (upTo: number) => dist.slice(0, Math.floor(upTo) + 1).reduce((s, p) => s + p, 0);
    const p = u > (n1 * n2) / 2 ? 1 - cumulative(u - 1) : cumulative(u);
    return { ...result("mann_whitney_exact", 2 * p, u), statistic: u, n1, n2 };
  }
  const n = n1 + n2;
  const sigma = Math.sqrt(((n1 * n2) / 12) * (n + 1 - pool.tieTerm / (n * (n - 1))));
  const centred = u - (n1 * n2) / 2;
  if (sigma === 0) return { ...result("mann_whitney_normal", 1, u), statistic: u, n1, n2 };
  const z = (centred - Math.sign(centred) * 0.5) / sigma;
  const p = 2 * Math.min(normalCdf(z, 0, 1), normalCdf(-z, 0, 1));
  return { ...result("mann_whitney_normal", p, u), statistic: u, n1, n2 };
}

/**
 * Mann–Whitney's U test (Wilcoxon's rank-sum test), two-sided, as R's wilcox.test: exact when both samples have
 * fewer than 50 values and there are no ties; otherwise the normal approximation with the tie correction of the
 * variance and a continuity correction. `statistic` is U of the first sample (R's W).
 */
export function mannWhitney(first: readonly number[], second: readonly number[]): MannWhitneyResult {
  if (first.length === 0 || second.length === 0) throw new RangeError("Both samples need at least one value");
  return mannWhitneyInPool(first, rankedPool([...first, ...second]));
}

// ——— Effect sizes ———

export type EffectBand = "negligible" | "small" | "medium" | "large";

/** Difference of means (group minus the rest), with both means. */
export function meanDifference(group: readonly number[], rest: readonly number[]): { groupMean: number; restMean: number; difference: number } {
  const total = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
  return meanDifferenceOfSums({ sum: total(group), count: group.length }, { sum: total(rest), count: rest.length });
}

/** The same from each side's sum and count (a figure adds its rows up once; the rest is the view less the row). */
export function meanDifferenceOfSums(group: { sum: number; count: number }, rest: { sum: number; count: number }): { groupMean: number; restMean: number; difference: number } {
  if (group.count === 0 || rest.count === 0) throw new RangeError("Both groups need at least one value");
  const groupMean = group.sum / group.count;
  const restMean = rest.sum / rest.count;
  return { groupMean, restMean, difference: groupMean - restMean };
}

/** Difference of rates in percentage points (group minus the rest), from a 2×2 table [[yes, no] of the group, [yes, no] of the rest]. */
export function rateDifference(table: TwoByTwo): { groupRate: number; restRate: number; points: number } {
  assertCounts(table);
  const rate = ([yes, no]: readonly [number, number]) => (yes + no === 0 ? 0 : (100 * yes) / (yes + no));
  const groupRate = rate(table[0]);
  const restRate = rate(table[1]);
  return { groupRate, restRate, points: groupRate - restRate };
}

/**
 * Cliff's delta, which equals the rank-biserial correlation of Mann–Whitney's U: the chance that a value of the group
 * is above one of the rest, minus the chance that it is below (−1 … 1; ties count half).
 */
export function cliffsDelta(group: readonly number[], rest: readonly number[]): number {
  if (group.length === 0 || rest.length === 0) throw new RangeError("Both groups need at least one value");
  return cliffsDeltaOfU(uInPool(group, rankedPool([...group, ...rest])), group.length, rest.length);
}

/** Cliff's delta from Mann–Whitney's U of the group (sizes n1 and n2): a test's statistic gives it without ranking again. */
export const cliffsDeltaOfU = (u: number, n1: number, n2: number): number => (2 * u) / (n1 * n2) - 1;

/** The band of Cliff's delta (Romano et al. 2006: below 0.147 negligible, 0.33 small, 0.474 medium, else large). */
export function cliffsDeltaBand(delta: number): EffectBand {
  const size = Math.abs(delta);
  if (size < 0.147) return "negligible";
  if (size < 0.33) return "small";
  if (size < 0.474) return "medium";
  return "large";
}
