import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { PageMessage } from "~/platform/i18n/page-message";
import { pageMessageOf, refusalDetails, refusalKeyOf } from "~/platform/i18n/refusal-key";
import type { z } from "zod";
import { PARTICIPANT_CSV_COLUMNS, participantIssueCode, type CodedIssue, type ParticipantColumn } from "~/features/participants/schemas";

/**
 * A participant service's refusal carries its key where the rule decides it (issue 28, ADR 0108). PURE.
 *
 * The API keeps its English (`error.message`, `details.fieldErrors` / `details.formErrors`) and adds, in `details`, the
 * same texts as keys with values: `message_key` (the message), `field_error_keys` and `form_error_keys` (each field
 * error, in the same order; null for one without a key), the shape of a job's `message_key` (ADR 0096). The pages read
 * the keys (`failureFromDetails`), never the English.
 */

/** The field errors of a form as keys (the page's view): by column, and `form` for those of no field. */
export type ParticipantFieldMessages = Partial<Record<ParticipantColumn | "form", PageMessage[]>>;

/** A refused save or delete as the participant pages show it. */
export type ParticipantFormFailure = { status: number; formError: PageMessage | null; fieldErrors: ParticipantFieldMessages };

/** The `details` of a refusal by field issues (the English by column, as zod's flatten, and the keys beside them). */
export function issueDetails(code: PageMessage, issues: readonly CodedIssue[]) {
  const fieldErrors: Partial<Record<ParticipantColumn, string[]>> = {};
  const fieldKeys: Partial<Record<ParticipantColumn, Array<PageMessage | null>>> = {};
  const formErrors: string[] = [];
  const formKeys: Array<PageMessage | null> = [];
  for (const issue of issues) {
    if (issue.column) {
      (fieldErrors[issue.column] ??= []).push(issue.message);
      (fieldKeys[issue.column] ??= []).push(issue.code);
    } else {
      formErrors.push(issue.message);
      formKeys.push(issue.code);
    }
  }
  return refusalDetails(code, { formErrors, fieldErrors, form_error_keys: formKeys, field_error_keys: fieldKeys });
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Keys of a list (a field's errors): one without a key reads as `fallback`. */
const messagesOf = (list: unknown, fallback: TranslationKey): PageMessage[] => (Array.isArray(list) ? list.map((m) => pageMessageOf(m) ?? { key: fallback }) : []);

/**
 * A refusal's status and `details` as the form shows it: the field errors by their keys, else the refusal's own key,
 * else `fallback` (a refusal that names no key: the feature's generic failure in the reader's language).
 */
export function failureFromDetails(status: number, details: unknown, fallback: TranslationKey): ParticipantFormFailure {
  const d = isRecord(details) ? details : {};
  const fieldErrors: ParticipantFieldMessages = {};
  const byField = isRecord(d.field_error_keys) ? d.field_error_keys : {};
  for (const column of PARTICIPANT_CSV_COLUMNS) {
    const messages = messagesOf(byField[column], "participants.result.invalidInput");
    if (messages.length) fieldErrors[column] = messages;
  }
  const form = messagesOf(d.form_error_keys, "participants.result.invalidInput");
  if (form.length) fieldErrors.form = form;
  const formError = Object.keys(fieldErrors).length > 0 ? null : (refusalKeyOf(d) ?? { key: fallback });
  return { status, formError, fieldErrors };
}

/** A zod failure of the forms' schemas as keys: each issue under its column (else `form`), its key from what it is. */
export function fieldMessagesOf(error: z.ZodError): ParticipantFieldMessages {
  const out: ParticipantFieldMessages = {};
  for (const issue of error.issues) {
    const first = issue.path[0];
    const column = (PARTICIPANT_CSV_COLUMNS as readonly unknown[]).includes(first) ? (first as ParticipantColumn) : "form";
    (out[column] ??= []).push(participantIssueCode(issue) ?? { key: "participants.result.invalidInput" });
  }
  return out;
}
