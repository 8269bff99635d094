import type { Job, JobType, Prisma } from "~/generated/prisma/client.ts";
import { badRequest, unprocessable } from "~/platform/api.server";
import { csvHeaderOf, CsvInputError } from "~/features/jobs/files.server";
import { PARTICIPANT_CSV_COLUMNS } from "~/features/participants/schemas";
import { QUESTIONNAIRE_CSV_COLUMNS, QUESTIONNAIRE_CSV_REQUIRED_COLUMNS } from "~/features/questionnaires/csv";
import { THERMA_SCAN_COLUMNS, THERMA_SCAN_REQUIRED_COLUMNS } from "~/features/decision-support/therma-scan/rules";
import type { ErrorModeValue, JobJson, UploadedFile } from "~/features/jobs/rules";
import { DIRECTORY_REQUIRED_COLUMNS } from "~/features/jobs/types/directory/columns";
import { directoryCsvColumns } from "~/features/jobs/types/directory/attribute-columns.server";
import { getDb } from "~/platform/db.server";
import { PopulateFiltersBody, populateFiltersFromForm } from "~/features/jobs/types/participants/populate-filters";
import type { z } from "zod";
import { storedMessage, storedMessageText } from "~/platform/i18n/stored-text";
import { englishT } from "~/platform/i18n/stored-text.server";
import { headerRefusal } from "~/features/jobs/messages";
import { withNotice } from "~/platform/refusal-notice.server";
import { pageMessage } from "~/platform/i18n/page-message";

/**
 * The bulk job types (ADR 0015): JOB_TYPES describes each type for the API and the pages (key, label,
 * API collection, page folder, input, header check of its upload, output file), and the JSON of a job.
 *
 * To add a job type: describe it in JOB_TYPES below, then see the steps in
 * app/features/jobs/runner.server.ts ("HOW TO ADD A JOB TYPE").
 */

// ---------------------------------------------------------------------------------------------
// Job types

/**
 * "cycle": a job of one cycle (Job.cycleId set), under /api/v1/admin/cycles/{cycle_id}/ and /app/admin/cycles/{cycleId}/.
 * "company": a company-wide job (Job.cycleId null: the directory import, a person's export or erasure), under
 * /api/v1/admin/ and /app/admin/.
 */
export type JobScope = "cycle" | "company";

export type JobTypeDef = {
  type: JobType;
  /** Lower-case id: JSON `type`, the JobType search attribute. */
  key: string;
  label: string;
  /** Where its jobs belong (default "cycle"); decides the API and page paths below and whether a job has a cycle. */
  scope?: JobScope;
  /** Collection under /api/v1/admin/cycles/{cycle_id}/ (e.g. upload_participant_jobs), or under /api/v1/admin/ for a company-wide type. */
  apiCollection: string;
  /**
   * Page folder for the list and the job pages (e.g. upload-participants-jobs): under /app/admin/cycles/{cycleId}/, or
   * under /app/admin/ for a company-wide type (e.g. users/import/jobs).
   */
  pagePath: string;
  /** A company-wide type's pages link back to this page (e.g. the users page); a cycle type's go back to the cycle. */
  parentPage?: { path: string; label: string };
  /** "file": a multipart upload (checked by `checkUpload` before any job exists); "none": no input. */
  input: "file" | "none";
  /**
   * An "input none" type asked for more than {}: the POST body's schema (documented in the OpenAPI document) and how
   * the page's form becomes that body; the parsed body is kept as the job's params (Job.params).
   */
  params?: { schema: z.ZodType; fromForm: (form: FormData) => unknown };
  /** The error modes the type accepts (default: both); another one is a 400. */
  errorModes?: readonly ErrorModeValue[];
  /** Rejects a bad upload with a 4xx ApiError (e.g. the CSV header: 422). */
  checkUpload?: (file: UploadedFile) => void | Promise<void>;
  /**
   * Rows per step (one activity, one transaction) unless the caller asks otherwise; default 1,000
   * (DEFAULT_CHUNK_ROWS). Larger steps cost fewer round trips per row; see docs/bench/participants-import.md.
   */
  chunkRows?: number;
  /** The job writes an output file (served at {apiCollection}/{job_id}/file). */
  output?: { fileName: (job: Pick<Job, "id" | "cycleId" | "subjectUserId">) => string; contentType: string };
  /** Its API routes and contracts are its own (not the generic ones of app/features/jobs/contract.server.ts), e.g. nudges. */
  customApi?: boolean;
  /** Reading its jobs and file is for super admins only (not HR ops): the output holds what people wrote about others. */
  superAdminOnly?: boolean;
};

