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

/**
 * An address's `done=` value that carries a message as a key (the shell's AddressToasts shows it once as a toast, in
 * the reader's language): `?${doneParam(pageMessage("participants.result.saved", { email }))}`.
 */
export function doneParam(message: PageMessage): string {
  return new URLSearchParams({ done: JSON.stringify(message) }).toString();
}

/** The message a `done=` value carries as a key, or null for a plain text (shown as it is). */
export function doneMessage(done: string): PageMessage | null {
  if (!done.startsWith("{")) return null;
  try {
    const value = JSON.parse(done) as { key?: unknown; values?: unknown };
    if (typeof value.key !== "string") return null;
    const values = typeof value.values === "object" && value.values !== null ? (value.values as Record<string, string | number>) : undefined;
    return { key: value.key as TranslationKey, ...(values ? { values } : {}) };
  } catch {
    return null;
  }
}
