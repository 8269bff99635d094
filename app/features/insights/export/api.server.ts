import { parseJsonBody, parseParams, parseQuery } from "~/platform/api.server";
import { reader, writer, type RouteParams } from "~/platform/api-routes.server";
import { JobListResponse, JobResponse } from "~/features/jobs/contract.server";
import {
  CycleExportParams,
  CycleExportsParams,
  InsightsExportBody,
  PageQuerySchema,
  SessionExportParams,
  SessionExportsParams,
} from "~/features/insights/export/contract.server";
import { exportScopeAccess, getInsightsExport, insightsExportFile, listInsightsExports, startInsightsExport } from "~/features/insights/export/service.server";
import type { ExportScope } from "~/features/insights/export/rules";

/**
 * Loaders and actions of /api/v1/insights/{cycles/{cycle_id},calibration_sessions/{session_id}}/export_jobs[/{job_id}[/file]]
 * (ADR 0115): each route module is one line, `export const loader = exportJobsLoader("cycle")`.
 */

type ScopeKind = ExportScope["kind"];

const scopeOf = (kind: ScopeKind, params: RouteParams): ExportScope =>
  kind === "cycle" ? { kind, cycleId: parseParams(params, CycleExportsParams).cycle_id } : { kind, sessionId: parseParams(params, SessionExportsParams).session_id };

const jobIdOf = (kind: ScopeKind, params: RouteParams): number => (kind === "cycle" ? parseParams(params, CycleExportParams) : parseParams(params, SessionExportParams)).jobId;

/** GET …/export_jobs: the exports the reader may see, newest first. */
export const exportJobsLoader = (kind: ScopeKind) =>
  reader(async (current, request, params) => JobListResponse.parse(await listInsightsExports(current, scopeOf(kind, params), parseQuery(request, PageQuerySchema))));

/** POST …/export_jobs {filters} → 202 {job}. */
export const exportJobsAction = (kind: ScopeKind) =>
  writer("POST", ["GET", "POST"], async (current, request, params) => {
    const scope = scopeOf(kind, params);
    // Who may export is decided before the body is read (a refused caller learns nothing from a 400).
    await exportScopeAccess(current, scope);
    const body = await parseJsonBody(request, InsightsExportBody);
    return Response.json(JobResponse.parse({ job: await startInsightsExport(current, scope, body.filters) }), { status: 202 });
  });

/** GET …/export_jobs/{job_id}. */
export const exportJobLoader = (kind: ScopeKind) =>
  reader(async (current, _request, params) => JobResponse.parse(await getInsightsExport(current, scopeOf(kind, params), jobIdOf(kind, params))));

/** GET …/export_jobs/{job_id}/file. */
export const exportFileLoader = (kind: ScopeKind) => reader(async (current, _request, params) => insightsExportFile(current, scopeOf(kind, params), jobIdOf(kind, params)));
