import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  isTimeZone,
  negotiateLanguage,
  resolveLanguage,
  resolveTimeZone,
  timeZoneChoices,
} from "~/platform/i18n/preferences";
import { formatDate, formatDateTime, formatDay, formatNumber, nameCollator, sortByName } from "~/platform/i18n/format";
import { readEnv } from "~/platform/env.server";

describe("negotiateLanguage (Accept-Language against en and zh-CN)", () => {
  it.each([
    ["zh-CN", "zh-CN"],
    ["zh", "zh-CN"],
    ["zh-Hans", "zh-CN"],
    ["zh-Hans-CN", "zh-CN"],
    ["ZH-cn,en;q=0.5", "zh-CN"],
    ["en-US,en;q=0.9", "en"],
    ["en-GB", "en"],
    ["fr-FR,fr;q=0.9,zh-CN;q=0.8,en;q=0.7", "zh-CN"],
    ["fr-FR,en;q=0.8,zh;q=0.9", "zh-CN"],
    ["de;q=0.9,en;q=0.9,zh-CN;q=0.8", "en"],
    ["zh-TW,en;q=0.8", "en"],
    ["zh-TW", "zh-CN"],
    ["en-XA", "en-XA"],
  ])("%s → %s", (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });

  it("gives null when nothing fits or the header is empty or refuses a language (q=0)", () => {
    expect(negotiateLanguage("fr, de;q=0.5")).toBeNull();
    expect(negotiateLanguage("")).toBeNull();
    expect(negotiateLanguage(null)).toBeNull();
    expect(negotiateLanguage("*")).toBeNull();
    expect(negotiateLanguage("zh-CN;q=0, fr")).toBeNull();
    expect(negotiateLanguage("<script>, ;;;")).toBeNull();
  });
});

