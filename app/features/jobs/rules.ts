/**
 * Bulk jobs (ADR 0015): the pure types and constants shared by the server (API, pages) and the
 * job components: statuses, error modes, a job's JSON and the data of the job pages.
 * PURE module: no Node or browser imports, no server modules.
 */

import type { PageMessage } from "~/platform/i18n/page-message";
import type { StoredMessage } from "~/platform/i18n/stored-text";

export type UploadedFile = { name: string; contentType: string; bytes: Uint8Array<ArrayBuffer> };

// ---------------------------------------------------------------------------------------------
// JSON

export const JOB_STATUSES = ["pending", "running", "succeeded", "failed"] as const;
export const ERROR_MODES = ["all_or_nothing", "valid_only"] as const;
export type ErrorModeValue = (typeof ERROR_MODES)[number];

export const ERROR_MODE_LABELS: Record<ErrorModeValue, string> = {
  all_or_nothing: "Commit nothing if any row is invalid",
  valid_only: "Commit only the valid rows",
};

export type JobJson = {
  id: number;
  /** null for a company-wide job (e.g. the directory import). */
  cycle_id: number | null;
  type: string;
  type_label: string;
  status: (typeof JOB_STATUSES)[number];
  error_mode: ErrorModeValue;
  workflow_id: string;
  file_name: string | null;
  total_rows: number;
  processed_rows: number;
  succeeded_rows: number;
  failed_rows: number;
  message: string | null;
  /** `message` as a translation key with values (ADR 0096); null: show `message` as it is. */
  message_key: StoredMessage | null;
  created_by: { id: number; email: string; name: string } | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** Where to download the output (jobs with an output file, once succeeded). */
  output_file_url: string | null;
};

/** A row error: its English (`message`) and, while its code stands for that English, the code (ADR 0100). */
export type JobRowErrorJson = { row_number: number; column: string | null; message: string; message_key: StoredMessage | null };

// ---------------------------------------------------------------------------------------------
// Pages (the data of app/features/jobs/pages.server.ts as the components read it)

/** A job as the pages show it (the JSON of a job). */
export type JobView = Omit<JobJson, "cycle_id" | "workflow_id">;

export type JobTypeView = {
  key: string;
  label: string;
  pagePath: string;
  /** The list page of the type's jobs (/app/admin/cycles/{cycleId}/{pagePath}, or /app/admin/{pagePath} for a company-wide type). */
  basePath: string;
  /** A company-wide type's pages link back to this page (a cycle type's go back to the cycle). */
  parent: { path: string; label: string } | null;
  input: "file" | "none";
  hasOutput: boolean;
};

/** The cycle as the job pages show it in their header; null on the pages of a company-wide job type. */
export type JobCycleInfo = { id: number; name: string; state: string };

/** A failed job form (upload or start) as the page shows it: the sentence and its details as keys (issue 28). */
export type JobFormFailure = { ok: false; formError: StoredMessage; details: PageMessage[] };

/** A job list page ({pagePath}): the type's jobs, newest first, one page of them. */
export type JobListPageData = { cycle: JobCycleInfo | null; view: JobTypeView; jobs: JobJson[]; total: number; page: number; pageSize: number };

/** A job page ({pagePath}/{jobId}): the job and one page of its row errors. */
export type JobDetailPageData = {
  cycle: JobCycleInfo | null;
  view: JobTypeView;
  job: JobJson;
  rowErrors: JobRowErrorJson[];
  rowErrorsTotal: number;
  page: number;
  pageSize: number;
};

/** The upload form of a participant CSV job: the cycle, the columns, the type's jobs page. */
export type ParticipantUploadPageData = { cycle: JobCycleInfo; columns: string[]; jobsPath: string };

/** Every upload is a CSV file (docs/decisions/0041-hardening.md): the types browsers and clients give one. */
export const CSV_UPLOAD_TYPES: ReadonlySet<string> = new Set([
  "text/csv",
  "text/plain",
  "text/x-csv",
  "text/comma-separated-values",
  "application/csv",
  "application/x-csv",
  // Windows browsers name a .csv file after the program that opens it.
  "application/vnd.ms-excel",
]);

/**
 * Why an uploaded file is not taken (415), or null: its name must end in .csv or .txt when it has an extension, and
 * its declared type must be one of CSV_UPLOAD_TYPES (no type, or application/octet-stream, only with a .csv name).
 */
export function uploadTypeProblem(fileName: string | null | undefined, contentType: string | null | undefined): string | null {
  const name = (fileName ?? "").trim().toLowerCase();
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const ext = /\.([a-z0-9]+)$/.exec(name)?.[1] ?? null;
  const refused = `Upload a CSV file (.csv): ${fileName?.trim() || "the file"} (${type || "no type"}) is not one`;
  if (ext !== null && ext !== "csv" && ext !== "txt") return refused;
  if (type === "" || type === "application/octet-stream") return ext === "csv" ? null : refused;
  return CSV_UPLOAD_TYPES.has(type) ? null : refused;
}
