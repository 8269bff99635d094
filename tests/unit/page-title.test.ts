import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createInstance } from "i18next";
import en from "~/platform/i18n/locales/en";
import zhCN from "~/platform/i18n/locales/zh-CN";
import { pageTitle, titleOfMatches } from "~/platform/i18n/page-title";
import { messageText } from "~/platform/i18n/page-message";
import { pageMessage } from "~/platform/i18n/page-message";

/** ADR 0080: a route names its document title in its handle; the root writes it in the reader's language. */
describe("page titles", () => {
  const userPage = pageTitle<() => { user: { name: string } }>((data) =>
    data?.user.name ? pageMessage("titles.user", { name: data.user.name }) : pageMessage("titles.userUnknown"),
  );

  it("takes the deepest route that names a title, with its loader's data", () => {
    const matches = [
      { handle: { i18n: "common" }, data: {} },
      { handle: pageTitle("titles.users"), data: {} },
      { handle: userPage, data: { user: { name: "张伟" } } },
    ];
    expect(titleOfMatches(matches)).toEqual({ key: "titles.user", values: { name: "张伟" } });
    expect(titleOfMatches(matches.slice(0, 2))).toEqual({ key: "titles.users" });
    // No data (the loader threw): the title without the name.
    expect(titleOfMatches([{ handle: userPage, data: undefined }])).toEqual({ key: "titles.userUnknown" });
    // No route names one: the root's meta gives "PMR".
    expect(titleOfMatches([{ handle: { i18n: "common" } }, { handle: undefined }])).toBeNull();
  });

  it("says the title in the reader's language, names as they are", async () => {
    const i18n = createInstance();
    await i18n.init({ resources: { en: { common: en }, "zh-CN": { common: zhCN } }, defaultNS: "common", interpolation: { escapeValue: false } });
    const title = titleOfMatches([{ handle: userPage, data: { user: { name: "Łukasz Żółć" } } }])!;
    expect(messageText(i18n.getFixedT("en"), title)).toBe("Łukasz Żółć - PMR");
    expect(messageText(i18n.getFixedT("en"), { key: "titles.home" })).toBe("Home | PMR");
    expect(messageText(i18n.getFixedT("zh-CN"), { key: "titles.home" })).toBe("首页 | PMR");
  });

  it("no route gives a title twice (a handle's title and a meta title)", () => {
    const dir = join(process.cwd(), "app/routes");
    const both = readdirSync(dir)
      .filter((file) => file.endsWith(".tsx"))
      .filter((file) => {
        const source = readFileSync(join(dir, file), "utf8");
        return /pageTitle[<(]/.test(source) && /export const meta\b/.test(source);
      });
    expect(both).toEqual([]);
  });

  it("every route names its title in its handle: none is left on a meta title (ADR 0080)", () => {
    const dir = join(process.cwd(), "app/routes");
    const onMeta = readdirSync(dir)
      .filter((file) => /\.tsx?$/.test(file))
      .filter((file) => /export const meta\b[\s\S]*?title:/.test(readFileSync(join(dir, file), "utf8")));
    expect(onMeta).toEqual([]);
  });
});
