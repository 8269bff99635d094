/**
 * Issue 28 (ADR 0107, 0108): the bulk jobs' last refusals without a key — an upload that is not multipart (415) and an
 * error mode a job type does not take (400) — carry their key in `details.message_key` (and as the pages' notice),
 * beside the API's English, which stays word for word: in English each key reads exactly as that English, in Chinese
 * in Chinese.
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "~/platform/api.server";
import { messageText, pageMessage } from "~/platform/i18n/page-message";
import { refusalKeyOf } from "~/platform/i18n/refusal-key";
import { noticeOf } from "~/platform/refusal-notice.server";
import { readUploadForm } from "~/features/jobs/upload.server";
import { JOB_TYPES } from "~/features/jobs/job-types.server";
import { ERROR_MODE_REFUSAL_KEYS } from "~/features/jobs/messages";
import { translator } from "../support/translator";

const en = translator("en");
const zh = translator("zh-CN");

describe("the jobs' refusals with keys", () => {
  it("an upload that is not multipart/form-data: 415 with the English as before and its key in the details and notice", async () => {
    const request = new Request("http://127.0.0.1/api/v1/admin/cycles/1/upload_participant_jobs", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const err = await readUploadForm(request).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    const refusal = err as ApiError;
    expect(refusal).toMatchObject({ status: 415, code: "unsupported_media_type", message: "Send the file as multipart/form-data (fields: file, error_mode)" });
    const key = refusalKeyOf(refusal.details);
    expect(key).toEqual(pageMessage("jobs.failure.notMultipart"));
    expect(noticeOf(refusal)).toEqual(key);
    expect(messageText(en, key!)).toBe(refusal.message);
    expect(messageText(zh, key!)).toMatch(/\p{Script=Han}/u);
  });

  it("every job type that restricts its error modes has its refusal's key, reading as the API's sentence", () => {
    const restricted = Object.values(JOB_TYPES).filter((def) => def?.errorModes);
    expect(restricted.length).toBeGreaterThan(0);
    for (const def of restricted) {
      const key = ERROR_MODE_REFUSAL_KEYS[def!.key];
      expect(key, def!.key).toBeDefined();
      // The sentence createJob answers (app/features/jobs/service.server.ts), unchanged.
      expect(messageText(en, pageMessage(key!))).toBe(`error_mode must be ${def!.errorModes!.join(" or ")} for ${def!.label.toLowerCase()} jobs`);
      const chinese = messageText(zh, pageMessage(key!));
      expect(chinese).toMatch(/\p{Script=Han}/u);
      expect(chinese.replace(/error_mode|all_or_nothing|valid_only/g, "")).not.toMatch(/[A-Za-z]{3,}/);
    }
  });
});