describe("resolveLanguage and resolveTimeZone", () => {
  it("takes the person's choice over the browser's, the browser's over en", () => {
    expect(resolveLanguage({ chosen: "zh-CN", acceptLanguage: "en-US" })).toBe("zh-CN");
    expect(resolveLanguage({ chosen: null, acceptLanguage: "zh-CN" })).toBe("zh-CN");
    expect(resolveLanguage({ chosen: null, acceptLanguage: "fr" })).toBe("en");
    expect(resolveLanguage({ chosen: "xx", acceptLanguage: null })).toBe("en");
    expect(resolveLanguage({ searchLanguage: "en-XA", chosen: "zh-CN" })).toBe("en-XA");
    expect(resolveLanguage({ searchLanguage: "fr", chosen: "zh-CN" })).toBe("zh-CN");
  });

  it("takes the person's zone, else the browser's, else the company's", () => {
    expect(resolveTimeZone({ chosen: "Asia/Shanghai", browser: "Europe/Berlin", companyDefault: "UTC" })).toBe("Asia/Shanghai");
    expect(resolveTimeZone({ chosen: null, browser: "Europe/Berlin", companyDefault: "UTC" })).toBe("Europe/Berlin");
    expect(resolveTimeZone({ chosen: null, browser: "Mars/Olympus", companyDefault: "America/New_York" })).toBe("America/New_York");
  });

  it("knows IANA zones and nothing else", () => {
    expect(isTimeZone("Asia/Shanghai")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("+08:00")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(canonicalTimeZone("asia/shanghai")).toBe("Asia/Shanghai");
    const zones = timeZoneChoices();
    expect(zones[0]).toBe("UTC");
    expect(zones).toContain("Asia/Shanghai");
    expect(new Set(zones).size).toBe(zones.length);
  });

  it("validates APP_TIME_ZONE at start (default UTC)", () => {
    expect(readEnv({}).APP_TIME_ZONE).toBe("UTC");
    expect(readEnv({ APP_TIME_ZONE: "Asia/Shanghai" }).APP_TIME_ZONE).toBe("Asia/Shanghai");
    expect(() => readEnv({ APP_TIME_ZONE: "Nowhere/Land" })).toThrow(/APP_TIME_ZONE/);
  });
});

describe("the reader's formatter", () => {
  const instant = "2026-12-01T16:30:00.000Z";
  it("shows an instant in the reader's zone with the zone named", () => {
    expect(formatDateTime(instant, { language: "en", timeZone: "Asia/Shanghai" })).toBe("Dec 2, 2026, 12:30 AM GMT+8");
    expect(formatDateTime(instant, { language: "en", timeZone: "UTC" })).toBe("Dec 1, 2026, 04:30 PM UTC");
    expect(formatDateTime(instant, { language: "zh-CN", timeZone: "Asia/Shanghai" })).toMatch(/2026年12月2日.*00:30/);
    expect(formatDateTime("not a date", { language: "en", timeZone: "UTC" })).toBe("—");
  });

  it("shows an instant's date in the reader's zone but a calendar day unshifted", () => {
    expect(formatDate(instant, { language: "en", timeZone: "Asia/Shanghai" })).toMatch(/Dec 2, 2026/);
    expect(formatDate(instant, { language: "en", timeZone: "America/Los_Angeles" })).toMatch(/Dec 1, 2026/);
    expect(formatDay("2026-12-01", { language: "en" })).toBe("Dec 1, 2026");
    expect(formatDay("2026-12-01", { language: "zh-CN" })).toBe("2026年12月1日");
  });

  it("formats numbers for the language", () => {
    expect(formatNumber(12345.6, { language: "en" })).toBe("12,345.6");
    expect(formatNumber(0.5, { language: "zh-CN" }, { style: "percent" })).toBe("50%");
  });

  it("sorts names by the language's collation", () => {
    const names = ["Zoë", "Łukasz Żółć", "anna", "Émile", "Bob"];
    expect([...names].sort(nameCollator("en"))).toEqual(["anna", "Bob", "Émile", "Łukasz Żółć", "Zoë"]);
    const chinese = ["张伟", "李娜", "王芳"];
    // Pinyin order in Chinese: Li, Wang, Zhang.
    expect([...chinese].sort(nameCollator("zh-CN"))).toEqual(["李娜", "王芳", "张伟"]);
  });

  it("orders a list of people by name for the reader, keeping the given order among equal names", () => {
    const people = [
      { name: "张伟", email: "b@example.com" },
      { name: "Łukasz Żółć", email: "l@example.com" },
      { name: "李娜", email: "n@example.com" },
      { name: "张伟", email: "a@example.com" },
    ];
    const emails = (list: typeof people) => list.map((p) => p.email);
    // Chinese collation: Han names first, by pinyin (Li before Zhang), then Latin; English: Latin first.
    expect(emails(sortByName(people, "zh-CN", (p) => p.name))).toEqual(["n@example.com", "b@example.com", "a@example.com", "l@example.com"]);
    expect(emails(sortByName(people, "en", (p) => p.name))).toEqual(["l@example.com", "b@example.com", "a@example.com", "n@example.com"]);
    expect(people[0]!.email).toBe("b@example.com"); // a copy: the list itself is not reordered
  });
});

describe("<Time> under the root's reader", () => {
  it("renders an instant in the reader's language and zone, the UTC instant in dateTime", async () => {
    const { createElement } = await import("react");
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { ReaderProvider } = await import("~/platform/i18n/reader-context");
    const { Time } = await import("~/platform/i18n/time");
    const html = (language: string, timeZone: string, value: string | null) =>
      renderToStaticMarkup(createElement(ReaderProvider, { reader: { language, timeZone }, children: createElement(Time, { value }) }));
    expect(html("en", "Asia/Shanghai", "2026-12-01T16:30:00.000Z")).toBe('<time dateTime="2026-12-01T16:30:00.000Z">Dec 2, 2026, 12:30 AM GMT+8</time>');
    expect(html("zh-CN", "UTC", "2026-12-01T16:30:00.000Z")).toContain("2026年12月1日");
    expect(html("en", "UTC", null)).toBe("—");
  });
});
