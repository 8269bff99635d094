import { orNotFoundPage, pageIdParam } from "~/platform/page-errors.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import type { JobType, Prisma } from "~/generated/prisma/client.ts";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { assertSuperAdmin, pageGuard, requireUser, type CurrentUser } from "~/platform/auth.server";
import type { CycleJson } from "~/features/cycles/model.server";
import { ApiError } from "~/platform/api.server";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { storedMessageOf } from "~/platform/i18n/stored-text";
import { headerRefusal } from "~/features/jobs/messages";
import { noticeOf, withNotice } from "~/platform/refusal-notice.server";
import { createJob } from "~/features/jobs/service.server";
import { jobCycleIdFor, jobScope, jobTypeDef, PARTICIPANT_UPLOAD_COLUMNS } from "~/features/jobs/job-types.server";
import { readUploadForm, UploadFieldsSchema } from "~/features/jobs/upload.server";
import { PageQuerySchema } from "~/features/jobs/queries.server";
import { readJobDetailPage, readJobListPage, readPopulateFilterOptions } from "~/features/jobs/page-reads.server";
import type {
  JobDetailPageData,
  JobFormFailure,
  JobJson,
  JobListPageData,
  JobTypeView,
  ParticipantUploadPageData,
} from "~/features/jobs/rules";

/**
 * Loaders and actions of the bulk job pages under /app/admin/cycles/{cycleId}/, or /app/admin/ for a company-wide
 * job type (super admin only: every function starts with requireJobPage). Paths (ADR 0015):
 *   {pagePath}            list of the type's jobs, newest first
 *   {pagePath}/{jobId}    one job: status, progress, row errors
 * e.g. upload-participants-jobs/12, download-participant-jobs/13, users/import/jobs/14 (company-wide).
 * The route modules export the factories at the end (jobListLoader, jobDetailLoader, jobStartAction,
 * participantUploadLoader) with their job type; their views are in app/features/jobs/components/job-views.tsx
 * (the data they return is typed in app/features/jobs/rules.ts, so the components need no server module).
 */

type Params = LoaderFunctionArgs["params"];

export function jobTypeView(type: JobType, cycleId: number | null): JobTypeView {
  const def = jobTypeDef(type);
  return {
    key: def.key,
    label: def.label,
    pagePath: def.pagePath,
    basePath: jobPagePath(cycleId, type),
    parent: def.parentPage ?? null,
    input: def.input,
    hasOutput: !!def.output,
  };
}

/** The list page of a type's jobs, or one job's page: /app/admin/cycles/{cycleId}/{pagePath}[/{jobId}], or /app/admin/{pagePath}[/{jobId}] (company-wide: cycleId null). */
export function jobPagePath(cycleId: number | null, type: JobType, jobId?: number): string {
  const { pagePath } = jobTypeDef(type);
  const base = jobCycleIdFor(type, cycleId) === null ? `/app/admin/${pagePath}` : `/app/admin/cycles/${cycleId}/${pagePath}`;
  return jobId === undefined ? base : `${base}/${jobId}`;
}

/**
 * Every job page's guard: the signed-in super admin (403 otherwise) and, for a cycle job type, the cycle of the
 * address (404 for a malformed or unknown id); a company-wide type's pages have no cycle.
 */
export async function requireJobPage(request: Request, params: Params, type: JobType): Promise<{ current: CurrentUser; cycle: CycleJson | null }> {
  if (jobScope(type) === "cycle") return requireAdminCycle(request, params);
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  return { current, cycle: null };
}

function pageQuery(request: Request, pageSize = 25) {
  const url = new URL(request.url);
  const parsed = PageQuerySchema.safeParse({ page: url.searchParams.get("page") ?? undefined, page_size: url.searchParams.get("page_size") ?? undefined });
  // A bad page in the address falls back to the first page.
  return parsed.success ? parsed.data : { page: 1, page_size: pageSize };
}

/**
 * The guard of a job page's loader without reading the cycle (the page's one statement reads it, page-reads.server.ts):
 * the signed-in super admin (403 otherwise) and, for a cycle job type, the cycle id of the address (404 if malformed).
 */
async function requireJobPageReader(request: Request, params: Params, type: JobType): Promise<number | null> {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  return jobScope(type) === "cycle" ? pageIdParam(params.cycleId) : null;
}

/** A job list page in one statement: the cycle (404 if unknown), a page of the type's jobs, their number. */
export async function loadJobListPage(request: Request, params: Params, type: JobType) {
  const cycleId = await requireJobPageReader(request, params, type);
  const query = pageQuery(request);
  const { cycle, jobs, total } = await orNotFoundPage(() => readJobListPage(cycleId, type, query));
  return { cycle, view: jobTypeView(type, cycleId), jobs, total, page: query.page, pageSize: query.page_size } satisfies JobListPageData;
}

/** A job's page in one statement: the cycle (404 if unknown), the job (404 if not one of the page's), a page of its row errors. */
export async function loadJobDetailPage(request: Request, params: Params, type: JobType) {
  const cycleId = await requireJobPageReader(request, params, type);
  // A malformed or out-of-range id names no job: the cycle is still checked first (its 404 says so), then the job's 404.
  const jobId = /^\d{1,9}$/.test(params.jobId ?? "") ? Number(params.jobId) : 0;
  const query = pageQuery(request);
  const detail = await orNotFoundPage(() => readJobDetailPage(cycleId, type, jobId, query));
  return {
    cycle: detail.cycle,
    view: jobTypeView(type, cycleId),
    job: detail.job,
    rowErrors: detail.rowErrors,
    rowErrorsTotal: detail.rowErrorsTotal,
    page: query.page,
    pageSize: query.page_size,
  } satisfies JobDetailPageData;
}

