import { z } from "zod";
import { idCoerced, idNumber } from "~/platform/input";
import { bearerAuth, ErrorBodySchema, registerRoute, registry } from "~/platform/openapi/registry.server";
import { JOB_STATUSES } from "~/features/jobs/rules";

/**
 * Contracts of a person's data jobs (ADR 0053), super admin only:
 *   /api/v1/admin/users/{id}/data_export_jobs             GET list (newest first), POST {} → 202 {job}
 *   /api/v1/admin/users/{id}/data_export_jobs/{job_id}    GET {job}
 *   /api/v1/admin/users/{id}/data_export_jobs/{job_id}/file  GET the ZIP, once the job has succeeded
 *   /api/v1/admin/users/{id}/erasure_jobs                 GET list, POST {confirm_email} → 202 {job}
 *   /api/v1/admin/users/{id}/erasure_jobs/{job_id}        GET {job}
 */

export const PERSON_JOB_KEYS = ["export_person", "erase_person"] as const;

export const PersonJobSchema = z.object({
  id: z.number().int(),
  type: z.enum(PERSON_JOB_KEYS),
  type_label: z.string(),
  subject_user_id: z.number().int().nullable(),
  status: z.enum(JOB_STATUSES),
  workflow_id: z.string(),
  file_name: z.string().nullable(),
  message: z.string().nullable(),
  created_by: z.object({ id: z.number().int(), email: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  output_file_url: z.string().nullable().describe("Where to download the export (a succeeded export job); null otherwise"),
});

export const PersonJobResponse = z.object({ job: PersonJobSchema });
export const PersonJobListResponse = z.object({ jobs: z.array(PersonJobSchema), total: z.number().int() });

export const PersonJobsParams = z.object({ id: idCoerced });
export const PersonJobParams = z.object({ id: idCoerced, jobId: idCoerced });

export const PersonJobsQuery = z.object({
  page: z.coerce.number({ error: "page must be a positive whole number" }).int().min(1, "page must be a positive whole number").max(1_000_000).default(1),
  page_size: z.coerce
    .number({ error: "page_size must be a whole number from 1 to 100" })
    .int()
    .min(1, "page_size must be a whole number from 1 to 100")
    .max(100, "page_size must be a whole number from 1 to 100")
    .default(25),
});

export const DataExportBody = z.object({}).strict();
export const ErasureBody = z
  .object({
    confirm_email: z
      .string({ error: "confirm_email is required: type the person's email" })
      .min(1, "confirm_email is required: type the person's email")
      .max(320)
      .describe("The person's email, typed to confirm (compared trimmed and case-insensitively)"),
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// OpenAPI

const tags = ["admin users"];
const userParams = z.object({ id: idNumber });
const jobParams = z.object({ id: idNumber, job_id: idNumber });
const exports = "/api/v1/admin/users/{id}/data_export_jobs";
const erasures = "/api/v1/admin/users/{id}/erasure_jobs";

/** A person's job collection: GET the list, POST one (with its body) → 202 {job}, GET one by id. */
function registerPersonJobRoutes(path: string, docs: { list: string; post: string; body: z.ZodType; one: string }) {
  registerRoute({ method: "get", path, summary: docs.list, tags, request: { params: userParams, query: PersonJobsQuery }, responses: { 200: PersonJobListResponse } });
  registerRoute({ method: "post", path, summary: docs.post, tags, request: { params: userParams, body: docs.body }, responses: { 202: PersonJobResponse } });
  registerRoute({ method: "get", path: `${path}/{job_id}`, summary: docs.one, tags, request: { params: jobParams }, responses: { 200: PersonJobResponse } });
}

/** An export's ZIP download (super admin; outside registerRoute: its 200 is a file, not JSON). */
function registerExportFile(path: string, summary: string, params: z.ZodObject, notFound: string) {
  const error = (description: string) => ({ description, content: { "application/json": { schema: ErrorBodySchema } } });
  registry.registerPath({
    method: "get",
    path,
    summary,
    tags,
    security: [{ [bearerAuth.name]: [] }],
    request: { params },
    responses: {
      200: { description: "The ZIP (Content-Disposition: attachment)", content: { "application/zip": { schema: z.string() } } },
      401: error("Not signed in"),
      403: error("Not a super admin"),
      404: error(notFound),
    },
  });
}

registerPersonJobRoutes(exports, {
  list: "The person's data export jobs, newest first (super admin)",
  post: "Start an export of everything held about the person: JSON and CSV files in a ZIP (super admin); body {}",
  body: DataExportBody,
  one: "One data export job of the person (super admin)",
});
registerExportFile(
  `${exports}/{job_id}/file`,
  "The export's ZIP once the job has succeeded (super admin): person.json and one CSV per section",
  jobParams,
  "Unknown user or job, or the job has not succeeded (or its file was erased)",
);
registerExportFile(
  "/api/v1/admin/data_export_jobs/{job_id}/file",
  "A data export's ZIP by job id, as the job pages link it (super admin); the same file as under the person",
  z.object({ job_id: idNumber }),
  "Unknown job, or the job has not succeeded (or its file was erased)",
);
registerPersonJobRoutes(erasures, {
  list: "The person's erasure jobs, newest first (super admin)",
  post:
    "Erase a deactivated person's personal data (super admin), confirmed by typing their email: a pseudonym replaces their identifiers in every table, free text about them is removed. 400 wrong confirmation; 409 the person is active, already erased, or an erasure is under way",
  body: ErasureBody,
  one: "One erasure job of the person (super admin)",
});