/** Columns a participant CSV may have; `email` is required. */
export const PARTICIPANT_UPLOAD_COLUMNS: readonly string[] = PARTICIPANT_CSV_COLUMNS;

/** 422 unless the CSV header has every required column and only allowed ones (each once; ADR 0060). */
export function csvHeaderCheck(opts: { required: readonly string[]; allowed: readonly string[] }) {
  return (file: UploadedFile) => {
    let header: string[] | null;
    try {
      header = csvHeaderOf(file.bytes);
    } catch (err) {
      // Its key beside the English (ADR 0108's `message_key`; its detail a key of its own, so a message, not a notice).
      if (err instanceof CsvInputError) throw badRequest(err.message, { file: [err.message], message_key: err.notice });
      throw err;
    }
    if (!header) {
      throw withNotice(unprocessable("The file is empty: the first row must name the columns", { allowed_columns: opts.allowed }), pageMessage("jobs.failure.empty"));
    }
    const missing = opts.required.filter((c) => !header.includes(c));
    const unknown = header.filter((c) => !opts.allowed.includes(c));
    const repeated = header.filter((c, i) => header.indexOf(c) !== i);
    // The sentence's English from its key (ADR 0100); the pages say the same message in the reader's language.
    const refusal = headerRefusal({ missing, unknown, repeated });
    if (refusal) {
      throw unprocessable(storedMessageText(englishT(), refusal), {
        missing_columns: missing,
        unknown_columns: unknown,
        repeated_columns: [...new Set(repeated)],
        allowed_columns: opts.allowed,
      });
    }
  };
}

const participantCsv = csvHeaderCheck({ required: ["email"], allowed: PARTICIPANT_UPLOAD_COLUMNS });

/**
 * Rows per step of the participant upload/upsert jobs: a step checks (and saves) its rows in a few
 * statements whatever their number, so fewer, larger steps save round trips (activity, transaction,
 * lookups); 5,000 instead of 1,000 roughly halved a 20,000-row import (docs/bench/participants-import.md).
 */
export const PARTICIPANT_IMPORT_CHUNK_ROWS = 5000;

/**
 * Rows per step of the participant upload job: a step checks (and saves) its rows in one statement (ADR 0038), so
 * its cost is per row; what a step costs on its own (activity, transaction, claim) is paid per 20,000 rows.
 */
export const PARTICIPANT_UPLOAD_CHUNK_ROWS = 20_000;

