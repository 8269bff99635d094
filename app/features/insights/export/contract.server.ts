import { z } from "zod";
import { idCoerced, idNumber } from "~/platform/input";
import { bearerAuth, ErrorBodySchema, registerRoute, registry } from "~/platform/openapi/registry.server";
import { JobListResponse, JobResponse, PageQuerySchema } from "~/features/jobs/contract.server";
import { ATTRIBUTE_VALUE_MAX_LENGTH } from "~/features/insights/attribute-value-rules";

/**
 * Contracts of the fairness insights' CSV export (issue 29 §5, ADR 0115), a bulk job (ADR 0015) of type
 * `export_insights` under a cycle's or a session's insights:
 *   /api/v1/insights/cycles/{cycle_id}/export_jobs                     GET the reader's exports, POST {filters} → 202 {job}
 *   /api/v1/insights/cycles/{cycle_id}/export_jobs/{job_id}            GET {job}
 *   /api/v1/insights/cycles/{cycle_id}/export_jobs/{job_id}/file       GET the CSV once the job has succeeded
 * and the same under /api/v1/insights/calibration_sessions/{session_id}/. Who: whoever may read those insights (super
 * admins; HR partners under the insights' rule); a super admin sees every export of the scope, anyone else their own.
 */

export { PageQuerySchema };

/** One filter, as the insights answer them (`filters`): an attribute and a value (null: not set). */
const ExportFilter = z
  .object({
    attribute_id: idNumber,
    value: z.string().min(1).max(ATTRIBUTE_VALUE_MAX_LENGTH).nullable().describe("The attribute's value or band; null: the value is not set"),
  })
  .strict();

export const InsightsExportBody = z
  .object({
    filters: z.array(ExportFilter).max(12).default([]).describe("The filters in effect (one per attribute), as GET /api/v1/insights/… takes them in ?filter="),
  })
  .strict();

/** What an export job keeps as its params (Job.params): its scope and the filters. */
export const InsightsExportParams = z.object({
  scope: z.enum(["cycle", "session"]),
  session_id: idNumber.nullable(),
  filters: z.array(z.object({ attribute_id: idNumber, value: z.string().nullable() })),
});
export type InsightsExportParams = z.infer<typeof InsightsExportParams>;

export const CycleExportsParams = z.object({ cycle_id: idCoerced });
export const SessionExportsParams = z.object({ session_id: idCoerced });
export const CycleExportParams = z.object({ cycle_id: idCoerced, jobId: idCoerced });
export const SessionExportParams = z.object({ session_id: idCoerced, jobId: idCoerced });

// ---------------------------------------------------------------------------------------------
// OpenAPI

const tags = ["insights"];
const error = (description: string) => ({ description, content: { "application/json": { schema: ErrorBodySchema } } });
const SCOPES = [
  {
    base: "/api/v1/insights/cycles/{cycle_id}/export_jobs",
    params: z.object({ cycle_id: idNumber }),
    item: z.object({ cycle_id: idNumber, job_id: idNumber }),
    of: "a cycle's",
  },
  {
    base: "/api/v1/insights/calibration_sessions/{session_id}/export_jobs",
    params: z.object({ session_id: idNumber }),
    item: z.object({ session_id: idNumber, job_id: idNumber }),
    of: "a calibration session's",
  },
];

for (const { base, params, item, of } of SCOPES) {
  registerRoute({
    method: "get",
    path: base,
    summary: `The CSV exports of ${of} fairness insights, newest first: a super admin's all, anyone else's their own (who may read those insights)`,
    tags,
    request: { params, query: PageQuerySchema },
    responses: { 200: JobListResponse },
  });
  registerRoute({
    method: "post",
    path: base,
    summary: `Export every table of ${of} fairness insights (every figure × attribute, with the gaps' tests, p-values and effects) as one CSV, with the filters given, under the privacy floor: a job (202) for whoever may read those insights; audited`,
    tags,
    request: { params, body: InsightsExportBody },
    responses: { 202: JobResponse },
  });
  registerRoute({
    method: "get",
    path: `${base}/{job_id}`,
    summary: `One CSV export of ${of} fairness insights (its creator or a super admin)`,
    tags,
    request: { params: item },
    responses: { 200: JobResponse },
  });
  registry.registerPath({
    method: "get",
    path: `${base}/{job_id}/file`,
    summary: `The export's CSV once the job has succeeded (its creator or a super admin)`,
    tags,
    security: [{ [bearerAuth.name]: [] }],
    request: { params: item },
    responses: {
      200: { description: "The CSV (Content-Disposition: attachment)", content: { "text/csv": { schema: z.string() } } },
      401: error("Not signed in"),
      403: error("Not allowed to read these insights"),
      404: error("Unknown cycle, session or job, or the job has not succeeded"),
    },
  });
}
