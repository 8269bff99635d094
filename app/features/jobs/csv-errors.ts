import type { StoredMessage } from "~/platform/i18n/stored-text";

/**
 * What the CSV parser (csv-parse) said, as a key (issue 28, ADR 0122): by the error's `code`, never its English, so the
 * "The file is not valid CSV near row N: …" failure and the upload form's notice read whole in the reader's language.
 * PURE. The parser's own sentence names a line counted from where that read began (a chunk starts mid-file), which the
 * row of the frame already says right: the keys say what is wrong, not where. A code not listed here (or an error that
 * is not the parser's, e.g. the file's stream failing) reads as `unknown`.
 *
 * With the options every job CSV is parsed with (CSV_OPTIONS: relaxed quotes and column counts, no record size limit)
 * only CSV_QUOTE_NOT_CLOSED occurs; the others are the parser's refusals of a record that another option set would
 * give, listed so that a change of options keeps a key for each.
 */
export const CSV_ERROR_KEYS = {
  CSV_QUOTE_NOT_CLOSED: "jobs.failure.csv.quoteNotClosed",
  CSV_INVALID_CLOSING_QUOTE: "jobs.failure.csv.invalidClosingQuote",
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: "jobs.failure.csv.invalidClosingQuote",
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: "jobs.failure.csv.cellCount",
  CSV_RECORD_INCONSISTENT_COLUMNS: "jobs.failure.csv.cellCount",
  CSV_MAX_RECORD_SIZE: "jobs.failure.csv.rowTooLarge",
} as const satisfies Record<string, StoredMessage["key"]>;

/** The key of a CSV parser's error (`err.code`), or the fallback for anything else. */
export function csvErrorMessage(err: unknown): StoredMessage {
  const code = typeof err === "object" && err !== null && "code" in err ? (err as { code: unknown }).code : null;
  const key = typeof code === "string" && Object.hasOwn(CSV_ERROR_KEYS, code) ? CSV_ERROR_KEYS[code as keyof typeof CSV_ERROR_KEYS] : "jobs.failure.csv.unknown";
  return { key };
}
