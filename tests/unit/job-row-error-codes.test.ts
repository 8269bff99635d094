import { describe, expect, it } from "vitest";
import { createInstance, type TFunction } from "i18next";
import i18nConfig from "~/platform/i18n/i18n";
import { serverResources } from "~/platform/i18n/resources.server";
import { storedMessageText } from "~/platform/i18n/stored-text";
import { englishT } from "~/platform/i18n/stored-text.server";
import { headerRefusal } from "~/features/jobs/messages";
import { cellCountError, codedRowError, rowErrorData } from "~/features/jobs/types/csv-steps.server";
import { rowCellsReader } from "~/features/jobs/types/participants/row-cells";
import { ParticipantCreateSchema, ParticipantPatchSchema, participantIssueCode, validateParticipantRow } from "~/features/participants/schemas";

/**
 * Issue 28 / ADR 0100: a job's row errors and the CSV header refusal carry a key with values beside their English.
 * The English stays word for word (the API's message, JobRowError.message); the key says the same in every language.
 */
async function translator(lng: string): Promise<TFunction> {
  const instance = createInstance();
  await instance.init({ ...i18nConfig, resources: serverResources, lng });
  return instance.t;
}

/** The header sentence as csvHeaderCheck wrote it before it had a key. */
function oldHeaderSentence(missing: string[], unknown: string[], repeated: string[]): string {
  const parts = [
    missing.length ? `missing column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}` : null,
    unknown.length ? `unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((c) => c || "(blank)").join(", ")}` : null,
    repeated.length ? `repeated column${repeated.length > 1 ? "s" : ""} ${[...new Set(repeated)].join(", ")}` : null,
  ].filter(Boolean);
  return `Invalid CSV header: ${parts.join("; ")}`;
}

describe("the CSV header refusal", () => {
  const cases: Array<[string[], string[], string[]]> = [
    [["email"], [], []],
    [["email"], ["mail", "team"], []],
    [["reviewer_type", "question_id", "kind", "label"], ["type", "text"], []],
    [[], [""], ["email", "email"]],
    [["a"], ["b"], ["c"]],
    [[], [], ["email"]],
  ];

  it("keeps its English word for word", () => {
    for (const [missing, unknown, repeated] of cases) {
      const message = headerRefusal({ missing, unknown, repeated })!;
      expect(storedMessageText(englishT(), message)).toBe(oldHeaderSentence(missing, unknown, repeated));
    }
    expect(headerRefusal({ missing: [], unknown: [], repeated: [] })).toBeNull();
  });

  it("is one Chinese sentence with the column names as values, no English words", async () => {
    const zh = await translator("zh-CN");
    const text = storedMessageText(zh, headerRefusal({ missing: ["email"], unknown: ["mail", "team"], repeated: [] })!);
    expect(text).toBe("CSV 表头无效：缺少列 email；无法识别的列 mail, team");
    expect(text).not.toMatch(/missing|unknown|column|Invalid/);
  });
});

describe("a participant row's errors", () => {
  const rows: Array<Record<string, string>> = [
    { email: "" },
    { email: "not-an-email" },
    { email: "a@example.com", manager_email: "nope" },
    { email: "a@example.com", secondary_manager_email: "x" },
    { email: "a@example.com", hr_partner_email: "y@" },
    { email: "a@example.com", manager_email: "a@example.com" },
    { email: "a@example.com", secondary_manager_email: "a@example.com" },
    { email: "a@example.com", manager_email: "b@example.com", secondary_manager_email: "b@example.com" },
    { email: "a@example.com", hr_partner_email: "a@example.com" },
    { email: "a@example.com", reviewer_only: "maybe" },
  ];

  it("each has a key whose English is its message", () => {
    let seen = 0;
    for (const row of rows) {
      const result = validateParticipantRow(row);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      for (const e of result.errors) {
        expect(e.code, e.message).not.toBeNull();
        expect(storedMessageText(englishT(), e.code!)).toBe(e.message);
        seen++;
      }
    }
    expect(seen).toBeGreaterThanOrEqual(rows.length);
  });

  it("the quick reader hands on the schema's codes", () => {
    const read = rowCellsReader(["email", "manager_email", "reviewer_only"]);
    const self = read(["a@example.com", "a@example.com", "yes"]);
    expect(self.ok).toBe(false);
    if (!self.ok) expect(self.errors.map((e) => e.code?.key)).toEqual(["participants.result.managerSelf"]);
    const flag = read(["a@example.com", "", "maybe"]);
    expect(flag.ok).toBe(false);
    if (!flag.ok) expect(flag.errors.map((e) => e.code?.key)).toEqual(["participants.result.reviewerOnlyFlag"]);
  });

  it("the create and patch schemas' refusals have their keys too (missing value, wrong type, nothing to change)", () => {
    const create = ParticipantCreateSchema.safeParse({ email: 5, reviewer_only: "yes" });
    expect(create.success).toBe(false);
    for (const issue of create.error!.issues) expect(storedMessageText(englishT(), participantIssueCode(issue)!)).toBe(issue.message);
    const patch = ParticipantPatchSchema.safeParse({});
    expect(participantIssueCode(patch.error!.issues[0]!)).toEqual({ key: "participants.result.nothingToChange" });
    // An issue these schemas did not word (an unknown field) has no key: shown as it is.
    const strict = ParticipantPatchSchema.safeParse({ colour: "red" });
    expect(strict.error!.issues.map(participantIssueCode)).toContain(null);
  });

  it("reads in Chinese without English words", async () => {
    const zh = await translator("zh-CN");
    const result = validateParticipantRow({ email: "a@example.com", manager_email: "a@example.com" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(storedMessageText(zh, result.errors[0]!.code!)).toBe("经理不能是参与者本人");
  });
});

describe("a row error as stored", () => {
  it("renders its English from the key and stores the code with that English", () => {
    const e = cellCountError(7, 2, 5);
    expect(e.message).toBe("The row has 2 cells; the header has 5");
    expect(rowErrorData(3, e)).toEqual({
      jobId: 3,
      rowNumber: 7,
      column: null,
      message: "The row has 2 cells; the header has 5",
      messageCode: { key: "storedTexts.jobs.rows.cellCount", values: { cells: 2, columns: 5 }, en: "The row has 2 cells; the header has 5" },
    });
    const twice = codedRowError(4, "email", "storedTexts.jobs.rows.listedTwiceInFile", { email: "a@example.com", first: 2 });
    expect(twice.message).toBe("a@example.com is listed more than once in the file (first on row 2)");
  });

  it("a row error without a code is stored without one", () => {
    expect(rowErrorData(1, { rowNumber: 2, column: "x", message: "Something" }).messageCode).not.toHaveProperty("key");
  });
});
