import type { PageMessage } from "~/platform/i18n/page-message";

/**
 * What the directory forms' actions answer (client-safe: the pages read it): every text a key with values (issue 28,
 * ADR 0108), the field errors by field.
 */
export type DirectoryFieldErrors = Partial<Record<string, PageMessage>>;

export type DirectoryFormResult = {
  ok: boolean;
  intent: string | null;
  message: PageMessage | null;
  error: PageMessage | null;
  fieldErrors: DirectoryFieldErrors;
};