export const JOB_TYPES: Partial<Record<JobType, JobTypeDef>> = {
  UPLOAD_PARTICIPANTS: {
    type: "UPLOAD_PARTICIPANTS",
    key: "upload_participants",
    label: "Upload participants",
    apiCollection: "upload_participant_jobs",
    pagePath: "upload-participants-jobs",
    input: "file",
    checkUpload: participantCsv,
    chunkRows: PARTICIPANT_UPLOAD_CHUNK_ROWS,
  },
  UPSERT_PARTICIPANTS: {
    type: "UPSERT_PARTICIPANTS",
    key: "upsert_participants",
    label: "Upsert participants",
    apiCollection: "upsert_participant_jobs",
    pagePath: "upsert-participants-jobs",
    input: "file",
    checkUpload: participantCsv,
    chunkRows: PARTICIPANT_IMPORT_CHUNK_ROWS,
  },
  POPULATE_PARTICIPANTS: {
    type: "POPULATE_PARTICIPANTS",
    key: "populate_participants",
    label: "Populate participants",
    apiCollection: "populate_participants_jobs",
    pagePath: "populate-participants-jobs",
    input: "none",
    params: { schema: PopulateFiltersBody, fromForm: populateFiltersFromForm },
  },
  DOWNLOAD_PARTICIPANTS: {
    type: "DOWNLOAD_PARTICIPANTS",
    key: "download_participants",
    label: "Download participants",
    apiCollection: "download_participant_jobs",
    pagePath: "download-participant-jobs",
    input: "none",
    output: { fileName: (job) => `participants-cycle-${job.cycleId}-job-${job.id}.csv`, contentType: "text/csv; charset=utf-8" },
  },
  BULK_FEEDBACK_PDF: {
    type: "BULK_FEEDBACK_PDF",
    key: "bulk_feedback_pdf",
    label: "Participants feedback PDFs",
    apiCollection: "bulk_participants_feedback_pdf_jobs",
    pagePath: "bulk-participants-feedback-pdf-download",
    input: "none",
    // One PDF per participant in a ZIP (app/features/jobs/types/feedback-pdf.server.ts, ADR 0023); the file is super admin only.
    output: { fileName: (job) => `feedback-summaries-cycle-${job.cycleId}-job-${job.id}.zip`, contentType: "application/zip" },
  },
  DOWNLOAD_NOMINATIONS: {
    type: "DOWNLOAD_NOMINATIONS",
    key: "download_nominations",
    label: "Download nominations",
    apiCollection: "download_nomination_jobs",
    pagePath: "download-nomination-jobs",
    input: "none",
    // The nominations with their endorsements (the endorsers' text) and decisions (ADR 0028).
    output: { fileName: (job) => `nominations-cycle-${job.cycleId}-job-${job.id}.csv`, contentType: "text/csv; charset=utf-8" },
    superAdminOnly: true,
  },
  UPLOAD_QUESTIONNAIRE: {
    type: "UPLOAD_QUESTIONNAIRE",
    key: "upload_questionnaire",
    label: "Upload questionnaire",
    apiCollection: "upload_questionnaire_jobs",
    pagePath: "upload-questionnaire-jobs",
    input: "file",
    // A questionnaire is applied whole or not at all (ADR 0018).
    errorModes: ["all_or_nothing"],
    checkUpload: csvHeaderCheck({ required: QUESTIONNAIRE_CSV_REQUIRED_COLUMNS, allowed: QUESTIONNAIRE_CSV_COLUMNS }),
  },
  UPLOAD_THERMA_SCAN: {
    type: "UPLOAD_THERMA_SCAN",
    key: "upload_therma_scan",
    label: "Upload Therma-scan report",
    apiCollection: "upload_therma_scan_report_jobs",
    pagePath: "therma-scan-report/jobs",
    input: "file",
    checkUpload: csvHeaderCheck({ required: THERMA_SCAN_REQUIRED_COLUMNS, allowed: THERMA_SCAN_COLUMNS }),
    // Therma-scan data (its files, rows and row errors) is for super admins only (ADR 0033).
    superAdminOnly: true,
  },
  DOWNLOAD_PARTICIPANTS_REPORT: {
    type: "DOWNLOAD_PARTICIPANTS_REPORT",
    key: "download_participants_report",
    label: "Participants report",
    apiCollection: "download_participants_report",
    pagePath: "decision-support/reports/jobs",
    input: "none",
    // The handler names the file after the job's metric (app/features/jobs/types/participants-report.server.ts).
    output: { fileName: (job) => `participants-report-cycle-${job.cycleId}-job-${job.id}.csv`, contentType: "text/csv; charset=utf-8" },
    customApi: true, // app/features/decision-support/contract.server.ts: POST takes ?metric_type= (ADR 0032)
  },
  IMPORT_DIRECTORY: {
    type: "IMPORT_DIRECTORY",
    key: "import_directory",
    label: "Directory import",
    // Company-wide (ADR 0052): /api/v1/admin/directory_import_jobs, pages under /app/admin/users/import/jobs.
    scope: "company",
    apiCollection: "directory_import_jobs",
    pagePath: "users/import/jobs",
    parentPage: { path: "/app/admin/users", label: "Users" },
    input: "file",
    // The import's columns and one per people attribute kept as a value, as the directory defines them now (ADR 0110).
    checkUpload: async (file) => csvHeaderCheck({ required: DIRECTORY_REQUIRED_COLUMNS, allowed: await directoryCsvColumns(await getDb()) })(file),
    chunkRows: 20_000,
    // Its rows and row errors are the company's directory: super admins only.
    superAdminOnly: true,
  },
  NUDGE: {
    type: "NUDGE",
    key: "nudge",
    label: "Nudge",
    apiCollection: "nudge_jobs",
    pagePath: "nudges",
    input: "none",
    customApi: true, // app/features/nudges/contract.server.ts: send now or on a schedule (ADR 0019)
  },
  // A person's data (ADR 0053; app/features/privacy): company-wide jobs about Job.subjectUserId, started and listed per
  // person under /api/v1/admin/users/{id}/ (app/features/privacy/contract.server.ts); the export's file is served at
  // /api/v1/admin/data_export_jobs/{job_id}/file, the job pages are /app/admin/personal-data/{exports,erasures}.
  EXPORT_PERSON: {
    type: "EXPORT_PERSON",
    key: "export_person",
    label: "Personal data export",
    scope: "company",
    apiCollection: "data_export_jobs",
    pagePath: "personal-data/exports",
    parentPage: { path: "/app/admin/users", label: "Users" },
    input: "none",
    output: { fileName: (job) => `personal-data-user-${job.subjectUserId}-job-${job.id}.zip`, contentType: "application/zip" },
    customApi: true,
    superAdminOnly: true,
  },
  ERASE_PERSON: {
    type: "ERASE_PERSON",
    key: "erase_person",
    label: "Personal data erasure",
    scope: "company",
    apiCollection: "erasure_jobs",
    pagePath: "personal-data/erasures",
    parentPage: { path: "/app/admin/users", label: "Users" },
    input: "none",
    customApi: true,
    superAdminOnly: true,
  },
  // Every table of a cycle's or a session's fairness insights as one CSV (issue 29 §5, ADR 0115; app/features/insights/
  // export): a job of the cycle (a session's: its cycle; Job.params names the session and the filters), started and read
  // under /api/v1/insights/…/export_jobs by whoever may read those insights (the job JSON's file link is theirs), its
  // page /app/insights/exports/{jobId}.
  EXPORT_INSIGHTS: {
    type: "EXPORT_INSIGHTS",
    key: "export_insights",
    label: "Insights export",
    apiCollection: "export_jobs",
    pagePath: "insights/exports",
    input: "none",
    // The handler names the file after its scope (insights-cycle-<id>-job-<job>.csv, insights-session-<id>-job-<job>.csv).
    output: { fileName: (job) => `insights-cycle-${job.cycleId}-job-${job.id}.csv`, contentType: "text/csv; charset=utf-8" },
    customApi: true,
  },
};

