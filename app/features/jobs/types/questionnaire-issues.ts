import type { z } from "zod";
import { issueCodeOf, pageIssueSchema, type Questionnaire } from "~/features/questionnaires/rules";
import type { StoredMessage } from "~/platform/i18n/stored-text";

/**
 * Why a whole questionnaire is not valid, as keys (issue 28, ADR 0122): the questionnaire upload's last check
 * (QuestionnaireSchema over every row's question) fails the job with "The questionnaire is not valid: {{reasons}}", and
 * the reasons are the schema's own messages as their keys (`questionnaires.issues.*`, the coded schema of ADR 0093:
 * `pageIssueSchema`, read back with `issueCodeOf`), whose English is word for word the English schema's. An issue of zod's
 * own (no key) by its zod code and path (data): a property the schema does not take (`unknown_keys` of a question or
 * its scale, `unknownFields`), anything else where it is (`issueAt`). PURE.
 */

/** At most this many reasons are named; the rest are counted. */
export const MAX_REASONS = 3;
const REASON_KEYS = ["storedTexts.jobs.stopped.reasons.one", "storedTexts.jobs.stopped.reasons.two", "storedTexts.jobs.stopped.reasons.three"] as const;
const SLOTS = ["a", "b", "c"] as const;

/** One zod issue of the coded schema as its key and values. */
export function issueMessage(issue: z.core.$ZodIssue): StoredMessage {
  const code = issueCodeOf(issue.message);
  if (code) return code.values ? { key: code.key, values: code.values } : { key: code.key };
  const path = issue.path.map(String).join(".") || "-";
  if (issue.code === "unrecognized_keys") return { key: "storedTexts.jobs.stopped.unknownFields", values: { path, fields: issue.keys.join(", ") } };
  return { key: "storedTexts.jobs.stopped.issueAt", values: { path } };
}

/** The reasons of a failed check as one message ("a; b; c", then how many more). */
export function reasonsMessage(issues: readonly z.core.$ZodIssue[]): StoredMessage {
  const named = issues.slice(0, MAX_REASONS).map(issueMessage);
  const values: Record<string, StoredMessage | number> = Object.fromEntries(named.map((m, i) => [SLOTS[i], m]));
  if (issues.length > MAX_REASONS) return { key: "storedTexts.jobs.stopped.reasons.more", values: { ...values, more: issues.length - MAX_REASONS } };
  return { key: REASON_KEYS[Math.max(named.length, 1) - 1]!, values };
}

/** The questionnaire the questions make, or the message of why not (`storedTexts.jobs.stopped.questionnaireInvalid`). */
export function checkQuestionnaire(byType: unknown): { ok: true; questionnaire: Questionnaire } | { ok: false; message: StoredMessage } {
  const check = pageIssueSchema().safeParse(byType);
  if (check.success) return { ok: true, questionnaire: check.data };
  return { ok: false, message: { key: "storedTexts.jobs.stopped.questionnaireInvalid", values: { reasons: reasonsMessage(check.error.issues) } } };
}
