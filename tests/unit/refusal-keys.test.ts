/**
 * Issue 28, ADR 0108: the participants service's, the user directory's and spoofing's refusals carry their text as a
 * key with values beside the API's English, decided where the rule refuses. The pages read the key (never the
 * English: a refusal that names no key reads as the page's generic failure). In English each key reads exactly as
 * the API's sentence; in Chinese in Chinese, with the emails and names kept.
 */
import { describe, expect, it } from "vitest";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import { ApiError } from "~/platform/api.server";
import { translator } from "../support/translator";
import { failureFromDetails, fieldMessagesOf, issueDetails } from "~/features/participants/refusals";
import { ParticipantCreateSchema, ParticipantPatchSchema, type CodedIssue } from "~/features/participants/schemas";
import { managerCycleRefusal, normalizeDirectoryInput, personLinkRefusal, type FieldRefusal } from "~/features/users/directory-rules";
import { refusalDetails, refusalKeyOf } from "~/platform/i18n/refusal-key";
import { spoofFormError } from "~/features/users/spoof.server";

const en = translator("en");
const zh = translator("zh-CN");
const email = "zoë.żółć@example.com";

/** Chinese with no English word left but the values (emails, numbers, the date format). */
function expectChinese(message: PageMessage, keep: string[] = []) {
  let text = messageText(zh, message);
  expect(text).toMatch(/\p{Script=Han}/u);
  for (const value of keep) {
    expect(text).toContain(value);
    text = text.replace(value, "");
  }
  expect(text.replace("YYYY-MM-DD", "")).not.toMatch(/[A-Za-z]{3,}/);
}

describe("participants: a refusal's details hold its keys, and the page reads only them", () => {
  const issues: CodedIssue[] = [
    { column: "manager_email", message: "Manager must differ from the participant", code: { key: "participants.result.managerSelf" } },
    { column: "hr_partner_email", message: `No user with email ${email}`, code: { key: "participants.result.noUser", values: { email } } },
    { column: null, message: "Something odd", code: null },
  ];

  it("issueDetails keeps the English by field and adds the keys in the same order", () => {
    const details = issueDetails({ key: "participants.result.invalidInput" }, issues);
    expect(details).toEqual({
      formErrors: ["Something odd"],
      fieldErrors: { manager_email: ["Manager must differ from the participant"], hr_partner_email: [`No user with email ${email}`] },
      form_error_keys: [null],
      field_error_keys: { manager_email: [{ key: "participants.result.managerSelf" }], hr_partner_email: [{ key: "participants.result.noUser", values: { email } }] },
      message_key: { key: "participants.result.invalidInput" },
    });
    for (const issue of issues) if (issue.code) expect(messageText(en, issue.code)).toBe(issue.message);
  });

  it("failureFromDetails: field errors by their keys, one without a key as the generic invalid input", () => {
    const failure = failureFromDetails(422, issueDetails({ key: "participants.result.invalidInput" }, issues), "participants.result.saveFailed");
    expect(failure).toEqual({
      status: 422,
      formError: null,
      fieldErrors: {
        manager_email: [{ key: "participants.result.managerSelf" }],
        hr_partner_email: [{ key: "participants.result.noUser", values: { email } }],
        form: [{ key: "participants.result.invalidInput" }],
      },
    });
    expectChinese(failure.fieldErrors.hr_partner_email![0]!, [email]);
  });

  it("failureFromDetails: a refusal of no field is its own key; English alone (no key) is the page's generic failure", () => {
    const code = { key: "participants.result.hasFeedback" as const, values: { email } };
    const details = refusalDetails(code, { feedback_about: 1, feedback_by: 0 });
    expect(details).toEqual({ feedback_about: 1, feedback_by: 0, message_key: code });
    expect(failureFromDetails(409, details, "participants.result.deleteFailed")).toEqual({ status: 409, formError: code, fieldErrors: {} });
    expect(messageText(en, code)).toBe(`${email} cannot be deleted: feedback about or by them exists in this cycle`);
    expectChinese(code, [email]);
    // The English sentences are never read back into keys.
    const englishOnly = { formErrors: [], fieldErrors: { email: [`${email} is already a participant of this cycle`] } };
    expect(failureFromDetails(409, englishOnly, "participants.result.saveFailed")).toEqual({ status: 409, formError: { key: "participants.result.saveFailed" }, fieldErrors: {} });
    expect(failureFromDetails(404, null, "participants.result.deleteFailed").formError).toEqual({ key: "participants.result.deleteFailed" });
    // A malformed key is not shown.
    expect(failureFromDetails(409, { message_key: { key: 7 } }, "participants.result.saveFailed").formError).toEqual({ key: "participants.result.saveFailed" });
  });

  it("fieldMessagesOf: a form's zod failure by column, each key from what the issue is, reading as its English", () => {
    const create = ParticipantCreateSchema.safeParse({ email: "", manager_email: "not-an-email", hr_partner_email: "x@y.org" });
    expect(create.success).toBe(false);
    expect(fieldMessagesOf(create.error!)).toEqual({
      email: [{ key: "participants.result.required.email" }],
      manager_email: [{ key: "participants.result.invalidEmail.manager" }],
    });
    for (const issue of create.error!.issues) {
      const column = issue.path[0] as "email" | "manager_email";
      const [message] = fieldMessagesOf(create.error!)[column]!;
      expect(messageText(en, message!)).toBe(issue.message);
      expectChinese(message!);
    }
    const same = ParticipantCreateSchema.safeParse({ email: "a@b.org", manager_email: "m@b.org", secondary_manager_email: "m@b.org" });
    expect(fieldMessagesOf(same.error!)).toEqual({ secondary_manager_email: [{ key: "participants.result.secondaryManager" }] });
    const nothing = ParticipantPatchSchema.safeParse({});
    expect(fieldMessagesOf(nothing.error!)).toEqual({ form: [{ key: "participants.result.nothingToChange" }] });
  });
});

