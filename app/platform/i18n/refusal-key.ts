import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { PageMessage } from "~/platform/i18n/page-message";

/**
 * A refusal's key as the API hands it on (ADR 0108): an ApiError's `details.message_key` (and, for field errors,
 * `details.field_error_keys`), `{ key, values }` beside the English, written with `refusalDetails` where the rule
 * refuses. PURE: read by the pages' actions, which show the key in the reader's language and never the English.
 */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A key with values as the details hold it (values: strings and numbers), else null. */
export function pageMessageOf(value: unknown): PageMessage | null {
  if (!isRecord(value) || typeof value.key !== "string") return null;
  if (value.values === undefined) return { key: value.key as TranslationKey };
  if (!isRecord(value.values)) return null;
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(value.values)) {
    if (typeof v !== "string" && typeof v !== "number") return null;
    values[k] = v;
  }
  return { key: value.key as TranslationKey, values };
}

/** The key of a refusal's `details` (`message_key`), else null. */
export function refusalKeyOf(details: unknown): PageMessage | null {
  return isRecord(details) ? pageMessageOf(details.message_key) : null;
}

/** A refusal's `details`: what it already says (`extra`, e.g. the field or counts) and its key as `message_key`. */
export function refusalDetails<E extends Record<string, unknown>>(code: PageMessage, extra?: E): E & { message_key: PageMessage } {
  return { ...(extra ?? ({} as E)), message_key: code };
}
