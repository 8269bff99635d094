import { describe, expect, it } from "vitest";
import { gapText, groupName, valueName } from "~/features/insights/group-names";
import { TENURE_BANDS, tenureBand } from "~/features/insights/bands";
import { gapWords } from "~/features/insights/effect-words";
import { translator } from "../support/translator";

const en = translator("en");
const zh = translator("zh-CN");

describe("the insight pages' group names", () => {
  it("read each tenure band in the reader's language (computed groups), an attribute's value as it is (data)", () => {
    expect(TENURE_BANDS.map((band) => valueName(en, band))).toEqual(["< 1 year", "1–2 years", "2–5 years", "5+ years"]);
    expect(TENURE_BANDS.map((band) => valueName(zh, band))).toEqual(["不满 1 年", "1–2 年", "2–5 年", "5 年及以上"]);
    expect(valueName(zh, tenureBand("2020-01-01", new Date(Date.UTC(2026, 6, 1))))).toBe("5 年及以上");
    expect(valueName(zh, "Woman")).toBe("Woman");
    expect(groupName(zh, { group: null, other: false })).toBe("未填写");
    expect(groupName(zh, { group: "2–5 years", other: false })).toBe("2–5 年");
    expect(groupName(zh, { group: "2–5 years", other: true })).not.toMatch(/[a-z]/i);
  });

  it("name a tenure band inside a gap's words in the reader's language", () => {
    const words = gapWords({ kind: "mean", group: "< 1 year", groupMean: 2.5, restMean: 3.5, test: { test: "mann_whitney_exact", pValue: 0.01, statistic: 3, significant: true } });
    expect(gapText(zh, words)).toContain("不满 1 年");
    expect(gapText(zh, words)).not.toMatch(/year/);
    expect(gapText(en, words)).toContain("< 1 year");
  });
});
