import { describe, expect, it } from "vitest";
import { createInstance } from "i18next";
import en from "~/platform/i18n/locales/en";
import zhCN from "~/platform/i18n/locales/zh-CN";
import { NAME_GROUPS, groupRuleText, type NameVisibility } from "~/features/cycles/reviewer-names";
import { NAMES_RULE_KEYS, namesRuleKeys } from "~/features/cycles/reviewer-names-keys";

/** The summaries' rule on reviewers' names in keys (issue 28): English keeps the API's sentences exactly. */
describe("the reviewers' names rule in keys", () => {
  const SETTINGS: NameVisibility[] = ["nobody", "managers", "managers_and_calibration"];
  const i18n = createInstance();
  i18n.init({ lng: "en", resources: { en: { translation: en }, "zh-CN": { translation: zhCN } }, interpolation: { escapeValue: false } });

  it("says in English what groupRuleText says, for every group and setting", () => {
    for (const group of NAME_GROUPS) {
      for (const setting of SETTINGS) {
        const names = { peer: setting, upward: setting };
        expect(i18n.t(NAMES_RULE_KEYS[group][setting], { lng: "en" })).toBe(groupRuleText(names, group));
      }
    }
  });

  it("gives one key a group in order, each translated into Chinese", () => {
    const keys = namesRuleKeys({ peer: "nobody", upward: "managers" });
    expect(keys).toEqual([NAMES_RULE_KEYS.peer.nobody, NAMES_RULE_KEYS.upward.managers]);
    for (const key of keys) expect(i18n.t(key, { lng: "zh-CN" })).toMatch(/\p{Script=Han}/u);
  });
});
