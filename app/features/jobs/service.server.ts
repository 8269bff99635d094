import { Readable } from "node:stream";
import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData, MaxPartSizeExceededError } from "@remix-run/node";
import { isGrpcServiceError, WorkflowNotFoundError } from "@temporalio/client";
import { z } from "zod";
import { getDb, type Db, type Tx } from "~/platform/db.server";
import type { Job, JobType, Prisma } from "~/generated/prisma/client.ts";
import { ApiError, badRequest, notFound } from "~/platform/api.server";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { csvHeaderOf, CsvInputError, INPUT_FILE, jobFileSize, jobFileStream, OUTPUT_FILE } from "~/features/jobs/files.server";
import { auditJob } from "~/features/jobs/runner.server";
import { PARTICIPANT_CSV_COLUMNS } from "~/features/participants/service.server";
import { QUESTIONNAIRE_CSV_COLUMNS, QUESTIONNAIRE_CSV_REQUIRED_COLUMNS } from "~/features/questionnaires/csv";
import { getTemporalClient, temporalSettings } from "~/platform/temporal.server";
import { BULK_JOB_WORKFLOW, type BulkJobInput, type BulkJobWorkflow } from "../../../workflows/bulk-job-contract";
import { CycleIdKey, JobTypeKey } from "../../../workflows/search-attributes-contract";

/**
 * Bulk jobs (ADR 0015): each job is a Job row plus a Temporal workflow `job-<jobId>` (search
 * attributes CycleId, JobType) that does the work in chunks through the job type's handler.
 * This module is what the API routes and pages call: create (file stored in the database, row,
 * audit, workflow start), list, detail with row errors, the output file.
 *
 * To add a job type: describe it in JOB_TYPES below, then see the steps in
 * app/features/jobs/runner.server.ts ("HOW TO ADD A JOB TYPE").
 */

// ---------------------------------------------------------------------------------------------
// Job types

export type UploadedFile = { name: string; contentType: string; bytes: Uint8Array<ArrayBuffer> };

export type JobTypeDef = {
  type: JobType;
  /** Lower-case id: JSON `type`, the JobType search attribute. */
  key: string;
  label: string;
  /** Collection under /api/v1/admin/cycles/{cycle_id}/ (e.g. upload_participant_jobs). */
  apiCollection: string;
  /** Page folder under /app/admin/cycles/{cycleId}/ for the list and the job pages (e.g. upload-participants-jobs). */
  pagePath: string;
  /** "file": a multipart upload (checked by `checkUpload` before any job exists); "none": no input. */
  input: "file" | "none";
  /** The error modes the type accepts (default: both); another one is a 400. */
  errorModes?: readonly ErrorModeValue[];
  /** Rejects a bad upload with a 400 ApiError (e.g. the CSV header). */
  checkUpload?: (file: UploadedFile) => void;
  /**
   * Rows per step (one activity, one transaction) unless the caller asks otherwise; default 1,000
   * (DEFAULT_CHUNK_ROWS). Larger steps cost fewer round trips per row; see docs/bench/participants-import.md.
   */
  chunkRows?: number;
  /** The job writes an output file (served at {apiCollection}/{job_id}/file). */
  output?: { fileName: (job: Pick<Job, "id" | "cycleId">) => string; contentType: string };
  /** Its API routes and contracts are its own (not the generic ones of app/features/jobs/contract.server.ts), e.g. nudges. */
  customApi?: boolean;
};

/** Columns a participant CSV may have; `email` is required. */
export const PARTICIPANT_UPLOAD_COLUMNS: readonly string[] = PARTICIPANT_CSV_COLUMNS;

