/**
 * Issue 29 §1 (ADR 0109): what a people attribute's value may be, per kind — the rule the directory page, the API, the
 * CSV import and SCIM share. Every refusal names a translation key that exists in English and Simplified Chinese.
 */
import { describe, expect, it } from "vitest";
import i18next from "i18next";
import en from "~/platform/i18n/locales/en";
import zhCN from "~/platform/i18n/locales/zh-CN";
import { ATTRIBUTE_VALUE_MAX_LENGTH, parseAttributeValue } from "~/features/insights/attribute-value-rules";

const ok = (kind: "category" | "date" | "number", raw: string) => {
  const r = parseAttributeValue(kind, raw);
  if (!r.ok) throw new Error(`${kind} ${JSON.stringify(raw)} refused: ${r.en}`);
  return r.value;
};
const refused = (kind: "category" | "date" | "number", raw: string) => {
  const r = parseAttributeValue(kind, raw);
  if (r.ok) throw new Error(`${kind} ${JSON.stringify(raw)} accepted as ${r.value}`);
  return r.key;
};

describe("category values", () => {
  it("are kept as written, trimmed, up to 100 characters (counted as characters, not UTF-16 units)", () => {
    expect(ok("category", "  Zeta-Gender-7 ")).toBe("Zeta-Gender-7");
    expect(ok("category", "女性")).toBe("女性");
    expect(ok("category", "x".repeat(ATTRIBUTE_VALUE_MAX_LENGTH))).toHaveLength(100);
    expect(ok("category", "😀".repeat(100))).toBe("😀".repeat(100));
  });
  it("refuse empty, too long and control characters", () => {
    expect(refused("category", "   ")).toBe("attributeValues.error.empty");
    expect(refused("category", "x".repeat(101))).toBe("attributeValues.error.tooLong");
    expect(refused("category", "part\ttime")).toBe("attributeValues.error.control");
    expect(refused("category", "a\nb")).toBe("attributeValues.error.control");
    expect(refused("category", "a\u0085b")).toBe("attributeValues.error.control");
    expect(refused("category", "a\u2028b")).toBe("attributeValues.error.control");
  });
});

describe("date values", () => {
  it("are yyyy-mm-dd real calendar days", () => {
    expect(ok("date", "2024-02-29")).toBe("2024-02-29");
    expect(ok("date", " 1999-12-31 ")).toBe("1999-12-31");
  });
  it("refuse impossible days and other formats", () => {
    for (const raw of ["2023-02-29", "2026-02-30", "2026-13-01", "2026-00-10", "2026-1-5", "31/12/2024", "2024-03-31T00:00:00Z", "1800-01-01", "tomorrow"])
      expect(refused("date", raw), raw).toBe("attributeValues.error.date");
  });
});

describe("number values", () => {
  it("are finite decimals stored canonical", () => {
    expect(ok("number", "37.5")).toBe("37.5");
    expect(ok("number", "+2")).toBe("2");
    expect(ok("number", "007")).toBe("7");
    expect(ok("number", "4.50")).toBe("4.5");
    expect(ok("number", "-0.0")).toBe("0");
    expect(ok("number", "-12")).toBe("-12");
    expect(ok("number", "0.25")).toBe("0.25");
    expect(ok("number", "123456789012345")).toBe("123456789012345");
  });
  it("refuse exponents, separators, words, infinities and more digits than a double holds", () => {
    for (const raw of ["1e3", "1,000", "1 000", "Infinity", "NaN", "0x10", ".5", "5.", "--1", "twelve"]) expect(refused("number", raw), raw).toBe("attributeValues.error.number");
    expect(refused("number", "1234567890123456")).toBe("attributeValues.error.numberDigits");
    expect(refused("number", "")).toBe("attributeValues.error.empty");
  });
});

describe("every refusal says itself in English and Simplified Chinese", () => {
  it("the English of the result is the English of its key, and zh-CN has the key", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "en", resources: { en: { common: en }, "zh-CN": { common: zhCN } }, defaultNS: "common", interpolation: { escapeValue: false } });
    const cases: Array<["category" | "date" | "number", string]> = [["category", ""], ["category", "a\tb"], ["category", "x".repeat(101)], ["date", "x"], ["number", "x"], ["number", "1".repeat(16)]];
    for (const [kind, raw] of cases) {
      const r = parseAttributeValue(kind, raw);
      if (r.ok) throw new Error("accepted");
      expect(i18n.t(r.key, { lng: "en" })).toBe(r.en);
      const zh = i18n.t(r.key, { lng: "zh-CN" });
      expect(zh).not.toBe(r.key);
      expect(zh).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe("a built-in attribute's name", () => {
  it("reads through its key while it keeps the migration's name; a renamed or custom one is data", async () => {
    const { builtInNameKey } = await import("~/features/insights/attribute-value-rules");
    expect(builtInNameKey({ key: "gender", name: "Gender" })).toBe("attributeValues.builtIn.gender");
    expect(builtInNameKey({ key: "start_date", name: "Start date" })).toBe("attributeValues.builtIn.start_date");
    expect(builtInNameKey({ key: "gender", name: "Sex" })).toBeNull();
    expect(builtInNameKey({ key: null, name: "Gender" })).toBeNull();
  });
});
