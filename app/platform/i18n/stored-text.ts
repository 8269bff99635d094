import type { TFunction } from "i18next";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { PageMessage } from "~/platform/i18n/page-message";

/**
 * A text the server keeps in the database for later readers — a job's phase or result, the prefix of a calibration
 * session's sign-off comment — as its English (the API's and the audit's words, unchanged) beside the same text as a
 * translation key with values, so that each reader sees it in their own language (docs/decisions/0096-…). PURE.
 *
 * The code names the English it was written with (`en`): a reader is given the key only while the stored text is
 * still that English. An old row (no code), or a text written later by something that left the code as it was, shows
 * as it is — never a wrong translation.
 */
export type StoredValue = string | number | StoredMessage;
export type StoredMessage = { key: TranslationKey; values?: Record<string, StoredValue> };
export type StoredCode = StoredMessage & { en: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function readMessage(value: unknown, depth = 0): StoredMessage | null {
  if (!isRecord(value) || typeof value.key !== "string" || depth > 2) return null;
  if (value.values === undefined) return { key: value.key as TranslationKey };
  if (!isRecord(value.values)) return null;
  const values: Record<string, StoredValue> = {};
  for (const [k, v] of Object.entries(value.values)) {
    if (typeof v === "string" || typeof v === "number") values[k] = v;
    else {
      const nested = readMessage(v, depth + 1);
      if (!nested) return null;
      values[k] = nested;
    }
  }
  return { key: value.key as TranslationKey, values };
}

/** A message as a refusal's `details.message_key` may hold it (a value may itself be a message), else null. */
export const storedMessageOf = (value: unknown): StoredMessage | null => readMessage(value);

/** The message a stored text is shown as: its code's key and values while the code stands for `text`, else null. */
export function storedMessage(text: string | null | undefined, code: unknown): StoredMessage | null {
  if (text == null || !isRecord(code) || code.en !== text) return null;
  return readMessage(code);
}

/** A stored message in `t`'s language (a nested message, e.g. a result inside "… (3 created, …)", first). */
export function storedMessageText(t: TFunction, message: StoredMessage): string {
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(message.values ?? {})) values[k] = typeof v === "object" ? storedMessageText(t, v) : v;
  return t(message.key, values) as string;
}

/** What a page shows for a stored text: the code in the reader's language when there is one, else the text as it is. */
export function storedTextFor(t: TFunction, text: string | null | undefined, message: StoredMessage | PageMessage | null | undefined): string {
  if (message) return storedMessageText(t, message as StoredMessage);
  return text ?? "";
}
