import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { PageMessage } from "~/platform/i18n/page-message";

/**
 * The "Personal data" card's server sentences as translation keys (issue 28, ADR 0078's pattern). PURE. The card's
 * actions answer in English (pageAction, the service's refusals); the card says each through its key; unknown: `failed`.
 */
const EXACT: Record<string, TranslationKey> = {
  "This person's personal data has already been erased": "privacy.result.alreadyErased",
  "Deactivate the person before erasing their personal data": "privacy.result.deactivateFirst",
  "Type the person's email exactly to confirm the erasure": "privacy.result.mismatch",
  "Type the person's email to confirm": "privacy.result.typeEmail",
};

const PATTERNS: Array<[RegExp, TranslationKey]> = [
  [/^Export started \(job (\d+)\)$/, "privacy.result.exportStarted"],
  [/^Erasure started \(job (\d+)\)$/, "privacy.result.erasureStarted"],
  [/^Job (\d+) for this person is still running$/, "privacy.result.stillRunning"],
];

export function privacyMessage(message: string): PageMessage {
  const exact = EXACT[message];
  if (exact) return { key: exact };
  for (const [pattern, key] of PATTERNS) {
    const m = pattern.exec(message);
    if (m) return { key, values: { id: m[1]! } };
  }
  return { key: "privacy.result.failed" };
}