describe("the user directory's refusals carry their keys", () => {
  const self = { id: 1, email: "me@x.com" };
  const refusals: Array<[string, FieldRefusal | null, string[]]> = [];
  const normalized = (input: Parameters<typeof normalizeDirectoryInput>[0], requireIdentity: boolean) => {
    const result = normalizeDirectoryInput(input, requireIdentity);
    return result.ok ? null : result;
  };
  refusals.push(
    ["email required", normalized({ name: "N" }, true), []],
    ["invalid email", normalized({ email: "zoë@", name: "N" }, true), ["zoë@"]],
    ["name required", normalized({ email: "a@b.co", name: " " }, true), []],
    ["name too long", normalized({ name: "n".repeat(201) }, false), ["200"]],
    ["name control", normalized({ name: "a\u0001b" }, false), []],
    ["unknown role", normalized({ role: "KING" as never }, false), ["KING"]],
    ["job title too long", normalized({ job_title: "j".repeat(201) }, false), ["200"]],
    ["department control", normalized({ department: "a\u0000b" }, false), []],
    ["level too long", normalized({ level: "l".repeat(201) }, false), ["200"]],
    ["location control", normalized({ location: "a\u0007b" }, false), []],
    ["employee number too long", normalized({ employee_number: "E".repeat(65) }, false), ["64"]],
    ["employee number control", normalized({ employee_number: "E\u0001" }, false), []],
    ["manager email invalid", normalized({ manager_email: "nobody" }, false), ["nobody"]],
    ["start date", normalized({ start_date: "2024-02-30" }, false), ["2024-02-30"]],
    ["own manager", personLinkRefusal("manager_email", "me@x.com", { id: 1, active: true }, self), []],
    ["own secondary manager", personLinkRefusal("secondary_manager_email", "me@x.com", null, { id: null, email: "ME@x.com" }), []],
    ["own HR partner", personLinkRefusal("hr_partner_email", "me@x.com", { id: 1, active: true }, self), []],
    ["unknown manager", personLinkRefusal("manager_email", email, null, self), [email]],
    ["unknown secondary manager", personLinkRefusal("secondary_manager_email", email, null, self), [email]],
    ["unknown HR partner", personLinkRefusal("hr_partner_email", email, null, self), [email]],
    ["inactive manager", personLinkRefusal("manager_email", email, { id: 9, active: false }, self), [email]],
    ["inactive secondary manager", personLinkRefusal("secondary_manager_email", email, { id: 9, active: false }, self), [email]],
    ["inactive HR partner", personLinkRefusal("hr_partner_email", email, { id: 9, active: false }, self), [email]],
    ["management loop", managerCycleRefusal(1, 2, [1], email), [email]],
  );

  it.each(refusals)("%s: the key reads as the English in English, in Chinese in Chinese", (_what, refusal, keep) => {
    expect(refusal).not.toBeNull();
    expect(messageText(en, refusal!.code)).toBe(refusal!.message);
    expectChinese(refusal!.code, keep);
  });

  it("every refusal has a key of its own", () => {
    const keys = refusals.map(([, r]) => r!.code.key);
    expect(new Set(keys).size).toBe(keys.length - 1); // the two invalid emails (own and a person's) share one
  });

  it("refusalKeyOf reads details.message_key (and nothing from the English)", () => {
    expect(refusalKeyOf({ field: "email", message_key: { key: "users.refusal.emailTaken", values: { email } } })).toEqual({
      key: "users.refusal.emailTaken",
      values: { email },
    });
    expect(messageText(en, refusalKeyOf({ message_key: { key: "users.refusal.emailTaken", values: { email } } })!)).toBe(`A user with the email ${email} already exists`);
    expect(refusalKeyOf({ field: "email" })).toBeNull();
    expect(refusalKeyOf(null)).toBeNull();
    expect(refusalKeyOf({ message_key: { key: "users.refusal.emailTaken", values: { email: {} } } })).toBeNull();
  });
});

describe("spoofing's refusals on the pages", () => {
  it("spoofFormError answers the key of the refusal, else the generic failure — never the API's English", () => {
    const inactive = new ApiError(422, "spoof_not_allowed", "Zoë is not an active user", { message_key: { key: "users.spoofRefusal.inactive", values: { name: "Zoë" } } });
    expect(spoofFormError(inactive)).toEqual({ status: 422, error: { key: "users.spoofRefusal.inactive", values: { name: "Zoë" } } });
    expect(messageText(en, spoofFormError(inactive).error)).toBe("Zoë is not an active user");
    expectChinese(spoofFormError(inactive).error, ["Zoë"]);
    expect(spoofFormError(new ApiError(403, "forbidden", "You do not have access to this page"))).toEqual({ status: 403, error: { key: "users.spoofRefusal.failed" } });
    expect(() => spoofFormError(new Error("boom"))).toThrow("boom");
  });

  it("each spoof refusal's English is its key's English", () => {
    expect(en("users.spoofRefusal.alreadySpoofing")).toBe("You are already viewing another user; switch back to your own account first");
    expect(en("users.spoofBlocked.self")).toBe("You cannot spoof yourself");
    expect(en("users.spoofBlocked.superAdmin")).toBe("A super admin cannot be spoofed");
    expect(en("users.spoofRefusal.noUser", { email })).toBe(`No user with the email ${email}`);
    expect(en("users.spoofRefusal.notSpoofing")).toBe("You are not viewing another user");
  });
});
