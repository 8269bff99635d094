import { parseJsonBody, parseParams, parseQuery } from "~/platform/api.server";
import { only, reader, writer } from "~/platform/api-routes.server";
import { assertAdminCycleContext, assertSuperAdmin } from "~/platform/auth.server";
import { jobOutputResponse } from "~/features/jobs/queries.server";
import { listInactiveParticipants } from "~/features/decision-support/inactive.server";
import { getReportJob, listReportJobs, startParticipantsReport } from "~/features/decision-support/reports.server";
import {
  CycleParams,
  InactiveParticipantsResponse,
  InactiveQuerySchema,
  MetricQuerySchema,
  PageQuerySchema,
  ReportBody,
  ReportJobDetailResponse,
  ReportJobListResponse,
  ReportJobParams,
  ReportJobResponse,
} from "~/features/decision-support/contract.server";

/**
 * Loaders and actions of the decision support API routes (contract.server.ts). Reads: super admin or HR ops
 * (the admin cycle context); starting a report: super admin (startParticipantsReport checks). Bad input is a 400
 * before anything changes; an unknown cycle or job a 404.
 */

/** GET admin/cycles/{id}/decision_support/admin/inactive_participants */
export const inactiveParticipantsLoader = reader(async (current, request, params) => {
  assertAdminCycleContext(current);
  const { id } = parseParams(params, CycleParams);
  const page = parseQuery(request, InactiveQuerySchema);
  return InactiveParticipantsResponse.parse(await listInactiveParticipants(id, page));
});

/** GET admin/cycles/{id}/download_participants_report: the report jobs, newest first. */
export const reportJobsLoader = reader(async (current, request, params) => {
  assertAdminCycleContext(current);
  const { id } = parseParams(params, CycleParams);
  return ReportJobListResponse.parse(await listReportJobs(id, parseQuery(request, PageQuerySchema)));
});

/** POST admin/cycles/{id}/download_participants_report?metric_type=: start a report → 202 {job}. */
export const reportJobsAction = writer("POST", ["GET", "POST"], async (current, request, params) => {
  assertSuperAdmin(current);
  const { id } = parseParams(params, CycleParams);
  const query = parseQuery(request, MetricQuerySchema);
  const body = await parseJsonBody(request, ReportBody);
  const job = await startParticipantsReport(current, id, query.metric_type ?? body.metric_type);
  return Response.json(ReportJobResponse.parse({ job }), { status: 202 });
});

/** GET admin/cycles/{id}/download_participants_report/{job_id} */
export const reportJobLoader = reader(async (current, request, params) => {
  assertAdminCycleContext(current);
  const { id, jobId } = parseParams(params, ReportJobParams);
  return ReportJobDetailResponse.parse(await getReportJob(id, jobId, parseQuery(request, PageQuerySchema)));
});

/** GET admin/cycles/{id}/download_participants_report/{job_id}/file: the CSV once the job has succeeded. */
export const reportFileLoader = reader(async (current, _request, params) => {
  assertAdminCycleContext(current);
  const { id, jobId } = parseParams(params, ReportJobParams);
  return jobOutputResponse(id, "DOWNLOAD_PARTICIPANTS_REPORT", jobId);
});

export const getOnly = only("GET");
