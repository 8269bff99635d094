import { z } from "zod";
import { idCoerced, idNumber } from "~/platform/input";
import { bearerAuth, ErrorBodySchema, IdempotencyKeyHeaders, idempotencyKeyReused, registerRoute, registry } from "~/platform/openapi/registry.server";
import { ERROR_MODES, JOB_STATUSES } from "~/features/jobs/rules";
import { JOB_TYPES } from "~/features/jobs/job-types.server";
import { MAX_UPLOAD_BYTES, UploadFieldsSchema } from "~/features/jobs/upload.server";
import { PageQuerySchema } from "~/features/jobs/queries.server";

/**
 * Contracts of the bulk job routes under /api/v1/admin/cycles/{cycle_id}/ (a cycle job type) or /api/v1/admin/
 * (a company-wide type, JobTypeDef.scope "company"): for each job type a
 * collection (GET list newest first, POST create → 202 {job}) and GET {job_id} (the job and a page
 * of its row errors); jobs with an output file also GET {job_id}/file. Reads: super admin or HR ops
 * (super admin only for a type marked superAdminOnly, e.g. the nominations download); creating a job: super admin.
 */

export { PageQuerySchema, UploadFieldsSchema };

/**
 * A stored text's key and values (ADR 0096/0100); a value may itself be such a message, two levels deep at most (what
 * stored-text.ts reads: e.g. the questionnaire's summary, a list of the reviewer types' totals).
 */
const messageWith = (value: z.ZodType) => z.object({ key: z.string(), values: z.record(z.string(), z.union([z.string(), z.number(), value])).optional() });
const StoredMessageSchema = messageWith(messageWith(z.object({ key: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])).optional() })));

