import { z } from "zod";
import { idCoerced, idNumber } from "~/platform/input";
import { bearerAuth, ErrorBodySchema, registerRoute, registry } from "~/platform/openapi/registry.server";
import { CYCLE_STAGES } from "~/features/cycles/rules";
import { JobRowErrorSchema, JobSchema, PageQuerySchema } from "~/features/jobs/contract.server";
import { METRIC_TYPES, METRICS } from "~/features/decision-support/rules";

/**
 * Contracts of the decision support calls under /api/v1/admin/cycles/{cycle_id}/ (spec §7, ADR 0032):
 *  - GET decision_support/admin/inactive_participants?limit=&offset=: the participants who have done nothing the
 *    current stage asks of them (super admin or HR ops);
 *  - download_participants_report: GET the report jobs (newest first), POST ?metric_type= starts one (super admin,
 *    202 {job}), GET {job_id}, GET {job_id}/file (the CSV) (super admin or HR ops).
 * The Therma-scan upload (`upload_therma_scan_report_jobs`) is a generic job collection: app/features/jobs/contract.server.ts.
 */

export { PageQuerySchema };

export const CycleParams = z.object({ id: idCoerced });
export const ReportJobParams = z.object({ id: idCoerced, jobId: idCoerced });

export const InactiveQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a whole number from 1 to 500" })
    .int("limit must be a whole number from 1 to 500")
    .min(1, "limit must be a whole number from 1 to 500")
    .max(500, "limit must be a whole number from 1 to 500")
    .default(100),
  // "" is not 0 (coerced, it was): the document says a whole number (ADR 0060).
  offset: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? Number.NaN : v),
    z.coerce.number({ error: "offset must be a whole number, 0 or more" }).int("offset must be a whole number, 0 or more").min(0, "offset must be a whole number, 0 or more").default(0),
  ),
});

export const MetricQuerySchema = z.object({
  metric_type: z.string().meta({ enum: [...METRIC_TYPES] }).optional().describe(`The report's metric: ${METRIC_TYPES.map((m) => `${m} (${METRICS[m].label})`).join(", ")}`),
});

export const InactiveParticipantSchema = z.object({
  participant_id: z.number().int(),
  email: z.string(),
  name: z.string(),
  department: z.string().nullable(),
  manager_email: z.string().nullable(),
  reviewer_only: z.boolean(),
  pending_work: z.string().describe("What a nudge would remind them of now"),
});

export const InactiveParticipantsResponse = z.object({
  cycle_id: z.number().int(),
  stage: z.enum(CYCLE_STAGES),
  rule: z.string().describe("What inactive means in this stage"),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  participants: z.array(InactiveParticipantSchema),
});

export const ReportJobSchema = JobSchema.extend({ metric_type: z.enum(METRIC_TYPES).nullable() });
export const ReportJobResponse = z.object({ job: ReportJobSchema });
export const ReportJobListResponse = z.object({ jobs: z.array(ReportJobSchema), total: z.number().int() });
export const ReportJobDetailResponse = z.object({
  job: ReportJobSchema,
  row_errors: z.array(JobRowErrorSchema),
  row_errors_total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

/** POST body: {} (the metric in the query), or the metric here instead. */
export const ReportBody = z.object({ metric_type: z.string().meta({ enum: [...METRIC_TYPES] }).optional().describe("Instead of the query's metric_type") }).strict();

// ---------------------------------------------------------------------------------------------
// OpenAPI

const cycleParams = z.object({ cycle_id: idNumber });
const jobParams = z.object({ cycle_id: idNumber, job_id: idNumber });
const base = "/api/v1/admin/cycles/{cycle_id}";
const tags = ["decision support"];

registerRoute({
  method: "get",
  path: `${base}/decision_support/admin/inactive_participants`,
  summary: "The participants who have done nothing the cycle's current stage asks of them (super admin or HR ops)",
  tags,
  request: { params: cycleParams, query: InactiveQuerySchema },
  responses: { 200: InactiveParticipantsResponse },
});
registerRoute({
  method: "get",
  path: `${base}/download_participants_report`,
  summary: "Participants report jobs of a cycle, newest first (super admin or HR ops)",
  tags,
  request: { params: cycleParams, query: PageQuerySchema },
  responses: { 200: ReportJobListResponse },
});
registerRoute({
  method: "post",
  path: `${base}/download_participants_report`,
  summary: "Start a participants report job for ?metric_type= (super admin); body {} (or {metric_type}). An unknown metric_type is a 400, a missing one a 422; neither starts anything",
  tags,
  request: { params: cycleParams, query: MetricQuerySchema, body: ReportBody },
  responses: { 202: ReportJobResponse },
});
registerRoute({
  method: "get",
  path: `${base}/download_participants_report/{job_id}`,
  summary: "One participants report job (super admin or HR ops)",
  tags,
  request: { params: jobParams, query: PageQuerySchema },
  responses: { 200: ReportJobDetailResponse },
});
registry.registerPath({
  method: "get",
  path: `${base}/download_participants_report/{job_id}/file`,
  summary: "The report's CSV, once the job has succeeded (super admin or HR ops)",
  tags,
  security: [{ [bearerAuth.name]: [] }],
  request: { params: jobParams },
  responses: {
    200: { description: "The CSV (Content-Disposition: attachment)", content: { "text/csv": { schema: z.string() } } },
    401: { description: "Not signed in", content: { "application/json": { schema: ErrorBodySchema } } },
    403: { description: "Not allowed", content: { "application/json": { schema: ErrorBodySchema } } },
    404: { description: "Unknown cycle or job, or the job has not succeeded", content: { "application/json": { schema: ErrorBodySchema } } },
  },
});
