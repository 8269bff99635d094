import { describe, expect, it } from "vitest";
import { createInstance, type TFunction } from "i18next";
import en from "~/platform/i18n/locales/en";
import zhCN from "~/platform/i18n/locales/zh-CN";
import { checkQuestionnaire, checkQuestionnaireDraft, checkQuestionnaireJson, type PageIssue } from "~/features/questionnaires/validation";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";

/**
 * ADR 0093: the JSON builder hears the questionnaire's problems as keys with values, by the same rules as the API.
 * Said in English they are the API's messages word for word; in Chinese every one is translated.
 */
async function translators(): Promise<{ en: TFunction; zh: TFunction }> {
  const i18n = createInstance();
  await i18n.init({ resources: { en: { common: en }, "zh-CN": { common: zhCN } }, defaultNS: "common", interpolation: { escapeValue: false } });
  return { en: i18n.getFixedT("en"), zh: i18n.getFixedT("zh-CN") };
}

const say = (t: TFunction, issues: PageIssue[]) => issues.map((i) => ({ path: i.path, message: t(i.key, i.values ?? {}) as string }));

const text = (id: string, extra: Record<string, unknown> = {}) => ({ id, kind: "text", label: `Question ${id}`, required: true, ...extra });
const rating = (id: string, extra: Record<string, unknown> = {}) => ({ id, kind: "rating", label: `Rate ${id}`, required: true, scale: { min: 1, max: 5 }, ...extra });
const choice = (id: string, extra: Record<string, unknown> = {}) => ({ id, kind: "choice", label: `Pick ${id}`, required: false, options: ["Yes", "No"], ...extra });

/** Documents that break every rule of the format, one or more each. */
const BAD: unknown[] = [
  null,
  [],
  {},
  { STAKEHOLDER: [text("a")], PEER: [text("a")] },
  { SELF: [] },
  { SELF: "questions" },
  { SELF: Array.from({ length: 51 }, (_v, i) => text(`q${i}`)) },
  { PEER: [text("a"), rating("b"), text("a")] },
  { SELF: [text(""), text("Bad Id"), text("x".repeat(65)), { ...text("a"), id: 7 }] },
  { SELF: [{ ...text("a"), kind: "essay" }, text("b", { label: "   " }), text("c", { label: 3 }), text("d", { label: "y".repeat(501) })] },
  { SELF: [{ ...text("a"), required: "yes" }, text("b", { placeholder: "x" }), text("c", { help: "h".repeat(1001) }), text("d", { help: 1 })] },
  { SELF: [text("a", { options: ["x", "y"] }), rating("b", { options: ["x", "y"] }), choice("c", { options: ["only"] }), choice("d", { options: undefined })] },
  { SELF: [choice("a", { options: Array.from({ length: 21 }, (_v, i) => `o${i}`) }), choice("b", { options: ["Yes", "yes", " ", 4, "z".repeat(201)] }), choice("c", { options: "x" })] },
  { SELF: [text("a", { scale: { min: 1, max: 5 } }), rating("b", { scale: undefined }), rating("c", { scale: { min: 5, max: 5 } }), rating("d", { scale: { min: 1, max: 11 } })] },
  { SELF: [rating("a", { scale: { min: 1.5, max: 4 } }), rating("b", { scale: { min: -1, max: "5" } }), rating("c", { scale: { min: 1, max: 5, labels: { "6": "Too far", one: "x", "2": " ", "3": 3, "4": "w".repeat(101) } } })] },
  { SELF: [rating("a", { scale: { min: 1, max: 5, extra: 1 } }), rating("b", { scale: "1-5" }), "a question", text("c", { max_length: 0 }), text("d", { max_length: 10_001 }), text("e", { max_length: 2.5 }), choice("f", { max_length: 10 })] },
];

describe("the JSON builder's problems as keys", () => {
  it("say in English exactly what the API says", async () => {
    const { en: t } = await translators();
    for (const value of BAD) {
      const api = checkQuestionnaire(value);
      const page = checkQuestionnaireDraft(JSON.stringify(value));
      expect(api.ok).toBe(false);
      expect(page.ok).toBe(false);
      if (api.ok || page.ok) continue;
      const apiMessages = api.issues.map((i) => ({ path: i.path, message: i.message }));
      // zod's own messages (a JSON value of the wrong type) are said as the type expected.
      const ownMessages = apiMessages.filter((m) => m.message.startsWith("Invalid input"));
      const pageMessages = say(t, page.issues);
      expect(pageMessages.filter((m) => !m.message.startsWith("Invalid input"))).toEqual(apiMessages.filter((m) => !ownMessages.includes(m)));
      expect(pageMessages.filter((m) => m.message.startsWith("Invalid input")).map((m) => m.path)).toEqual(ownMessages.map((m) => m.path));
    }
  });

  it("are all translated into Chinese, names and ids kept", async () => {
    const { zh } = await translators();
    for (const value of BAD) {
      const page = checkQuestionnaireDraft(JSON.stringify(value));
      if (page.ok) throw new Error("expected the questionnaire to be rejected");
      for (const issue of page.issues) {
        const message = zh(issue.key, issue.values ?? {}) as string;
        expect(message, issue.key).toMatch(/[\u4e00-\u9fff]/);
        expect(message, issue.key).not.toMatch(/\{\{/);
      }
    }
    const twice = checkQuestionnaireDraft(JSON.stringify({ PEER: [choice("b", { options: ["Ja", "ja"] })] }));
    expect(twice.ok || say(zh, twice.issues)).toEqual([{ path: ["PEER", 0, "options", 1], message: "选项“ja”重复" }]);
  });

  it("a JSON syntax error carries the parser's detail as a value", async () => {
    const { en: t } = await translators();
    const api = checkQuestionnaireJson('{ "SELF": [ }');
    const page = checkQuestionnaireDraft('{ "SELF": [ }');
    if (api.ok || page.ok) throw new Error("expected a syntax error");
    expect(page.issues).toEqual([{ path: [], key: "questionnaires.issues.notJson", values: { detail: expect.any(String) } }]);
    expect(say(t, page.issues)[0]!.message).toBe(api.issues[0]!.message);
  });

  it("a valid document is the API's value", () => {
    const page = checkQuestionnaireDraft(JSON.stringify(DEFAULT_QUESTIONNAIRE));
    expect(page).toEqual({ ok: true, questionnaire: DEFAULT_QUESTIONNAIRE });
  });
});