/** 400 unless the CSV header has every required column and only allowed ones (each once). */
export function csvHeaderCheck(opts: { required: readonly string[]; allowed: readonly string[] }) {
  return (file: UploadedFile) => {
    let header: string[] | null;
    try {
      header = csvHeaderOf(file.bytes);
    } catch (err) {
      if (err instanceof CsvInputError) throw badRequest(err.message, { file: [err.message] });
      throw err;
    }
    if (!header) throw badRequest("The file is empty: the first row must name the columns", { allowed_columns: opts.allowed });
    const missing = opts.required.filter((c) => !header.includes(c));
    const unknown = header.filter((c) => !opts.allowed.includes(c));
    const repeated = header.filter((c, i) => header.indexOf(c) !== i);
    if (missing.length || unknown.length || repeated.length) {
      const parts = [
        missing.length ? `missing column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}` : null,
        unknown.length ? `unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((c) => c || "(blank)").join(", ")}` : null,
        repeated.length ? `repeated column${repeated.length > 1 ? "s" : ""} ${[...new Set(repeated)].join(", ")}` : null,
      ].filter(Boolean);
      throw badRequest(`Invalid CSV header: ${parts.join("; ")}`, {
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

export const JOB_TYPES: Partial<Record<JobType, JobTypeDef>> = {
  UPLOAD_PARTICIPANTS: {
    type: "UPLOAD_PARTICIPANTS",
    key: "upload_participants",
    label: "Upload participants",
    apiCollection: "upload_participant_jobs",
    pagePath: "upload-participants-jobs",
    input: "file",
    checkUpload: participantCsv,
    chunkRows: PARTICIPANT_IMPORT_CHUNK_ROWS,
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
  NUDGE: {
    type: "NUDGE",
    key: "nudge",
    label: "Nudge",
    apiCollection: "nudge_jobs",
    pagePath: "nudges",
    input: "none",
    customApi: true, // app/features/nudges/contract.server.ts: send now or on a schedule (ADR 0019)
  },
};

export function jobTypeDef(type: JobType): JobTypeDef {
  const def = JOB_TYPES[type];
  if (!def) throw new Error(`Job type ${type} is not set up (app/features/jobs/service.server.ts JOB_TYPES)`);
  return def;
}

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

const jobInclude = { createdBy: { select: { id: true, email: true, name: true } } } satisfies Prisma.JobInclude;
type JobWithCreator = Prisma.JobGetPayload<{ include: typeof jobInclude }>;

export function jobApiPath(job: Pick<Job, "cycleId" | "type">): string {
  return `/api/v1/admin/cycles/${job.cycleId}/${jobTypeDef(job.type).apiCollection}`;
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
    created_by: job.createdBy,
    created_at: job.createdAt.toISOString(),
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
    output_file_url: def.output && job.status === "SUCCEEDED" ? `${jobApiPath(job)}/${job.id}/file` : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Uploads (API and pages)

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/**
 * The multipart form of an upload: the `file` part (kept in memory, at most 50 MB) and the text
 * fields. 400 if the request is not multipart, 413 if the file is too large.
 */
export async function readUploadForm(request: Request): Promise<{ file: UploadedFile | null; fields: Record<string, string> }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw badRequest("Send the file as multipart/form-data (fields: file, error_mode)");
  }
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES }));
  } catch (err) {
    if (err instanceof MaxPartSizeExceededError) {
      throw new ApiError(413, "payload_too_large", `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
    }
    throw badRequest("The upload could not be read as multipart/form-data");
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  for (const [key, value] of form.entries()) {
    if (typeof value === "string") fields[key] = value;
    else if (key === "file" && value.size > 0) {
      file = { name: value.name || "upload.csv", contentType: value.type || "text/csv", bytes: new Uint8Array(await value.arrayBuffer()) };
    }
  }
  return { file, fields };
}

export const UploadFieldsSchema = z.object({
  error_mode: z
    .enum(ERROR_MODES, { error: `error_mode must be one of ${ERROR_MODES.join(", ")}` })
    .default("all_or_nothing"),
});

// ---------------------------------------------------------------------------------------------
// Create and start

export type CreateJobInput = {
  cycleId: number;
  type: JobType;
  errorMode?: ErrorModeValue;
  file?: UploadedFile | null;
};

/** For tests and benchmarks: a task queue other than the app's, and the rows per step. */
export type CreateJobOptions = { taskQueue?: string; chunkRows?: number };

function unavailable(message: string) {
  return new ApiError(503, "service_unavailable", message);
}

function startArgs(job: Pick<Job, "id" | "cycleId" | "type" | "workflowId">, actor: Actor, opts: CreateJobOptions) {
  const def = jobTypeDef(job.type);
  const chunkRows = opts.chunkRows ?? def.chunkRows;
  const input: BulkJobInput = { jobId: job.id, type: def.key, actor, ...(chunkRows ? { chunkRows } : {}) };
  return {
    workflowId: job.workflowId,
    taskQueue: opts.taskQueue ?? temporalSettings().taskQueue,
    args: [input] as [BulkJobInput],
    typedSearchAttributes: [
      { key: CycleIdKey, value: String(job.cycleId) },
      { key: JobTypeKey, value: def.key },
    ],
  };
}

/**
 * Create a job: check the upload (400 before anything is stored), then the Job row, its input file
 * and the job.create audit record in one transaction, then start its workflow. 404 for an unknown
 * cycle; 503 (and the job marked failed) if Temporal cannot be reached.
 */
export async function createJob(actor: Actor, input: CreateJobInput, opts: CreateJobOptions = {}): Promise<JobJson> {
  const def = jobTypeDef(input.type);
  const db = await getDb();
  const cycle = await db.cycle.findUnique({ where: { id: input.cycleId }, select: { id: true } });
  if (!cycle) throw notFound(`Cycle ${input.cycleId} not found`);
  if (def.input === "file") {
    if (!input.file || input.file.bytes.byteLength === 0) throw badRequest("Choose a CSV file to upload", { file: ["A file is required"] });
    def.checkUpload?.(input.file);
  }
  if (def.errorModes && input.errorMode && !def.errorModes.includes(input.errorMode)) {
    const message = `error_mode must be ${def.errorModes.join(" or ")} for ${def.label.toLowerCase()} jobs`;
    throw badRequest(message, { formErrors: [], fieldErrors: { error_mode: [message] } });
  }
  const errorMode = (input.errorMode ?? "all_or_nothing").toUpperCase() as "ALL_OR_NOTHING" | "VALID_ONLY";
  const job = await db.$transaction(
    async (tx) => {
      const [{ id }] = await tx.$queryRaw<Array<{ id: bigint | number }>>`SELECT nextval(pg_get_serial_sequence('"Job"', 'id')) AS id`;
      const jobId = Number(id);
      const created = await tx.job.create({
        data: {
          id: jobId,
          cycleId: input.cycleId,
          type: input.type,
          errorMode,
          workflowId: `job-${jobId}`,
          fileName: def.input === "file" ? input.file!.name : null,
          createdById: actor.userId,
        },
        include: jobInclude,
      });
      if (def.input === "file") {
        await tx.jobFile.create({
          data: { jobId, kind: INPUT_FILE, name: input.file!.name, contentType: input.file!.contentType, content: input.file!.bytes },
        });
      }
      await recordAudit(tx, actor, {
        action: "job.create",
        entityType: "Job",
        entityId: jobId,
        after: {
          job_id: jobId,
          cycle_id: input.cycleId,
          type: def.key,
          error_mode: errorMode.toLowerCase(),
          file_name: created.fileName,
          file_bytes: input.file?.bytes.byteLength ?? null,
        },
      });
      return created;
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
  try {
    const client = await getTemporalClient();
    // A workflow with this id can only be left over from another database: replace it.
    await client.workflow.start<BulkJobWorkflow>(BULK_JOB_WORKFLOW, { ...startArgs(job, actor, opts), workflowIdConflictPolicy: "TERMINATE_EXISTING" });
  } catch (err) {
    console.error(`Job ${job.id}: could not start its workflow`, err);
    await db.$transaction(async (tx) => {
      const res = await tx.job.updateMany({
        where: { id: job.id, status: "PENDING" },
        data: { status: "FAILED", message: "The workflow service was unavailable; the job did not start", finishedAt: new Date() },
      });
      if (res.count === 1) await auditJob(tx, { ...actor, source: "system" }, job, "job.fail", { message: "workflow start failed" });
    });
    throw unavailable("The workflow service is unavailable; the job was not started");
  }
  return toJobJson(job);
}

// ---------------------------------------------------------------------------------------------
// Reads

async function assertCycle(db: Db | Tx, cycleId: number) {
  const cycle = await db.cycle.findUnique({ where: { id: cycleId }, select: { id: true } });
  if (!cycle) throw notFound(`Cycle ${cycleId} not found`);
}

export const PageQuerySchema = z.object({
  page: z.coerce.number({ error: "page must be a positive whole number" }).int().min(1, "page must be a positive whole number").default(1),
  page_size: z.coerce
    .number({ error: "page_size must be a whole number from 1 to 200" })
    .int()
    .min(1, "page_size must be a whole number from 1 to 200")
    .max(200, "page_size must be a whole number from 1 to 200")
    .default(25),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** A cycle's jobs of one type, newest first. */
export async function listJobs(cycleId: number, type: JobType, query: PageQuery): Promise<{ jobs: JobJson[]; total: number }> {
  const db = await getDb();
  await assertCycle(db, cycleId);
  const where = { cycleId, type };
  const [rows, total] = await Promise.all([
    db.job.findMany({
      where,
      include: jobInclude,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
    db.job.count({ where }),
  ]);
  return { jobs: rows.map(toJobJson), total };
}

async function requireJob(db: Db, cycleId: number, type: JobType, jobId: number): Promise<JobWithCreator> {
  await assertCycle(db, cycleId);
  const job = await db.job.findFirst({ where: { id: jobId, cycleId, type }, include: jobInclude });
  if (!job) throw notFound(`Job ${jobId} not found`);
  return job;
}

export async function getJob(cycleId: number, type: JobType, jobId: number): Promise<JobJson> {
  return toJobJson(await requireJob(await getDb(), cycleId, type, jobId));
}

/** One job and a page of its row errors (by row number). */
export async function getJobDetail(
  cycleId: number,
  type: JobType,
  jobId: number,
  query: PageQuery,
): Promise<{ job: JobJson; row_errors: JobRowErrorJson[]; row_errors_total: number; page: number; page_size: number }> {
  const db = await getDb();
  const job = await requireJob(db, cycleId, type, jobId);
  const [errors, total] = await Promise.all([
    db.jobRowError.findMany({
      where: { jobId },
      orderBy: [{ rowNumber: "asc" }, { id: "asc" }],
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
    db.jobRowError.count({ where: { jobId } }),
  ]);
  return {
    job: toJobJson(job),
    row_errors: errors.map((e) => ({ row_number: e.rowNumber, column: e.column, message: e.message })),
    row_errors_total: total,
    page: query.page,
    page_size: query.page_size,
  };
}

/** The job's output file as a streamed download (404 until the job has succeeded). */
export async function jobOutputResponse(cycleId: number, type: JobType, jobId: number): Promise<Response> {
  const db = await getDb();
  const job = await requireJob(db, cycleId, type, jobId);
  const def = jobTypeDef(type);
  if (!def.output) throw notFound("This job has no file");
  if (job.status !== "SUCCEEDED") throw notFound(`Job ${jobId} has not finished yet (${job.status.toLowerCase()})`);
  const file = await db.jobFile.findUnique({ where: { jobId_kind: { jobId, kind: OUTPUT_FILE } }, select: { name: true, contentType: true } });
  const size = await jobFileSize(db, jobId, OUTPUT_FILE);
  if (!file || size === null) throw notFound(`Job ${jobId} has no file`);
  const body = Readable.toWeb(jobFileStream(db, jobId, OUTPUT_FILE)) as ReadableStream<Uint8Array>;
  const ascii = file.name.replace(/[^\w.-]/g, "_");
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(size),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "Cache-Control": "private, no-store",
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Boot

function isWorkflowGone(err: unknown): boolean {
  if (err instanceof WorkflowNotFoundError) return true;
  return isGrpcServiceError(err) && err.code === 5;
}

/**
 * Start the workflow of every unfinished job (PENDING or RUNNING) that has none running, e.g. after
 * the Temporal store was reset or a start failed half-way. Idempotent; call at boot. The job's
 * progress in the database decides where the restarted workflow picks up.
 */
export async function ensureJobWorkflows(): Promise<{ started: number[] }> {
  const db = await getDb();
  const client = await getTemporalClient();
  const started: number[] = [];
  const jobs = await db.job.findMany({ where: { status: { in: ["PENDING", "RUNNING"] } }, orderBy: { id: "asc" } });
  for (const job of jobs) {
    if (!JOB_TYPES[job.type]) continue;
    try {
      const desc = await client.workflow.getHandle(job.workflowId).describe();
      if (desc.status.name === "RUNNING") continue;
    } catch (err) {
      if (!isWorkflowGone(err)) throw err;
    }
    const actor: Actor = { userId: job.createdById, realUserId: job.createdById, source: "system" };
    await client.workflow.start<BulkJobWorkflow>(BULK_JOB_WORKFLOW, { ...startArgs(job, actor, {}), workflowIdConflictPolicy: "USE_EXISTING" });
    started.push(job.id);
  }
  return { started };
}
