import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { ErrorModeValue, JobView } from "~/features/jobs/rules";
import type { StoredMessage } from "~/platform/i18n/stored-text";

/**
 * The bulk jobs' texts as translation keys (issue 28). PURE. A job type's names (its list, a job's page, the link
 * back to all its jobs, the document titles) by the type's key; the statuses and error modes by their values; and
 * the refused CSV header as one message (a failed start's other refusals carry their notices, ADR 0107).
 */

export type JobTypeKeys = { list: TranslationKey; detail: TranslationKey; all: TranslationKey; listTitle: TranslationKey; detailTitle: TranslationKey };

export const JOB_TYPE_KEYS: Record<string, JobTypeKeys> = {
  upload_participants: {
    list: "jobs.types.upload_participants.list",
    detail: "jobs.types.upload_participants.detail",
    all: "jobs.types.upload_participants.all",
    listTitle: "jobs.types.upload_participants.listTitle",
    detailTitle: "jobs.types.upload_participants.detailTitle",
  },
  upsert_participants: {
    list: "jobs.types.upsert_participants.list",
    detail: "jobs.types.upsert_participants.detail",
    all: "jobs.types.upsert_participants.all",
    listTitle: "jobs.types.upsert_participants.listTitle",
    detailTitle: "jobs.types.upsert_participants.detailTitle",
  },
  populate_participants: {
    list: "jobs.types.populate_participants.list",
    detail: "jobs.types.populate_participants.detail",
    all: "jobs.types.populate_participants.all",
    listTitle: "jobs.types.populate_participants.listTitle",
    detailTitle: "jobs.types.populate_participants.detailTitle",
  },
  download_participants: {
    list: "jobs.types.download_participants.list",
    detail: "jobs.types.download_participants.detail",
    all: "jobs.types.download_participants.all",
    listTitle: "jobs.types.download_participants.listTitle",
    detailTitle: "jobs.types.download_participants.detailTitle",
  },
  bulk_feedback_pdf: {
    list: "jobs.types.bulk_feedback_pdf.list",
    detail: "jobs.types.bulk_feedback_pdf.detail",
    all: "jobs.types.bulk_feedback_pdf.all",
    listTitle: "jobs.types.bulk_feedback_pdf.listTitle",
    detailTitle: "jobs.types.bulk_feedback_pdf.detailTitle",
  },
  download_nominations: {
    list: "jobs.types.download_nominations.list",
    detail: "jobs.types.download_nominations.detail",
    all: "jobs.types.download_nominations.all",
    listTitle: "jobs.types.download_nominations.listTitle",
    detailTitle: "jobs.types.download_nominations.detailTitle",
  },
  upload_questionnaire: {
    list: "jobs.types.upload_questionnaire.list",
    detail: "jobs.types.upload_questionnaire.detail",
    all: "jobs.types.upload_questionnaire.all",
    listTitle: "jobs.types.upload_questionnaire.listTitle",
    detailTitle: "jobs.types.upload_questionnaire.detailTitle",
  },
  upload_therma_scan: {
    list: "jobs.types.upload_therma_scan.list",
    detail: "jobs.types.upload_therma_scan.detail",
    all: "jobs.types.upload_therma_scan.all",
    listTitle: "jobs.types.upload_therma_scan.listTitle",
    detailTitle: "jobs.types.upload_therma_scan.detailTitle",
  },
  download_participants_report: {
    list: "jobs.types.download_participants_report.list",
    detail: "jobs.types.download_participants_report.detail",
    all: "jobs.types.download_participants_report.all",
    listTitle: "jobs.types.download_participants_report.listTitle",
    detailTitle: "jobs.types.download_participants_report.detailTitle",
  },
  import_directory: {
    list: "jobs.types.import_directory.list",
    detail: "jobs.types.import_directory.detail",
    all: "jobs.types.import_directory.all",
    listTitle: "jobs.types.import_directory.listTitle",
    detailTitle: "jobs.types.import_directory.detailTitle",
  },
  export_person: {
    list: "jobs.types.export_person.list",
    detail: "jobs.types.export_person.detail",
    all: "jobs.types.export_person.all",
    listTitle: "jobs.types.export_person.listTitle",
    detailTitle: "jobs.types.export_person.detailTitle",
  },
  erase_person: {
    list: "jobs.types.erase_person.list",
    detail: "jobs.types.erase_person.detail",
    all: "jobs.types.erase_person.all",
    listTitle: "jobs.types.erase_person.listTitle",
    detailTitle: "jobs.types.erase_person.detailTitle",
  },
};

export const JOB_STATUS_KEYS: Record<JobView["status"], TranslationKey> = {
  pending: "jobs.status.pending",
  running: "jobs.status.running",
  succeeded: "jobs.status.succeeded",
  failed: "jobs.status.failed",
};

export const ERROR_MODE_KEYS: Record<ErrorModeValue, TranslationKey> = {
  all_or_nothing: "jobs.errorModes.all_or_nothing",
  valid_only: "jobs.errorModes.valid_only",
};

export const INVALID_ROWS_KEYS: Record<ErrorModeValue, TranslationKey> = {
  all_or_nothing: "jobs.invalidRows.all_or_nothing",
  valid_only: "jobs.invalidRows.valid_only",
};

const HEADER_SENTENCES: TranslationKey[] = ["jobs.failure.headerParts.one", "jobs.failure.headerParts.two", "jobs.failure.headerParts.three"];

/**
 * A refused CSV header (ADR 0100) as one message: the sentence is a key, its parts (missing, unknown, repeated
 * columns, each a plural by its number of columns) are messages, the column names are values (data, never
 * translated; a blank column name reads "(blank)"). Null when nothing is wrong. Its English is the API's message.
 */
export function headerRefusal(columns: { missing: readonly string[]; unknown: readonly string[]; repeated: readonly string[] }): StoredMessage | null {
  // The plural counts the names as given (a column three times is "repeated columns email", as the API always said).
  const part = (key: TranslationKey, names: readonly string[], count = names.length): StoredMessage[] =>
    names.length ? [{ key, values: { count, columns: names.join(", ") } }] : [];
  const parts = [
    ...part("jobs.failure.headerMissing", columns.missing),
    ...part("jobs.failure.headerUnknown", columns.unknown.map((c) => c || "(blank)")),
    ...part("jobs.failure.headerRepeated", [...new Set(columns.repeated)], columns.repeated.length),
  ];
  if (parts.length === 0) return null;
  const names = ["a", "b", "c"] as const;
  return { key: HEADER_SENTENCES[parts.length - 1]!, values: Object.fromEntries(parts.map((p, i) => [names[i], p])) };
}

/**
 * The refusal of an error mode a job type does not take (createJob, ADR 0108), by the type's key: the type's own
 * sentence ("error_mode must be all_or_nothing for upload questionnaire jobs"). A type that restricts its error modes
 * (JobTypeDef.errorModes) has its entry (tests/unit/job-refusal-keys.test.ts).
 */
export const ERROR_MODE_REFUSAL_KEYS: Partial<Record<string, TranslationKey>> = {
  upload_questionnaire: "jobs.failure.errorModeFor.upload_questionnaire",
};
