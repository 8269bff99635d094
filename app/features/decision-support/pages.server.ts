import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ApiError } from "~/platform/api.server";
import { requireUser } from "~/platform/auth.server";
import { pageIdParam } from "~/platform/page-errors.server";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { jobTypeDef } from "~/features/jobs/job-types.server";
import { listInactiveParticipants } from "~/features/decision-support/inactive.server";
import { listReportJobs, startParticipantsReport } from "~/features/decision-support/reports.server";
import { metricOptions, type ReportFormFailure, type ReportsPageData } from "~/features/decision-support/rules";
import { thermaScanCoverage } from "~/features/decision-support/therma-scan/service.server";
import { readSessionThermaScans } from "~/features/decision-support/therma-scan/session-reads.server";
import { THERMA_SCAN_COLUMNS, THERMA_SCAN_REQUIRED_COLUMNS, type SessionThermaScans, type ThermaUploadPageData } from "~/features/decision-support/therma-scan/rules";

/**
 * Loaders and actions of the decision support pages (super admin: every one starts with requireAdminCycle):
 *   /app/admin/cycles/{cycleId}/decision-support/reports          inactive participants, start a report
 *   /app/admin/cycles/{cycleId}/decision-support/reports/jobs[/…] the report jobs (app/features/jobs pages)
 *   /app/admin/cycles/{cycleId}/therma-scan-report/upload         the Therma-scan upload form
 *   /app/admin/cycles/{cycleId}/therma-scan-report/jobs[/…]       its jobs (app/features/jobs pages)
 * and the Therma-scan panel of the rating calibration session admin's page.
 */

type Params = LoaderFunctionArgs["params"];

const INACTIVE_PAGE_SIZE = 25;

const pagePath = (cycleId: number, type: "DOWNLOAD_PARTICIPANTS_REPORT" | "UPLOAD_THERMA_SCAN", jobId?: number) =>
  `/app/admin/cycles/${cycleId}/${jobTypeDef(type).pagePath}${jobId === undefined ? "" : `/${jobId}`}`;

export async function loadReportsPage(request: Request, params: Params): Promise<ReportsPageData> {
  const { cycle } = await requireAdminCycle(request, params);
  const raw = new URL(request.url).searchParams.get("page") ?? "1";
  // A bad page in the address falls back to the first page.
  const page = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
  const [inactive, recent] = await Promise.all([
    listInactiveParticipants(cycle.id, { limit: INACTIVE_PAGE_SIZE, offset: (page - 1) * INACTIVE_PAGE_SIZE }),
    listReportJobs(cycle.id, { page: 1, page_size: 5 }),
  ]);
  return {
    cycle: { id: cycle.id, name: cycle.name, state: cycle.state },
    inactive,
    page,
    pageSize: INACTIVE_PAGE_SIZE,
    metrics: metricOptions(),
    recentJobs: recent.jobs,
    jobsPath: pagePath(cycle.id, "DOWNLOAD_PARTICIPANTS_REPORT"),
  };
}

/** The report form (field metric_type) → the new job's page; an unknown metric or Temporal down → the form's error. */
export async function startReportFromPage({ request, params }: ActionFunctionArgs) {
  const { current, cycle } = await requireAdminCycle(request, params);
  const form = await request.formData();
  try {
    const job = await startParticipantsReport(current, cycle.id, form.get("metric_type") ?? undefined);
    return redirect(pagePath(cycle.id, "DOWNLOAD_PARTICIPANTS_REPORT", job.id));
  } catch (err) {
    if (err instanceof ApiError) return data<ReportFormFailure>({ ok: false, formError: err.message }, { status: err.status });
    throw err;
  }
}

export async function loadThermaUploadPage(request: Request, params: Params): Promise<ThermaUploadPageData> {
  const { cycle } = await requireAdminCycle(request, params);
  const coverage = await thermaScanCoverage(cycle.id);
  return {
    cycle: { id: cycle.id, name: cycle.name, state: cycle.state },
    columns: [...THERMA_SCAN_COLUMNS],
    requiredColumns: [...THERMA_SCAN_REQUIRED_COLUMNS],
    jobsPath: pagePath(cycle.id, "UPLOAD_THERMA_SCAN"),
    ...coverage,
  };
}

/**
 * The Therma-scan panel of the session admin's page of a rating calibration session (its loader has already checked
 * the role): the scans of the session's participants, or null for anyone the service refuses (the panel is left out).
 */
export async function loadSessionThermaScans(request: Request, params: Params, cycleId: number): Promise<SessionThermaScans | null> {
  const current = await requireUser(request);
  try {
    return await readSessionThermaScans(current, cycleId, pageIdParam(params.id));
  } catch (err) {
    if (err instanceof ApiError && (err.status === 403 || err.status === 404)) return null;
    throw err;
  }
}
