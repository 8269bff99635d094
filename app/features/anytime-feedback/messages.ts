import type { TranslationKey } from "~/platform/i18n/locales/types";
import { BODY_MAX_LENGTH } from "~/features/anytime-feedback/rules";

/**
 * The page action's answers (pages.server.ts, the service's and the contract's English, as the API says them) as
 * translation keys (issue 28). PURE. The action's messages are a closed set: each is matched here; a message not
 * known (an unexpected failure) reads as the generic `anytime.result.failed`, never as English on a Chinese page.
 */
export type AnytimeMessage = { key: TranslationKey; values?: Record<string, string | number> };

const EXACT: Record<string, TranslationKey> = {
  "Marked as read": "anytime.result.read",
  "Enter a valid email address": "anytime.result.invalidEmail",
  "Write your feedback": "anytime.result.writeFeedback",
  "No user with this email": "anytime.result.noUser",
  "You cannot give feedback to yourself": "anytime.result.yourself",
  "This person is no longer active": "anytime.result.inactive",
  [`At most ${BODY_MAX_LENGTH} characters`]: "anytime.result.tooLong",
};

export function anytimeMessage(message: string): AnytimeMessage {
  const exact = EXACT[message];
  if (exact) return { key: exact, values: { max: BODY_MAX_LENGTH } };
  const sent = /^Feedback sent to (.+)$/.exec(message);
  if (sent) return { key: "anytime.result.sent", values: { name: sent[1]! } };
  const long = /^At most (\d+) characters \((\d+) now\)$/.exec(message);
  if (long) return { key: "anytime.result.tooLongNow", values: { max: Number(long[1]), length: Number(long[2]) } };
  return { key: "anytime.result.failed" };
}
