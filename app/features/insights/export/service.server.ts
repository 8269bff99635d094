import type { Prisma } from "~/generated/prisma/client.ts";
import { getDb } from "~/platform/db.server";
import { notFound } from "~/platform/api.server";
import { assertNotSpoofing, isSuperAdmin, type CurrentUser } from "~/platform/auth.server";
import { createJob, type CreateJobOptions } from "~/features/jobs/service.server";
import { jobInclude, toJobJson, type JobWithCreator } from "~/features/jobs/job-types.server";
import { jobOutputResponse, type PageQuery } from "~/features/jobs/queries.server";
import type { JobJson } from "~/features/jobs/rules";
import { checkInsightFilters, cycleInsightsAccess, sessionInsightsAccess, type InsightFilterInput } from "~/features/insights/service.server";
import type { InsightsExportParams } from "~/features/insights/export/contract.server";
import { exportJobsPath, type ExportJobPageData, type ExportScope } from "~/features/insights/export/rules";

/**
 * The insights CSV exports (issue 29 §5, ADR 0115): start one (a bulk job, EXPORT_INSIGHTS), list and read them, serve
 * the file. Every call first checks the insights' own rule for the scope (service.server.ts: super admins; HR partners
 * of the cycle's participants, of the session's people or its creator; 403 / 404 otherwise); then a super admin sees
 * every export of the scope, anyone else only their own (an HR partner's file holds her people: no one else's to read).
 */

/** The scope's cycle, session and name, once the reader may read its insights (403 / 404 as the insights answer). */
export async function exportScopeAccess(current: CurrentUser, scope: ExportScope): Promise<{ cycleId: number; sessionId: number | null; name: string }> {
  if (scope.kind === "cycle") {
    const cycle = await cycleInsightsAccess(current, scope.cycleId);
    return { cycleId: cycle.id, sessionId: null, name: cycle.name };
  }
  const { session } = await sessionInsightsAccess(current, scope.sessionId);
  return { cycleId: session.cycle.id, sessionId: session.id, name: session.name };
}

/** An export job's scope as its params keep it (null: not an export job's params). */
export function exportScopeOf(job: Pick<JobWithCreator, "cycleId" | "params">): ExportScope | null {
  const params = job.params as Partial<InsightsExportParams> | null;
  if (job.cycleId === null || !params) return null;
  if (params.scope === "cycle") return { kind: "cycle", cycleId: job.cycleId };
  return params.scope === "session" && typeof params.session_id === "number" ? { kind: "session", sessionId: params.session_id } : null;
}

/** The job's JSON (the jobs' own), its file at its scope's address. */
export function exportJobJson(job: JobWithCreator): JobJson {
  const json = toJobJson(job);
  const scope = exportScopeOf(job);
  return { ...json, output_file_url: json.status === "succeeded" && scope ? `${exportJobsPath(scope)}/${job.id}/file` : null };
}

/** The jobs of the scope the reader may see: a super admin's every one, anyone else's their own. */
function jobsWhere(current: CurrentUser, at: { cycleId: number; sessionId: number | null }): Prisma.JobWhereInput {
  return {
    type: "EXPORT_INSIGHTS",
    cycleId: at.cycleId,
    params: at.sessionId === null ? { path: ["scope"], equals: "cycle" } : { path: ["session_id"], equals: at.sessionId },
    ...(isSuperAdmin(current) ? {} : { createdById: current.user.id }),
  };
}

/**
 * Start an export of the scope's insights with these filters (checked now as the insights check them: 400 for an
 * unknown or hidden attribute, one per attribute) → the job (pending). Not while spoofing (403): the file would be the
 * viewed person's view. 503 without Temporal (the job is marked failed). Audited (job.create with the params).
 */
export async function startInsightsExport(current: CurrentUser, scope: ExportScope, filters: readonly InsightFilterInput[], opts: CreateJobOptions = {}): Promise<JobJson> {
  const at = await exportScopeAccess(current, scope);
  assertNotSpoofing(current);
  await checkInsightFilters(current, filters);
  const params: InsightsExportParams = { scope: scope.kind, session_id: at.sessionId, filters: filters.map((f) => ({ attribute_id: f.attribute_id, value: f.value })) };
  const job = await createJob(current.actor, { cycleId: at.cycleId, type: "EXPORT_INSIGHTS", jobParams: params }, opts);
  return { ...job, output_file_url: null };
}

export async function listInsightsExports(current: CurrentUser, scope: ExportScope, query: PageQuery): Promise<{ jobs: JobJson[]; total: number }> {
  const where = jobsWhere(current, await exportScopeAccess(current, scope));
  const db = await getDb();
  const [rows, total] = await Promise.all([
    db.job.findMany({ where, include: jobInclude, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (query.page - 1) * query.page_size, take: query.page_size }),
    db.job.count({ where }),
  ]);
  return { jobs: rows.map(exportJobJson), total };
}

async function requireExport(current: CurrentUser, scope: ExportScope, jobId: number) {
  const at = await exportScopeAccess(current, scope);
  const job = await (await getDb()).job.findFirst({ where: { id: jobId, ...jobsWhere(current, at) }, include: jobInclude });
  if (!job) throw notFound(`Job ${jobId} not found`);
  return { job, at };
}

export async function getInsightsExport(current: CurrentUser, scope: ExportScope, jobId: number): Promise<{ job: JobJson }> {
  return { job: exportJobJson((await requireExport(current, scope, jobId)).job) };
}

/** The export's CSV (with the BOM), streamed; 404 until the job has succeeded. */
export async function insightsExportFile(current: CurrentUser, scope: ExportScope, jobId: number): Promise<Response> {
  const { at } = await requireExport(current, scope, jobId);
  return jobOutputResponse(at.cycleId, "EXPORT_INSIGHTS", jobId);
}

/**
 * The job page's read (/app/insights/exports/{jobId}): the export job (404 for an unknown job or one of another
 * type), its scope, which the reader must still be allowed to read (403), and its name; someone else's export is 404
 * to anyone but a super admin.
 */
export async function readExportJobPage(current: CurrentUser, jobId: number): Promise<ExportJobPageData> {
  const db = await getDb();
  const row = await db.job.findFirst({ where: { id: jobId, type: "EXPORT_INSIGHTS" }, include: jobInclude });
  const scope = row ? exportScopeOf(row) : null;
  if (!row || !scope) throw notFound(`Job ${jobId} not found`);
  const at = await exportScopeAccess(current, scope);
  if (!isSuperAdmin(current) && row.createdById !== current.user.id) throw notFound(`Job ${jobId} not found`);
  return { job: exportJobJson(row), scope, name: at.name };
}
