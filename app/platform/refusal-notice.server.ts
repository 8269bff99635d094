import type { PageMessage } from "~/platform/i18n/page-message";

/**
 * A refusal's text for the pages (issue 28, ADR 0076): a service throws its ApiError with the English message the API
 * answers, and ties to the error the same text as a translation key with values, decided where the rule refused (never
 * recovered from the English sentence). The page's action reads it with `noticeOf`; the API's answer never shows it.
 */
const NOTICES = new WeakMap<Error, PageMessage>();

/** `err`, with `notice` tied to it. */
export function withNotice<E extends Error>(err: E, notice: PageMessage): E {
  NOTICES.set(err, notice);
  return err;
}

/** The notice tied to `err` by withNotice, else null. */
export function noticeOf(err: unknown): PageMessage | null {
  return err instanceof Error ? (NOTICES.get(err) ?? null) : null;
}
