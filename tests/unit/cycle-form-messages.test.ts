/**
 * Issue 28: the admin cycle form's server errors reach the page as keys (form-messages.server.ts), chosen by the zod
 * issue's field and code or the refusal's status, code and details. In English each key reads exactly as the schema's
 * or the service's English (the API's); in Chinese it reads in Chinese; nothing unknown shows the English.
 */
import { describe, expect, it } from "vitest";
import { messageText } from "~/platform/i18n/page-message";
import { ApiError, conflict, cycleNotFound } from "~/platform/api.server";
import { CycleCreateSchema, CyclePatchSchema } from "~/features/cycles/service.server";
import { cycleFieldMessages, cycleFormRefusal } from "~/features/cycles/form-messages.server";
import { STAGE_LABELS } from "~/features/cycles/rules";
import { translator } from "../support/translator";

const t = translator("en");
const zh = translator("zh-CN");

/** Every field's first English message of the schema beside the page's message for it, read in English. */
function both(schema: typeof CycleCreateSchema | typeof CyclePatchSchema, input: unknown) {
  const parsed = schema.safeParse(input);
  expect(parsed.success).toBe(false);
  const error = parsed.error!;
  const { fieldErrors, formError } = cycleFieldMessages(error);
  const english: Record<string, string> = {};
  for (const issue of error.issues) english[String(issue.path[0] ?? "form")] ??= issue.message;
  const page: Record<string, string> = Object.fromEntries(Object.entries(fieldErrors).map(([k, m]) => [k, messageText(t, m)]));
  if (formError) page.form = messageText(t, formError);
  return { english, page, fieldErrors };
}

describe("the cycle form's field errors", () => {
  const bad: Array<Record<string, unknown>> = [
    { name: "", start_date: "2031-13-01", planned_end_date: "01/02/2031", max_peers: Number.NaN, endorsement_rule: "all", endorsement_days: 1.5, peer_names: "everyone", upward_names: "all" },
    { name: "x".repeat(201), max_peers: 0, endorsement_days: 0 },
    { name: "ok", max_peers: 101, endorsement_days: 61 },
    { name: "ok", max_peers: 2.5, start_date: "2031-05-01", planned_end_date: "2031-04-01" },
  ];
  it.each(bad.map((input, i) => [i, input] as const))("case %i reads in English exactly as the schema's message", (_i, input) => {
    const { english, page } = both(CycleCreateSchema, input);
    expect(page).toEqual(english);
  });

  it("covers every field and says each in Chinese, not in English", () => {
    const { fieldErrors } = both(CycleCreateSchema, bad[0]);
    expect(Object.keys(fieldErrors).sort()).toEqual(["endorsement_days", "endorsement_rule", "max_peers", "name", "peer_names", "planned_end_date", "start_date", "upward_names"]);
    for (const message of Object.values(fieldErrors)) {
      const chinese = messageText(zh, message);
      expect(chinese).not.toBe(messageText(t, message));
      expect(chinese).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(messageText(zh, fieldErrors.name!)).toBe("请填写名称");
  });

  it("an empty patch is 'Nothing to change', a form-level refusal", () => {
    const { english, page } = both(CyclePatchSchema, {});
    expect(page).toEqual(english);
    expect(page.form).toBe("Nothing to change");
  });
});

describe("the cycle services' refusals", () => {
  it("reads each as the service's English, chosen by status, code and details", () => {
    const names = new ApiError(409, "reviewer_names_fixed", "Who sees reviewers' names cannot change once feedback has opened", { stage: "spu_feedback" });
    expect(messageText(t, cycleFormRefusal(names, "update", 3).formError!)).toBe(names.message);
    for (const stage of ["start", "spu_feedback", "manager_feedback", "calibration", "communication"] as const) {
      const started = conflict(`Cycle 7 is in stage '${STAGE_LABELS[stage]}'; only a cycle that has not started can be deleted`, { cycle_id: 7, reason: "CycleNotDraft", stage });
      const refusal = cycleFormRefusal(started, "delete", 7);
      expect(refusal.status).toBe(409);
      expect(messageText(t, refusal.formError!)).toBe(started.message);
      expect(messageText(zh, refusal.formError!)).toContain("只能删除尚未启动的周期");
    }
    expect(messageText(t, cycleFormRefusal(cycleNotFound(12), "update", 12).formError!)).toBe(cycleNotFound(12).message);
    const dates = new ApiError(422, "validation_failed", "Invalid input", { formErrors: [], fieldErrors: { planned_end_date: ["Planned end date must not be before the start date"] } });
    const refused = cycleFormRefusal(dates, "update", 3);
    expect(refused.formError).toBeNull();
    expect(messageText(t, refused.fieldErrors.planned_end_date!)).toBe("Planned end date must not be before the start date");
    expect(messageText(t, cycleFormRefusal(new ApiError(503, "service_unavailable", "x"), "create").formError!)).toBe("The workflow service is unavailable; the cycle was not created");
    expect(messageText(t, cycleFormRefusal(new ApiError(503, "service_unavailable", "x"), "update", 3).formError!)).toBe("The workflow service is unavailable, please try again");
  });

  it("says an unknown refusal as the generic failure, never its English", () => {
    const odd = new ApiError(409, "conflict", "Something only the API says", { reason: "CycleDeleted" });
    const refusal = cycleFormRefusal(odd, "update", 3);
    expect(messageText(t, refusal.formError!)).toBe("That did not work. Try again.");
    expect(messageText(zh, refusal.formError!)).toBe("操作未成功，请重试。");
  });
});
