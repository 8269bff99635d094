import { getDb } from "~/platform/db.server";
import { badRequest, unprocessable } from "~/platform/api.server";
import { assertSuperAdmin, type CurrentUser } from "~/platform/auth.server";
import { createJob, type CreateJobOptions } from "~/features/jobs/service.server";
import { getJobDetail, listJobs, type PageQuery } from "~/features/jobs/queries.server";
import { PARAMS_FILE } from "~/features/jobs/files.server";
import type { JobJson, JobRowErrorJson } from "~/features/jobs/rules";
import { isMetricType, METRIC_TYPES, type MetricType, type ReportJobJson } from "~/features/decision-support/rules";

/**
 * The participants report jobs (ADR 0032): a DOWNLOAD_PARTICIPANTS_REPORT bulk job (ADR 0015, workflow `job-<id>`)
 * per download, its metric stored with it (the job's `params` file), run by
 * app/features/jobs/types/participants-report.server.ts. Starting one: super admin; reading: the callers check.
 */

const TYPE = "DOWNLOAD_PARTICIPANTS_REPORT" as const;

/**
 * `value` when it is one of the metrics: an unknown one is 400 (the document lists them); none, in the query or the
 * body, is 422 (each of the two may be left out, so the document cannot say one of them is needed; ADR 0060).
 */
export function parseMetricType(value: unknown): MetricType {
  if (isMetricType(value)) return value;
  const missing = value === undefined || value === null || value === "";
  const message = missing ? `metric_type is required: one of ${METRIC_TYPES.join(", ")}` : `Unknown metric_type '${String(value)}': use one of ${METRIC_TYPES.join(", ")}`;
  const details = { formErrors: [], fieldErrors: { metric_type: [message] }, allowed_metric_types: METRIC_TYPES };
  throw missing ? unprocessable(message, details) : badRequest(message, details);
}

/** Start a report of the cycle for `metric` (super admin; 404 unknown cycle; 503 without Temporal). */
export async function startParticipantsReport(current: CurrentUser, cycleId: number, metric: unknown, opts: CreateJobOptions = {}): Promise<ReportJobJson> {
  assertSuperAdmin(current);
  const metricType = parseMetricType(metric);
  const job = await createJob(current.actor, { cycleId, type: TYPE, params: { metric_type: metricType } }, opts);
  return { ...job, metric_type: metricType };
}

/** The jobs with the metric each was started with. */
async function withMetrics(jobs: JobJson[]): Promise<ReportJobJson[]> {
  if (jobs.length === 0) return [];
  const db = await getDb();
  const files = await db.jobFile.findMany({ where: { jobId: { in: jobs.map((j) => j.id) }, kind: PARAMS_FILE }, select: { jobId: true, content: true } });
  const metricOf = new Map<number, MetricType>();
  for (const f of files) {
    let params: { metric_type?: unknown } = {};
    try {
      params = JSON.parse(Buffer.from(f.content).toString("utf8")) as { metric_type?: unknown };
    } catch {
      // A damaged parameters file: the job shows without its metric rather than breaking the list.
    }
    if (isMetricType(params?.metric_type)) metricOf.set(f.jobId, params.metric_type);
  }
  return jobs.map((job) => ({ ...job, metric_type: metricOf.get(job.id) ?? null }));
}

/** The cycle's report jobs, newest first (404 unknown cycle). */
export async function listReportJobs(cycleId: number, query: PageQuery): Promise<{ jobs: ReportJobJson[]; total: number }> {
  const { jobs, total } = await listJobs(cycleId, TYPE, query);
  return { jobs: await withMetrics(jobs), total };
}

/** One report job and a page of its row errors (404 unknown cycle or job, or a job of another type). */
export async function getReportJob(
  cycleId: number,
  jobId: number,
  query: PageQuery,
): Promise<{ job: ReportJobJson; row_errors: JobRowErrorJson[]; row_errors_total: number; page: number; page_size: number }> {
  const detail = await getJobDetail(cycleId, TYPE, jobId, query);
  const [job] = await withMetrics([detail.job]);
  return { ...detail, job: job! };
}
