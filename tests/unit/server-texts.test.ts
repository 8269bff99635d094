import { createInstance, type i18n as I18n } from "i18next";
import { describe, expect, it } from "vitest";
import { rememberPlainTexts } from "~/entry.server";

/** Issue 27, ADR 0102: the server's shared i18next instances remember texts without values, and only those. */
async function instance(lng: string) {
  const i18n = createInstance();
  await i18n.init({
    lng,
    fallbackLng: "en",
    defaultNS: "common",
    interpolation: { escapeValue: false },
    resources: {
      en: { common: { nav: { home: "Home" }, hello: "Hello {{name}}", item_one: "{{count}} item", item_other: "{{count}} items", onlyEn: "Only in English" } },
      "zh-CN": { common: { nav: { home: "首页" }, hello: "你好，{{name}}", item_other: "{{count}} 项" } },
    },
  });
  return rememberPlainTexts(i18n);
}

/** react-i18next's fixed t, untyped (the test's keys are not the app's). */
type LooseT = (key: string, options?: Record<string, unknown>) => string;
const fixedT = (i18n: I18n, lng: string, keyPrefix?: string) =>
  (i18n as unknown as { getFixedT: (lng: string, ns: string, keyPrefix?: string) => LooseT }).getFixedT(lng, "common", keyPrefix);

describe("rememberPlainTexts", () => {
  it("answers plain texts as i18next does, through react-i18next's fixed t (key prefix, fallback language)", async () => {
    const en = await instance("en");
    const zh = await instance("zh-CN");
    for (let i = 0; i < 2; i++) {
      expect(fixedT(en, "en")("nav.home")).toBe("Home");
      expect(fixedT(en, "en", "nav")("home")).toBe("Home");
      expect(fixedT(zh, "zh-CN")("nav.home")).toBe("首页");
      expect(fixedT(zh, "zh-CN")("onlyEn")).toBe("Only in English");
      expect((en.t as unknown as LooseT)("nav.home")).toBe("Home");
    }
  });

  it("never remembers a text with values, a count or other options", async () => {
    const en = await instance("en");
    const t = fixedT(en, "en");
    expect(t("hello", { name: "Ada" })).toBe("Hello Ada");
    expect(t("hello", { name: "Grace" })).toBe("Hello Grace");
    expect(t("item", { count: 1 })).toBe("1 item");
    expect(t("item", { count: 3 })).toBe("3 items");
    expect(t("missing.key", { defaultValue: "A default" })).toBe("A default");
    expect(t("missing.key", { defaultValue: "Another" })).toBe("Another");
    const zh = await instance("zh-CN");
    expect(fixedT(zh, "zh-CN")("hello", { name: "阿达" })).toBe("你好，阿达");
  });

  it("keeps languages apart on one instance (an explicit lng)", async () => {
    const en = await instance("en");
    expect(fixedT(en, "en")("nav.home")).toBe("Home");
    expect(fixedT(en, "zh-CN")("nav.home")).toBe("首页");
    expect(fixedT(en, "en")("nav.home")).toBe("Home");
  });
});
