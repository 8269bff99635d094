/**
 * Issue 29 (ADR 0103): a gap between a group and the others reaches the page as keys with values (the `insights`
 * section), read in English as the issue words it and in Chinese with the group's name (data) kept as it is.
 */
import { describe, expect, it } from "vitest";
import { type TFunction } from "i18next";
import type { PageMessage } from "~/platform/i18n/page-message";
import { gapWords, roundedP } from "~/features/insights/effect-words";
import { cliffsDelta, fisherExact, mannWhitney, meanDifference, rateDifference, type TestResult } from "~/features/insights/statistics";
import { translator } from "../support/translator";

const t = translator("en");
const zh = translator("zh-CN");
const say = (tf: TFunction, messages: PageMessage[]) => messages.map((m) => tf(m.key, m.values ?? {}) as string).join(" ");
const test = (pValue: number): TestResult => ({ test: "mann_whitney_normal", pValue, statistic: 0, significant: pValue < 0.05 });

describe("a gap in words", () => {
  it("a difference of means, not significant", () => {
    const words = gapWords({ kind: "mean", group: "Women", groupMean: 3.1, restMean: 3.5, test: test(0.4123) });
    expect(say(t, words)).toBe("Women were rated 0.4 lower on average than the others (3.1 against 3.5). This difference is not significant (p = 0.41): it may be chance.");
    expect(say(zh, words)).toBe("Women的平均评级比其他人低 0.4（3.1，其他人为 3.5）。 该差异不具有统计显著性（p = 0.41），可能只是偶然。");
  });

  it("a difference of rates in percentage points, significant, from the library's test", () => {
    const table = [
      [2, 15],
      [10, 3],
    ] as const;
    const rates = rateDifference(table);
    const words = gapWords({ kind: "rate", group: "Part-time", groupRate: rates.groupRate, restRate: rates.restRate, test: fisherExact(table) });
    expect(say(t, words)).toBe("Part-time: 12% against 77% for the others, 65 percentage points lower. This difference is significant (p < 0.001).");
    expect(say(zh, words)).toContain("低了 65 个百分点");
    const one = gapWords({ kind: "rate", group: "Paris", groupRate: 51, restRate: 50, test: test(0.9) });
    expect(say(t, one)).toContain("1 percentage point higher.");
  });

  it("a difference of ranks by its band", () => {
    const x = [0.8, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46];
    const y = [1.15, 0.88, 0.9, 0.74, 1.21];
    const words = gapWords({ kind: "rank", group: "Level 3", delta: cliffsDelta(x, y), test: mannWhitney(x, y) });
    expect(say(t, words)).toBe("Level 3 tend to be rated clearly higher than the others. This difference is not significant (p = 0.25): it may be chance.");
    expect(say(zh, words)).toBe("Level 3的评级往往明显高于其他人。 该差异不具有统计显著性（p = 0.25），可能只是偶然。");
  });

  it("equal means and rates say so; a significant p never reads as 0.05", () => {
    const same = meanDifference([3, 4], [4, 3]);
    expect(say(t, gapWords({ kind: "mean", group: "Berlin", groupMean: same.groupMean, restMean: same.restMean, test: test(1) }))).toContain("Berlin were rated the same on average as the others (3.5).");
    expect(say(t, gapWords({ kind: "rate", group: "Berlin", groupRate: 40.2, restRate: 39.8, test: test(1) }))).toContain("Berlin: 40%, the same as the others.");
    expect(say(t, gapWords({ kind: "mean", group: "A", groupMean: 2, restMean: 3, test: test(0.0496) }))).toContain("(p = 0.049)");
    expect(roundedP(0.031234)).toBe(0.031);
  });
});
