import { describe, expect, it } from "vitest";
import { createInstance, type TFunction } from "i18next";
import i18nConfig from "~/platform/i18n/i18n";
import { serverResources } from "~/platform/i18n/resources.server";
import { storedMessage, storedMessageText, storedTextFor } from "~/platform/i18n/stored-text";
import { storedText } from "~/platform/i18n/stored-text.server";
import { rowJobOutcome, jobMessageData, type JobText } from "~/features/jobs/runner.server";
import { PHASE } from "~/features/jobs/types/participants/common.server";
import { DIRECTORY_PHASE } from "~/features/jobs/types/directory/handler.server";
import { QUESTIONNAIRE_PHASE } from "~/features/jobs/types/questionnaire.server";

/**
 * Issue 28 / ADR 0096: texts stored for later readers (jobs' phases and results, sign-off comments) keep their English
 * word for word (the API, the audit, existing readers) and carry a code that each reader sees in their language.
 */
async function translator(lng: string): Promise<TFunction> {
  const instance = createInstance();
  await instance.init({ ...i18nConfig, resources: serverResources, lng });
  return instance.t;
}

const verdict = (job: { totalRows: number; errorMode: string; failedRows: number; succeededRows: number }) => rowJobOutcome(job).message as JobText;
const english = (job: Parameters<typeof verdict>[0]) => verdict(job).text;

describe("a job's result as stored", () => {
  it("keeps the English of every outcome, singular and plural, exactly as before", () => {
    expect(english({ totalRows: 0, errorMode: "VALID_ONLY", failedRows: 0, succeededRows: 0 })).toBe("The file has no rows");
    expect(english({ totalRows: 1, errorMode: "ALL_OR_NOTHING", failedRows: 1, succeededRows: 0 })).toBe("1 of 1 row has errors; nothing was committed");
    expect(english({ totalRows: 8, errorMode: "ALL_OR_NOTHING", failedRows: 6, succeededRows: 0 })).toBe("6 of 8 rows have errors; nothing was committed");
    expect(english({ totalRows: 5, errorMode: "ALL_OR_NOTHING", failedRows: 2, succeededRows: 1 })).toBe("2 of 5 rows became invalid while saving; 1 row had been committed");
    expect(english({ totalRows: 5, errorMode: "ALL_OR_NOTHING", failedRows: 2, succeededRows: 3 })).toBe("2 of 5 rows became invalid while saving; 3 rows had been committed");
    expect(english({ totalRows: 7, errorMode: "VALID_ONLY", failedRows: 5, succeededRows: 2 })).toBe("2 of 7 rows committed; 5 rows with errors were skipped");
    expect(english({ totalRows: 4, errorMode: "VALID_ONLY", failedRows: 1, succeededRows: 3 })).toBe("3 of 4 rows committed; 1 row with errors was skipped");
    expect(english({ totalRows: 1, errorMode: "VALID_ONLY", failedRows: 0, succeededRows: 1 })).toBe("1 of 1 row committed");
    expect(english({ totalRows: 3, errorMode: "ALL_OR_NOTHING", failedRows: 0, succeededRows: 3 })).toBe("3 of 3 rows committed");
    expect(PHASE).toEqual({ checking: "Checking rows", saving: "Saving rows", populating: "Creating participants", writing: "Writing the file" });
    expect(DIRECTORY_PHASE).toEqual({ checking: "Checking rows", creating: "Creating new users", saving: "Saving users" });
    expect(QUESTIONNAIRE_PHASE).toEqual({ checking: "Checking rows", saving: "Saving the questionnaire" });
  });

  it("is shown in the reader's language through its code, nested results too", async () => {
    const zh = await translator("zh-CN");
    const result = verdict({ totalRows: 7, errorMode: "VALID_ONLY", failedRows: 5, succeededRows: 2 });
    const data = jobMessageData(result);
    expect(data.message).toBe("2 of 7 rows committed; 5 rows with errors were skipped");
    const message = storedMessage(data.message, data.messageCode);
    expect(message).toEqual({ key: "storedTexts.jobs.committedSkipped", values: { count: 7, failed: 5, committed: 2 } });
    expect(storedMessageText(zh, message!)).toBe("共 7 行，已提交 2 行；跳过了 5 行有错误的数据");

    const { key, values } = verdict({ totalRows: 3, errorMode: "ALL_OR_NOTHING", failedRows: 0, succeededRows: 3 }).code;
    const directory = storedText("storedTexts.jobs.directoryCounts", { result: { key, values }, created: 3, updated: 0, deactivated: 0, reactivated: 0, unchanged: 0 });
    expect(directory.text).toBe("3 of 3 rows committed (3 created, 0 updated, 0 deactivated, 0 reactivated, 0 unchanged)");
    expect(storedTextFor(zh, directory.text, storedMessage(directory.text, directory.code))).toBe("共 3 行，已提交 3 行（新建 3，更新 0，停用 0，重新启用 0，未变 0）");
  });

  it("shows a text as it is when it has no code, or when the code stands for another text", async () => {
    const zh = await translator("zh-CN");
    const phase = storedText("storedTexts.jobs.phase.saving");
    expect(storedMessage("Saving rows", phase.code)).toEqual({ key: "storedTexts.jobs.phase.saving" });
    expect(storedTextFor(zh, "Saving rows", storedMessage("Saving rows", phase.code))).toBe("正在保存各行");
    // The result written over the phase by something that left the phase's code: the result, as it is.
    expect(storedMessage("Worker lost; 3 rows had been committed", phase.code)).toBeNull();
    expect(storedTextFor(zh, "An old English result", storedMessage("An old English result", null))).toBe("An old English result");
    expect(storedMessage("x", { key: "k", values: [1], en: "x" })).toBeNull();
  });

  it("a sign-off comment's prefix in the reader's language, the comment as written", async () => {
    const zh = await translator("zh-CN");
    const { text, code } = storedText("storedTexts.calibrationComment.revisionRequested", { comment: "请重新评估 Łukasz 的评级" });
    expect(text).toBe("Revision requested: 请重新评估 Łukasz 的评级");
    expect(storedTextFor(zh, text, storedMessage(text, code))).toBe("要求修改：请重新评估 Łukasz 的评级");
  });
});
