import { describe, expect, it } from "vitest";
import { createInstance } from "i18next";
import en from "~/platform/i18n/locales/en";
import zhCN from "~/platform/i18n/locales/zh-CN";
import { loadTranslations, TRANSLATION_LOAD_TRIES } from "~/platform/i18n/load-language";
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoResources, pseudoString } from "~/platform/i18n/pseudo";
import i18nConfig from "~/platform/i18n/i18n";
import { serverResources } from "~/platform/i18n/resources.server";

describe("pseudo-language en-XA", () => {
  it("accents letters, lengthens by 40% and brackets, keeping placeholders and tags", () => {
    const text = pseudoString("Hello, {{name}} <0>more</0> $t(nav.home)");
    expect(text.startsWith(PSEUDO_OPEN) && text.endsWith(PSEUDO_CLOSE)).toBe(true);
    expect(text).toContain("Ĥéļļó");
    expect(text).toContain("{{name}}");
    expect(text).toContain("<0>");
    expect(text).toContain("$t(nav.home)");
    const english = "Give feedback to the people who asked you";
    expect(pseudoString(english).length).toBeGreaterThanOrEqual(Math.floor(english.length * 1.4));
  });
  it("covers every English key", () => {
    const pseudo = pseudoResources(en);
    expect(Object.keys(pseudo)).toEqual(Object.keys(en));
    expect(pseudo.nav.home).toBe(pseudoString(en.nav.home));
  });
});

describe("loading a language's strings", () => {
  it("retries up to 5 times with the delay doubling from 350 ms", async () => {
    const delays: number[] = [];
    let calls = 0;
    const strings = await loadTranslations(
      "zh-CN",
      async () => {
        calls += 1;
        if (calls < TRANSLATION_LOAD_TRIES) throw new Error("offline");
        return zhCN as typeof en;
      },
      async (ms) => void delays.push(ms),
    );
    expect(strings.nav.home).toBe("首页");
    expect(calls).toBe(5);
    expect(delays).toEqual([350, 700, 1400, 2800]);
  });
  it("gives up after the fifth try", async () => {
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error("offline"));
    };
    await expect(loadTranslations("zh-CN", failing, async () => undefined)).rejects.toThrow("offline");
    expect(calls).toBe(5);
  });
});

describe("server rendering in Chinese", () => {
  it("translates, interpolates and falls back to English for a key a language lacks", async () => {
    const i18n = createInstance();
    await i18n.init({ ...i18nConfig, resources: serverResources, lng: "zh-CN" });
    expect(i18n.t("home.greeting", { name: "张伟" })).toBe("你好，张伟");
    expect(i18n.t("nav.moreBelowUnread", { count: 3 })).toBe("下方还有更多：3 条未读");
    await i18n.changeLanguage("en");
    expect(i18n.t("home.greeting", { name: "Łukasz" })).toBe("Hello, Łukasz");
  });
});