export function jobTypeDef(type: JobType): JobTypeDef {
  const def = JOB_TYPES[type];
  if (!def) throw new Error(`Job type ${type} is not set up (app/features/jobs/job-types.server.ts JOB_TYPES)`);
  return def;
}

export function jobScope(type: JobType): JobScope {
  return jobTypeDef(type).scope ?? "cycle";
}

/**
 * The cycle id a job of this type has: a number for a cycle type, null for a company-wide one. A caller that passes the
 * other kind is a programming error (the routes of a type pass what its scope asks for).
 */
export function jobCycleIdFor(type: JobType, cycleId: number | null | undefined): number | null {
  const scope = jobScope(type);
  if (scope === "cycle" && (cycleId === null || cycleId === undefined)) throw new Error(`A ${jobTypeDef(type).key} job belongs to a cycle: give its id`);
  if (scope === "company" && cycleId !== null && cycleId !== undefined) throw new Error(`A ${jobTypeDef(type).key} job is company-wide: it has no cycle`);
  return cycleId ?? null;
}

/** The API collection of a type's jobs: /api/v1/admin/cycles/{cycleId}/{collection}, or /api/v1/admin/{collection} (company-wide). */
export function jobCollectionPath(type: JobType, cycleId: number | null): string {
  const def = jobTypeDef(type);
  return jobCycleIdFor(type, cycleId) === null ? `/api/v1/admin/${def.apiCollection}` : `/api/v1/admin/cycles/${cycleId}/${def.apiCollection}`;
}

// ---------------------------------------------------------------------------------------------
// JSON

export const jobInclude = { createdBy: { select: { id: true, email: true, name: true } } } satisfies Prisma.JobInclude;
export type JobWithCreator = Prisma.JobGetPayload<{ include: typeof jobInclude }>;

export function jobApiPath(job: Pick<Job, "cycleId" | "type">): string {
  return jobCollectionPath(job.type, job.cycleId);
}

export function toJobJson(job: JobWithCreator): JobJson {
  const def = jobTypeDef(job.type);
  return {
    id: job.id,
    cycle_id: job.cycleId,
    type: def.key,
    type_label: def.label,
    status: job.status.toLowerCase() as JobJson["status"],
    error_mode: job.errorMode.toLowerCase() as ErrorModeValue,
    workflow_id: job.workflowId,
    file_name: job.fileName,
    total_rows: job.totalRows,
    processed_rows: job.processedRows,
    succeeded_rows: job.succeededRows,
    failed_rows: job.failedRows,
    message: job.message,
    message_key: storedMessage(job.message, job.messageCode),
    created_by: job.createdBy,
    created_at: job.createdAt.toISOString(),
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
    output_file_url: def.output && job.status === "SUCCEEDED" ? `${jobApiPath(job)}/${job.id}/file` : null,
  };
}
