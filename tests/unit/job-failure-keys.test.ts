/**
 * Issue 28 (ADR 0122): the last English inside the jobs' failures has keys. What the CSV parser found is a key by its
 * error code (a code it does not list: the fallback), and the questionnaire's reasons are the schema's own keys, whose
 * English is word for word what the English schema says; both read in Chinese with no English word left.
 */
import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { CSV_ERROR_KEYS, csvErrorMessage } from "~/features/jobs/csv-errors";
import { CSV_OPTIONS } from "~/features/jobs/files.server";
import { checkQuestionnaire, MAX_REASONS } from "~/features/jobs/types/questionnaire-issues";
import { QuestionnaireSchema } from "~/features/questionnaires/rules";
import { storedMessageText, type StoredMessage } from "~/platform/i18n/stored-text";
import { summaryAccess } from "~/features/summaries/visibility";
import { translator } from "../support/translator";

const en = translator("en");
const zh = translator("zh-CN");

/** Chinese with no English word (data and the names CSV / ids aside). */
function expectChinese(message: StoredMessage, data: RegExp = /$^/) {
  const chinese = storedMessageText(zh, message);
  expect(chinese).toMatch(/\p{Script=Han}/u);
  expect(chinese.replace(data, "").replace(/CSV/g, ""), chinese).not.toMatch(/[A-Za-z]{3,}/);
}

function parserError(text: string): unknown {
  try {
    parse(text, { ...CSV_OPTIONS, info: false });
  } catch (err) {
    return err;
  }
  throw new Error("csv-parse took it");
}

describe("what the CSV parser found, as keys", () => {
  it("an unclosed quote (what the job CSV options let through) is its key, not the parser's English", () => {
    const err = parserError('email\n"a@example.com\n');
    expect((err as { code: string }).code).toBe("CSV_QUOTE_NOT_CLOSED");
    expect(csvErrorMessage(err)).toEqual({ key: "jobs.failure.csv.quoteNotClosed" });
    const frame: StoredMessage = { key: "jobs.failure.notCsvNear", values: { row: 2, detail: csvErrorMessage(err) } };
    expect(storedMessageText(en, frame)).toBe("The file is not valid CSV near row 2: a quote opens a cell that no quote closes");
    expect(storedMessageText(zh, frame)).toBe("文件在第 2 行附近不是有效的 CSV：某个单元格以引号开头，但没有对应的结束引号");
  });

  it("the parser's other record errors have keys; an unknown code or an error not the parser's reads as the fallback", () => {
    const strict = (() => {
      try {
        parse('a,"b"c\n', { relax_quotes: false });
      } catch (err) {
        return err;
      }
      return null;
    })();
    expect(csvErrorMessage(strict)).toEqual({ key: "jobs.failure.csv.invalidClosingQuote" });
    expect(csvErrorMessage(Object.assign(new Error("x"), { code: "CSV_SOMETHING_NEW" }))).toEqual({ key: "jobs.failure.csv.unknown" });
    expect(csvErrorMessage(new Error("Job 3 has no input file"))).toEqual({ key: "jobs.failure.csv.unknown" });
    expect(csvErrorMessage("constructor")).toEqual({ key: "jobs.failure.csv.unknown" });
    for (const key of [...Object.values(CSV_ERROR_KEYS), "jobs.failure.csv.unknown" as const]) {
      expect(storedMessageText(en, { key })).not.toBe(key);
      expectChinese({ key });
    }
  });
});

describe("the questionnaire's reasons, as keys", () => {
  const question = (id: string) => ({ id, kind: "text", label: `Question ${id}`, required: false });

  it("each reason is the schema's key; the English is what the English schema says, joined as before", () => {
    const byType = { SELF: [question("same"), question("same")], PEER: Array.from({ length: 51 }, (_, i) => question(`q${i}`)) };
    const check = checkQuestionnaire(byType);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    const english = QuestionnaireSchema.safeParse(byType);
    expect(english.success).toBe(false);
    const issues = english.error!.issues;
    expect(issues.length).toBeGreaterThanOrEqual(2);
    expect(issues.length).toBeLessThanOrEqual(MAX_REASONS);
    expect(storedMessageText(en, check.message)).toBe(`The questionnaire is not valid: ${issues.map((i) => i.message).join("; ")}`);
    const reasons = check.message.values!.reasons as StoredMessage;
    for (const reason of Object.values(reasons.values!)) expect((reason as StoredMessage).key).toMatch(/^questionnaires\.issues\./);
    expectChinese(check.message, /same/g);
  });

  it("more than three reasons: three named and the rest counted; an issue of zod's own says where it is", () => {
    const byType = { SELF: [1, 2, 3, 4, 5], UNKNOWN_TYPE: [] };
    const check = checkQuestionnaire(byType);
    if (check.ok) throw new Error("accepted");
    const reasons = check.message.values!.reasons as StoredMessage;
    expect(reasons.key).toBe("storedTexts.jobs.stopped.reasons.more");
    expect(reasons.values!.more).toBe(QuestionnaireSchema.safeParse(byType).error!.issues.length - MAX_REASONS);
    expect(storedMessageText(en, check.message)).toMatch(/; and \d+ more$/);
    expectChinese(check.message, /SELF|UNKNOWN_TYPE|\d/g);
    const zodOwn = checkQuestionnaire({ SELF: [{ ...question("a"), colour: "red" }] });
    if (zodOwn.ok) throw new Error("accepted");
    const only = (zodOwn.message.values!.reasons as StoredMessage).values!.a as StoredMessage;
    expect(only).toEqual({ key: "storedTexts.jobs.stopped.unknownFields", values: { path: "SELF.0", fields: "colour" } });
    expect(storedMessageText(zh, zodOwn.message)).toBe("问卷无效：SELF.0 含有不接受的字段：colour");
  });
});

describe("the summary's refusals by relationship, as keys", () => {
  it("each door's refusal of an unrelated reader names its key, which reads as its English (the feedback archive fails with it)", () => {
    const subject = { userId: 1, managerId: 2, secondaryManagerId: 3 };
    const stranger = { userId: 9, isSuperAdmin: false };
    for (const door of ["own", "direct_report", "secondary_report", "admin"] as const) {
      const access = summaryAccess(door, stranger, subject, "communication");
      if (access.ok) throw new Error(`${door} admitted a stranger`);
      expect(access.key, door).toBeDefined();
      expect(storedMessageText(en, access.key!)).toBe(access.message);
      expectChinese(access.key!);
    }
  });
});
