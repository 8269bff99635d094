import type { TFunction } from "i18next";
import type { TranslationKey } from "~/platform/i18n/locales/types";

/**
 * A text an action sends to its page (a toast, a confirmation) as a key and its values, so the page says it in the
 * reader's language (ADR 0076): never an English sentence the page shows as it is. People's names are values.
 */
export type PageMessage = { key: TranslationKey; values?: Record<string, string | number> };

export function pageMessage(key: TranslationKey, values?: Record<string, string | number>): PageMessage {
  return values ? { key, values } : { key };
}

/** The message in the reader's language. */
export function messageText(t: TFunction, message: PageMessage): string {
  return t(message.key, message.values ?? {}) as string;
}
