import { describe, expect, it } from "vitest";
import { attributeName, gapText, groupName, valueName } from "~/features/insights/group-names";
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

  it("name the people with no value inside a gap's words, as the sentence's subject or after 'Feedback about'", () => {
    const test = { test: "mann_whitney_exact", pValue: 0.2, statistic: 3, significant: false } as const;
    const mean = gapWords({ kind: "mean", group: null, groupMean: 5, restMean: 3.25, test });
    expect(mean[0]!.values!.group).toBe("");
    expect(gapText(en, mean)).toBe("People with no value were rated 1.8 higher on average than the others (5 against 3.3). This difference is not significant (p = 0.2): it may be chance.");
    const length = gapWords({ kind: "length", group: null, groupMean: 400, restMean: 175, test });
    expect(gapText(en, length)).toMatch(/^Feedback about people with no value was 225 characters longer/);
    expect(gapText(zh, mean)).toContain("未填写此项的人");
    expect(gapText(zh, length)).toContain("未填写此项的人");
    expect(gapText(zh, mean)).not.toMatch(/[a-z]{3}/i);
  });

  it("name a built-in attribute in the reader's language while it keeps its migration's name; a renamed or custom one as named", () => {
    expect(attributeName(zh, { key: "gender", name: "Gender" })).toBe("性别");
    expect(attributeName(zh, { key: "employment_type", name: "Employment type" })).toBe("雇佣类型");
    expect(attributeName(en, { key: "start_date", name: "Start date" })).toBe("Start date");
    expect(attributeName(zh, { key: "gender", name: "Sex" })).toBe("Sex");
    expect(attributeName(zh, { key: null, name: "Gender" })).toBe("Gender");
    expect(attributeName(zh, { name: "Cost center" })).toBe("Cost center");
  });
});