export const JobSchema = z.object({
  id: z.number().int(),
  cycle_id: z.number().int().nullable().describe("The job's cycle; null for a company-wide job (e.g. the directory import)"),
  type: z.string().describe("upload_participants, upsert_participants, populate_participants, download_participants, download_nominations, ..."),
  type_label: z.string(),
  status: z.enum(JOB_STATUSES),
  error_mode: z.enum(ERROR_MODES),
  workflow_id: z.string(),
  file_name: z.string().nullable(),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  succeeded_rows: z.number().int(),
  failed_rows: z.number().int(),
  message: z.string().nullable(),
  message_key: StoredMessageSchema
    .nullable()
    .describe("message as a translation key with its values (a value may itself be such a message), for showing it in the reader's language; null when the message has none (older jobs, an error's own text)"),
  created_by: z.object({ id: z.number().int(), email: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  output_file_url: z.string().nullable(),
});

export const JobRowErrorSchema = z.object({
  row_number: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
  message_key: StoredMessageSchema.nullable().describe(
    "message as a translation key with its values, for showing it in the reader's language; null when the message has none (older jobs, an error's own text)",
  ),
});

export const JobResponse = z.object({ job: JobSchema });
export const JobListResponse = z.object({ jobs: z.array(JobSchema), total: z.number().int() });
export const JobDetailResponse = z.object({
  job: JobSchema,
  row_errors: z.array(JobRowErrorSchema),
  row_errors_total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

/** POST body of the jobs without an input file (populate, download): an empty object. */
export const EmptyJobBody = z.object({}).strict();

export const CycleJobsParams = z.object({ id: idCoerced });
export const JobParams = z.object({ id: idCoerced, jobId: idCoerced });
/** A company-wide job's address: /api/v1/admin/{collection}/{job_id}. */
export const CompanyJobParams = z.object({ jobId: idCoerced });

// ---------------------------------------------------------------------------------------------
// OpenAPI

const cycleParams = z.object({ cycle_id: idNumber });
const jobParams = z.object({ cycle_id: idNumber, job_id: idNumber });
const companyJobParams = z.object({ job_id: idNumber });
const error = (description: string) => ({ description, content: { "application/json": { schema: ErrorBodySchema } } });

export const UploadMultipartSchema = z.strictObject({
  file: z.string().describe(`The CSV file (multipart file part, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB); its header names the columns`),
  error_mode: UploadFieldsSchema.shape.error_mode.describe(
    "all_or_nothing: commit nothing if any row is invalid (the job fails with the row errors); valid_only: commit the valid rows",
  ),
});

for (const def of Object.values(JOB_TYPES)) {
  if (!def || def.customApi) continue;
  const company = (def.scope ?? "cycle") === "company";
  const base = company ? `/api/v1/admin/${def.apiCollection}` : `/api/v1/admin/cycles/{cycle_id}/${def.apiCollection}`;
  // A company-wide collection has no cycle in its address (and no "unknown cycle" 404 on POST).
  const listParams = company ? undefined : cycleParams;
  const itemParams = company ? companyJobParams : jobParams;
  const of = company ? "" : " of a cycle";
  const tags = ["admin jobs"];
  const readers = def.superAdminOnly ? "super admin" : "super admin or HR ops";
  registerRoute({
    method: "get",
    path: base,
    summary: `${def.label} jobs${of}, newest first (${readers})`,
    tags,
    request: { ...(listParams ? { params: listParams } : {}), query: PageQuerySchema },
    responses: { 200: JobListResponse },
  });
  if (def.input === "file") {
    // Multipart body: registered directly (registerRoute describes JSON bodies).
    registry.registerPath({
      method: "post",
      path: base,
      summary: `Start a ${def.label.toLowerCase()} job from a CSV upload (super admin). A bad header (or no file, or an empty one) is a 422 and starts nothing; row problems become the job's row errors`,
      tags,
      security: [{ [bearerAuth.name]: [] }],
      request: {
        ...(listParams ? { params: listParams } : {}),
        headers: IdempotencyKeyHeaders,
        // Required: no body is a 415 (not multipart), and no other parts are read (ADR 0060).
        body: { required: true, content: { "multipart/form-data": { schema: UploadMultipartSchema } } },
      },
      responses: {
        202: { description: "Accepted: the job runs in the background", content: { "application/json": { schema: JobResponse } } },
        400: error("A bad error_mode"),
        401: error("Not signed in"),
        403: error("Not a super admin"),
        ...(company ? {} : { 404: error("Unknown cycle") }),
        413: error("The file is too large"),
        415: error("Not multipart/form-data, or the file is not a CSV"),
        // ADR 0060: a file with nothing in it or a bad header is well-formed multipart, refused with 422.
        422: { ...idempotencyKeyReused, description: "No file, an empty one or a bad CSV header; or the Idempotency-Key was used for another request" },
        429: error("Too many uploads from this address; see Retry-After"),
        503: error("The workflow service is unavailable"),
      },
    });
  } else {
    registerRoute({
      method: "post",
      path: base,
      summary: `Start a ${def.label.toLowerCase()} job (super admin); body ${def.params ? "as below, kept as the job's params" : "{}"}`,
      tags,
      request: { ...(listParams ? { params: listParams } : {}), body: def.params?.schema ?? EmptyJobBody },
      responses: { 202: JobResponse },
    });
  }
  registerRoute({
    method: "get",
    path: `${base}/{job_id}`,
    summary: `One ${def.label.toLowerCase()} job with a page of its row errors (${readers})`,
    tags,
    request: { params: itemParams, query: PageQuerySchema },
    responses: { 200: JobDetailResponse },
  });
  if (def.output) {
    registry.registerPath({
      method: "get",
      path: `${base}/{job_id}/file`,
      summary: `The job's file, once it has succeeded (${readers})`,
      tags,
      security: [{ [bearerAuth.name]: [] }],
      request: { params: itemParams },
      responses: {
        200: { description: "The file (Content-Disposition: attachment)", content: { [def.output.contentType.split(";")[0]!]: { schema: z.string() } } },
        401: error("Not signed in"),
        403: error("Not allowed"),
        404: error("Unknown cycle or job, or the job has not succeeded"),
      },
    });
  }
}