function failureOf(err: unknown): { status: number; body: JobFormFailure } {
  if (err instanceof ApiError) {
    const d = (err.details ?? {}) as {
      missing_columns?: string[];
      unknown_columns?: string[];
      repeated_columns?: string[];
      allowed_columns?: string[];
    };
    // Keys, not sentences: the page says them in the reader's language (features/jobs/messages.ts).
    const details: PageMessage[] = [];
    if (d.missing_columns?.length) details.push(pageMessage("jobs.failure.missingColumns", { columns: d.missing_columns.join(", ") }));
    if (d.unknown_columns?.length) details.push(pageMessage("jobs.failure.unknownColumns", { columns: d.unknown_columns.map((c) => c || "(blank)").join(", ") }));
    if ((d.missing_columns?.length || d.unknown_columns?.length) && d.allowed_columns) details.push(pageMessage("jobs.failure.allowedColumns", { columns: d.allowed_columns.join(", ") }));
    // A refused header: the sentence from the columns (values), never from the English message (ADR 0100).
    const header = d.missing_columns || d.unknown_columns || d.repeated_columns
      ? headerRefusal({ missing: d.missing_columns ?? [], unknown: d.unknown_columns ?? [], repeated: d.repeated_columns ?? [] })
      : null;
    // Any other refusal: the notice its thrower tied to it (ADR 0095, 0107) or its `message_key` (a file that is not CSV,
    // ADR 0122); one without says the job could not start.
    const key = noticeOf(err) ?? storedMessageOf((err.details as { message_key?: unknown } | null)?.message_key);
    return { status: err.status, body: { ok: false, formError: header ?? key ?? pageMessage("jobs.failure.failed"), details } };
  }
  throw err;
}

/**
 * Start a job from a page form and go to its page. Uploads: multipart `file` + `error_mode`;
 * other types: a plain POST. Failures (bad header, no file) come back as form errors.
 */
export async function startJobFromPage(request: Request, params: Params, type: JobType) {
  const { current, cycle } = await requireJobPage(request, params, type);
  const cycleId = cycle?.id ?? null;
  const def = jobTypeDef(type);
  try {
    let job: JobJson;
    if (def.input === "file") {
      const { file, fields } = await readUploadForm(request);
      const parsed = UploadFieldsSchema.safeParse(fields);
      if (!parsed.success) throw withNotice(new ApiError(400, "validation_failed", "Choose what to do with invalid rows", z.flattenError(parsed.error)), pageMessage("jobs.failure.chooseMode"));
      job = await createJob(current.actor, { cycleId, type, errorMode: parsed.data.error_mode, file });
    } else if (def.params) {
      const parsed = def.params.schema.safeParse(def.params.fromForm(await request.formData()));
      if (!parsed.success) throw withNotice(new ApiError(400, "validation_failed", "Check the choices", z.flattenError(parsed.error)), pageMessage("jobs.failure.checkChoices"));
      job = await createJob(current.actor, { cycleId, type, jobParams: parsed.data as Prisma.InputJsonObject });
    } else {
      job = await createJob(current.actor, { cycleId, type });
    }
    return redirect(jobPagePath(cycleId, type, job.id));
  } catch (err) {
    const failure = failureOf(err);
    return data(failure.body, { status: failure.status });
  }
}

// ---------------------------------------------------------------------------------------------
// Loaders and actions of the job page routes, by job type.

/** {pagePath}: the type's jobs (see loadJobListPage). */
export function jobListLoader(type: JobType) {
  return ({ request, params }: LoaderFunctionArgs) => loadJobListPage(request, params, type);
}

/** {pagePath}/{jobId}: status, progress and row errors of one job (see loadJobDetailPage). */
export function jobDetailLoader(type: JobType) {
  return ({ request, params }: LoaderFunctionArgs) => loadJobDetailPage(request, params, type);
}

/** The populate jobs page: its jobs (as jobListLoader) and the directory's values for the filters, read side by side after the guard (2 statements). */
export function populateJobsLoader() {
  return async ({ request, params }: LoaderFunctionArgs) => {
    await requireJobPageReader(request, params, "POPULATE_PARTICIPANTS");
    const [page, filterOptions] = await Promise.all([loadJobListPage(request, params, "POPULATE_PARTICIPANTS"), readPopulateFilterOptions()]);
    return { ...page, filterOptions };
  };
}

/** Start a job of the type from a page form → its page (see startJobFromPage). */
export function jobStartAction(type: JobType) {
  return ({ request, params }: ActionFunctionArgs) => startJobFromPage(request, params, type);
}

/** The upload form of a participant CSV job (upload-participants, upsert-participants): the cycle, the columns, the type's jobs page. */
export function participantUploadLoader(type: "UPLOAD_PARTICIPANTS" | "UPSERT_PARTICIPANTS") {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const { cycle } = await requireAdminCycle(request, params);
    return { cycle, columns: [...PARTICIPANT_UPLOAD_COLUMNS], jobsPath: jobPagePath(cycle.id, type) } satisfies ParticipantUploadPageData;
  };
}
