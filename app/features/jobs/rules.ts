/**
 * Bulk jobs (ADR 0015): the pure types and constants shared by the server (API, pages) and the
 * job components: statuses, error modes, a job's JSON and the data of the job pages.
 * PURE module: no Node or browser imports, no server modules.
 */

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
  cycle_id: number;
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
  created_by: { id: number; email: string; name: string } | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** Where to download the output (jobs with an output file, once succeeded). */
  output_file_url: string | null;
};

export type JobRowErrorJson = { row_number: number; column: string | null; message: string };

// ---------------------------------------------------------------------------------------------
// Pages (the data of app/features/jobs/pages.server.ts as the components read it)

/** A job as the pages show it (the JSON of a job). */
export type JobView = Omit<JobJson, "cycle_id" | "workflow_id">;

export type JobTypeView = { key: string; label: string; pagePath: string; input: "file" | "none"; hasOutput: boolean };

/** The cycle as the job pages show it in their header. */
export type JobCycleInfo = { id: number; name: string; state: string };

/** A failed job form (upload or start) as the page shows it. */
export type JobFormFailure = { ok: false; formError: string; details: string[] };

/** A job list page ({pagePath}): the type's jobs, newest first, one page of them. */
export type JobListPageData = { cycle: JobCycleInfo; view: JobTypeView; jobs: JobJson[]; total: number; page: number; pageSize: number };

/** A job page ({pagePath}/{jobId}): the job and one page of its row errors. */
export type JobDetailPageData = {
  cycle: JobCycleInfo;
  view: JobTypeView;
  job: JobJson;
  rowErrors: JobRowErrorJson[];
  rowErrorsTotal: number;
  page: number;
  pageSize: number;
};

/** The upload form of a participant CSV job: the cycle, the columns, the type's jobs page. */
export type ParticipantUploadPageData = { cycle: JobCycleInfo; columns: string[]; jobsPath: string };
