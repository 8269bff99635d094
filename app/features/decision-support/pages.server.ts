import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ApiError } from "~/platform/api.server";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { notFoundPage, pageIdParam } from "~/platform/page-errors.server";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { jobTypeDef } from "~/features/jobs/job-types.server";
import { startParticipantsReport } from "~/features/decision-support/reports.server";
import { readReportsPage, readThermaUploadPage } from "~/features/decision-support/page-reads.server";
import { METRIC_TYPES, type ReportFormFailure, type ReportsPageData } from "~/features/decision-support/rules";
import { readSessionThermaScans } from "~/features/decision-support/therma-scan/session-reads.server";
import { THERMA_SCAN_COLUMNS, THERMA_SCAN_REQUIRED_COLUMNS, type SessionThermaScans, type ThermaUploadPageData } from "~/features/decision-support/therma-scan/rules";

/**
 * Loaders and actions of the decision support pages (super admin: every one checks the role first; the loaders read
 * their page in one statement, page-reads.server.ts):
 *   /app/admin/cycles/{cycleId}/decision-support/reports          inactive participants, start a report
 *   /app/admin/cycles/{cycleId}/decision-support/reports/jobs[/…] the report jobs (app/features/jobs pages)
 *   /app/admin/cycles/{cycleId}/therma-scan-report/upload         the Therma-scan upload form
 *   /app/admin/cycles/{cycleId}/therma-scan-report/jobs[/…]       its jobs (app/features/jobs pages)
 * and the Therma-scan panel of the rating calibration session admin's page.
 */

type Params = LoaderFunctionArgs["params"];

const INACTIVE_PAGE_SIZE = 25;
const RECENT_REPORTS = 5;

/** The super admin a page under /app/admin/cycles/{cycleId}/ needs (as requireAdminCycle; the page's read finds the cycle). */
async function requireSuperAdminPage(request: Request) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  return current;
}

const pagePath = (cycleId: number, type: "DOWNLOAD_PARTICIPANTS_REPORT" | "UPLOAD_THERMA_SCAN", jobId?: number) =>
  `/app/admin/cycles/${cycleId}/${jobTypeDef(type).pagePath}${jobId === undefined ? "" : `/${jobId}`}`;

export async function loadReportsPage(request: Request, params: Params): Promise<ReportsPageData> {
  await requireSuperAdminPage(request);
  const cycleId = pageIdParam(params.cycleId);
  const raw = new URL(request.url).searchParams.get("page") ?? "1";
  // A bad page in the address falls back to the first page.
  const page = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
  const read = await readReportsPage(cycleId, RECENT_REPORTS);
  if (!read) throw notFoundPage();
  const offset = (page - 1) * INACTIVE_PAGE_SIZE;
  return {
    cycle: read.cycle,
    stage: read.stage,
    inactive: { total: read.inactive.length, participants: read.inactive.slice(offset, offset + INACTIVE_PAGE_SIZE) },
    page,
    pageSize: INACTIVE_PAGE_SIZE,
    recentJobs: read.recentJobs,
    jobsPath: pagePath(cycleId, "DOWNLOAD_PARTICIPANTS_REPORT"),
  };
}

/** The report form's refusal as a key (ADR 0076): the metric missing or unknown, the workflow service down. */
function reportFailure(err: ApiError, value: FormDataEntryValue | null): PageMessage {
  const metrics = METRIC_TYPES.join(", ");
  const fields = (err.details as { fieldErrors?: Record<string, unknown> } | undefined)?.fieldErrors;
  if (fields?.metric_type) {
    return value === null || value === "" ? pageMessage("decisionSupport.failure.metricRequired", { metrics }) : pageMessage("decisionSupport.failure.unknownMetric", { value: String(value), metrics });
  }
  if (err.status === 503) return pageMessage("decisionSupport.failure.unavailable");
  return pageMessage("decisionSupport.failure.failed");
}

/** The report form (field metric_type) → the new job's page; an unknown metric or Temporal down → the form's error. */
export async function startReportFromPage({ request, params }: ActionFunctionArgs) {
  const { current, cycle } = await requireAdminCycle(request, params);
  const form = await request.formData();
  const value = form.get("metric_type");
  try {
    const job = await startParticipantsReport(current, cycle.id, value ?? undefined);
    return redirect(pagePath(cycle.id, "DOWNLOAD_PARTICIPANTS_REPORT", job.id));
  } catch (err) {
    if (err instanceof ApiError) return data<ReportFormFailure>({ ok: false, formError: reportFailure(err, value) }, { status: err.status });
    throw err;
  }
}

export async function loadThermaUploadPage(request: Request, params: Params): Promise<ThermaUploadPageData> {
  await requireSuperAdminPage(request);
  const cycleId = pageIdParam(params.cycleId);
  const read = await readThermaUploadPage(cycleId);
  if (!read) throw notFoundPage();
  return {
    cycle: read.cycle,
    columns: [...THERMA_SCAN_COLUMNS],
    requiredColumns: [...THERMA_SCAN_REQUIRED_COLUMNS],
    jobsPath: pagePath(cycleId, "UPLOAD_THERMA_SCAN"),
    stored: read.stored,
    participants: read.participants,
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
