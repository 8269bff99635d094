import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  CompanyJobParams,
  CycleJobsParams,
  EmptyJobBody,
  JobDetailResponse,
  JobListResponse,
  JobParams,
  JobResponse,
  PageQuerySchema,
  UploadFieldsSchema,
} from "~/features/jobs/contract.server";
import type { JobType, Prisma } from "~/generated/prisma/client.ts";
import { api, methodNotAllowed, parseJsonBody, parseParams, parseQuery } from "~/platform/api.server";
import { assertAdminCycleContext, assertSuperAdmin, requireApiUser, type CurrentUser } from "~/platform/auth.server";
import { createJob } from "~/features/jobs/service.server";
import { jobScope, jobTypeDef } from "~/features/jobs/job-types.server";
import { readUploadForm } from "~/features/jobs/upload.server";
import { getJobDetail, jobOutputResponse, listJobs } from "~/features/jobs/queries.server";
import { ApiError } from "~/platform/api.server";
import { z } from "zod";

/**
 * Loaders/actions of the bulk job API routes, one set per job type, so each route module is one
 * line: `export const loader = jobCollectionLoader("UPLOAD_PARTICIPANTS")`. A cycle job type's routes are under
 * /api/v1/admin/cycles/{id}/{collection} (route param `id`), a company-wide type's under /api/v1/admin/{collection};
 * both have `jobId` for one job.
 */

type RouteParams = LoaderFunctionArgs["params"];

/** The cycle of the address (a cycle job type), or null (a company-wide type: no cycle in the address). */
function cycleOf(params: RouteParams, type: JobType): number | null {
  return jobScope(type) === "cycle" ? parseParams(params, CycleJobsParams).id : null;
}

/** The cycle (or null) and the job of an item address. */
function jobOf(params: RouteParams, type: JobType): { cycleId: number | null; jobId: number } {
  if (jobScope(type) === "cycle") {
    const { id, jobId } = parseParams(params, JobParams);
    return { cycleId: id, jobId };
  }
  return { cycleId: null, jobId: parseParams(params, CompanyJobParams).jobId };
}

/** Who may read a type's jobs: super admin or HR ops, or only super admins (JobTypeDef.superAdminOnly). */
function assertMayRead(current: CurrentUser, type: JobType): void {
  if (jobTypeDef(type).superAdminOnly) assertSuperAdmin(current);
  else assertAdminCycleContext(current);
}

/** GET .../{collection}: the cycle's jobs of this type, newest first (super admin or HR ops; see assertMayRead). */
export function jobCollectionLoader(type: JobType) {
  return ({ request, params }: LoaderFunctionArgs) =>
    api(async () => {
      const current = await requireApiUser(request);
      assertMayRead(current, type);
      const cycleId = cycleOf(params, type);
      const query = parseQuery(request, PageQuerySchema);
      return JobListResponse.parse(await listJobs(cycleId, type, query));
    });
}

/** POST .../{collection}: start a job (super admin) → 202 {job}. Uploads are multipart (file, error_mode). */
export function jobCollectionAction(type: JobType) {
  const def = jobTypeDef(type);
  return ({ request, params }: ActionFunctionArgs) =>
    api(async () => {
      if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
      const current = await requireApiUser(request);
      assertSuperAdmin(current);
      const cycleId = cycleOf(params, type);
      let job;
      if (def.input === "file") {
        const { file, fields } = await readUploadForm(request);
        const parsed = UploadFieldsSchema.safeParse(fields);
        if (!parsed.success) throw new ApiError(400, "validation_failed", "Invalid input", z.flattenError(parsed.error));
        job = await createJob(current.actor, { cycleId, type, errorMode: parsed.data.error_mode, file });
      } else {
        const body = await parseJsonBody(request, def.params?.schema ?? EmptyJobBody);
        job = await createJob(current.actor, { cycleId, type, ...(def.params ? { jobParams: body as Prisma.InputJsonObject } : {}) });
      }
      return Response.json(JobResponse.parse({ job }), { status: 202 });
    });
}

/** GET .../{collection}/{job_id}: the job and a page of its row errors (super admin or HR ops). */
export function jobItemLoader(type: JobType) {
  return ({ request, params }: LoaderFunctionArgs) =>
    api(async () => {
      const current = await requireApiUser(request);
      assertMayRead(current, type);
      const { cycleId, jobId } = jobOf(params, type);
      const query = parseQuery(request, PageQuerySchema);
      return JobDetailResponse.parse(await getJobDetail(cycleId, type, jobId, query));
    });
}

/** GET .../{collection}/{job_id}/file: the output file (super admin or HR ops). */
export function jobFileLoader(type: JobType) {
  return ({ request, params }: LoaderFunctionArgs) =>
    api(async () => {
      const current = await requireApiUser(request);
      assertMayRead(current, type);
      const { cycleId, jobId } = jobOf(params, type);
      return jobOutputResponse(cycleId, type, jobId);
    });
}

/** Only GET on item routes. */
export function getOnlyAction() {
  return () => methodNotAllowed(["GET"]);
}
