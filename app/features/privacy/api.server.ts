import { parseJsonBody, parseParams, parseQuery } from "~/platform/api.server";
import { reader, writer } from "~/platform/api-routes.server";
import { assertSuperAdmin } from "~/platform/auth.server";
import {
  DataExportBody,
  ErasureBody,
  PersonJobListResponse,
  PersonJobParams,
  PersonJobResponse,
  PersonJobsParams,
  PersonJobsQuery,
} from "~/features/privacy/contract.server";
import { getPersonJob, listPersonJobs, personExportFileResponse, startDataExport, startErasure, type PersonJobType } from "~/features/privacy/service.server";

/** Loaders and actions of /api/v1/admin/users/{id}/{data_export_jobs,erasure_jobs} (super admin only; ADR 0053). */

export const personJobListLoader = (type: PersonJobType) =>
  reader(async (current, request, params) => {
    assertSuperAdmin(current);
    const { id } = parseParams(params, PersonJobsParams);
    return PersonJobListResponse.parse(await listPersonJobs(id, type, parseQuery(request, PersonJobsQuery)));
  });

export const personJobLoader = (type: PersonJobType) =>
  reader(async (current, _request, params) => {
    assertSuperAdmin(current);
    const { id, jobId } = parseParams(params, PersonJobParams);
    return PersonJobResponse.parse(await getPersonJob(id, type, jobId));
  });

export const personExportFileLoader = reader(async (current, _request, params) => {
  assertSuperAdmin(current);
  const { id, jobId } = parseParams(params, PersonJobParams);
  return personExportFileResponse(id, jobId);
});

/** POST data_export_jobs {} → 202 {job}. */
export const dataExportAction = writer("POST", ["GET", "POST"], async (current, request, params) => {
  assertSuperAdmin(current);
  const { id } = parseParams(params, PersonJobsParams);
  await parseJsonBody(request, DataExportBody);
  return Response.json(PersonJobResponse.parse({ job: await startDataExport(current.actor, id) }), { status: 202 });
});

/** POST erasure_jobs {confirm_email} → 202 {job}. */
export const erasureAction = writer("POST", ["GET", "POST"], async (current, request, params) => {
  assertSuperAdmin(current);
  const { id } = parseParams(params, PersonJobsParams);
  const body = await parseJsonBody(request, ErasureBody);
  return Response.json(PersonJobResponse.parse({ job: await startErasure(current.actor, id, body.confirm_email) }), { status: 202 });
});
