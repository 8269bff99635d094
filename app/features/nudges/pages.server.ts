import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { CycleStage } from "~/features/cycles/rules";
import { ApiError } from "~/platform/api.server";
import type { Actor } from "~/platform/audit.server";
import { PageQuerySchema } from "~/features/jobs/queries.server";
import { mailEnabled } from "~/platform/mailer.server";
import { NudgeCreateBodySchema } from "~/features/nudges/contract.server";
import { nudgeJobOf, RECIPIENTS_FILE, sendNudgeNow } from "~/features/nudges/service.server";
import { sqlRows } from "~/platform/sql.server";
import { orNotFoundPage, pageIdParam } from "~/platform/page-errors.server";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { readJobDetailPage } from "~/features/jobs/page-reads.server";
import { cancelNudgeSchedule, createNudgeSchedule } from "~/features/nudges/schedules.server";
import { pendingWorkDescription } from "~/features/nudges/pending-work.server";
import { readNudgesPage } from "~/features/nudges/page-reads.server";
import { scheduleWhen, type NudgeActionResult, type NudgeFrequency, type NudgesPageData } from "~/features/nudges/rules";

/**
 * Loader and action of the nudges page /app/admin/cycles/{cycleId}/nudges (ADR 0019; super admin
 * only: the route calls requireAdminCycle first and hands over the cycle and the actor). Its
 * components are in app/features/nudges/components/nudges-page.tsx (the data they read is typed in
 * app/features/nudges/rules.ts, so they need no server module).
 */

/** The form (send now or schedule), the cycle's schedules and a page of its nudge jobs. */
export async function loadNudgesPage<C extends NudgesPageData["cycle"]>(request: Request, cycle: C) {
  const url = new URL(request.url);
  const parsed = PageQuerySchema.safeParse({ page: url.searchParams.get("page") ?? undefined, page_size: url.searchParams.get("page_size") ?? undefined });
  const query = parsed.success ? parsed.data : { page: 1, page_size: 25 };
  // One statement and one call to Temporal (issue 27): what listNudgeJobs, listNudgeSchedules and pendingWorkRecipients answer.
  const { jobs, total, schedules, pendingCount } = await readNudgesPage(cycle, query);
  return {
    cycle,
    jobs,
    total,
    page: query.page,
    pageSize: query.page_size,
    schedules,
    pendingCount,
    description: pendingWorkDescription(cycle.state as CycleStage),
    emailOn: mailEnabled(),
  } satisfies NudgesPageData;
}

/** A nudge job's counts (its notifications by dedupe key, as nudgeCounts counts them), its recipients file and schedule. */
const NUDGE_JOB_EXTRAS_SQL = `
SELECT
  (SELECT json_build_object('notified', count(*)::int, 'emailed', count(n."emailedAt")::int, 'email_failed', count(n."emailError")::int)
     FROM "Notification" n WHERE n."dedupeKey" LIKE 'nudge:%' AND split_part(n."dedupeKey", ':', 2) = $1::int::text) AS "counts",
  (SELECT f."name" FROM "JobFile" f WHERE f."jobId" = $1::int AND f."kind" = $2::text) AS "recipientsFile",
  (SELECT j."nudgeScheduleId" FROM "Job" j WHERE j."id" = $1::int) AS "scheduleId"`;

type NudgeJobExtras = { counts: { notified: number; emailed: number; email_failed: number }; recipientsFile: string | null; scheduleId: number | null };

/**
 * One nudge job's page (/app/admin/cycles/{cycleId}/nudges/{jobId}; super admin): the cycle, the job with its counts,
 * a page of its refused emails, in 2 statements sent together (the job pages' one read and the nudge's counts; issue
 * 27), answering what getNudgeJobDetail answers with the same 404s (the cycle first, then the job).
 */
export async function loadNudgeJobPage(request: Request, params: Record<string, string | undefined>) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  const cycleId = pageIdParam(params.cycleId);
  const jobId = /^\d{1,9}$/.test(params.jobId ?? "") ? Number(params.jobId) : 0;
  const url = new URL(request.url);
  const parsed = PageQuerySchema.safeParse({ page: url.searchParams.get("page") ?? undefined });
  const query = parsed.success ? parsed.data : { page: 1, page_size: 25 };
  const [detail, [extras]] = await orNotFoundPage(() =>
    Promise.all([readJobDetailPage(cycleId, "NUDGE", jobId, query), sqlRows<NudgeJobExtras>("nudge_job_page_extras", NUDGE_JOB_EXTRAS_SQL, [jobId, RECIPIENTS_FILE])]),
  );
  return {
    cycle: detail.cycle!,
    job: nudgeJobOf(detail.job, extras!.counts, extras!.recipientsFile, extras!.scheduleId),
    row_errors: detail.rowErrors,
    row_errors_total: detail.rowErrorsTotal,
    page: query.page,
    page_size: query.page_size,
  };
}

function fail(intent: string, status: number, formError: string | null, fieldErrors: Record<string, string[]>, values: Record<string, string>) {
  return data<NudgeActionResult>({ ok: false, intent, formError, fieldErrors, values }, { status });
}

/** A datetime-local value ("2026-12-01T09:00") in the browser's offset (minutes, as Date#getTimezoneOffset) → ISO UTC. */
function localToIso(local: string, offsetMinutes: number): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])) + offsetMinutes * 60_000;
  return Number.isFinite(utc) ? new Date(utc).toISOString() : null;
}

/** The form's recurring fields → a cron expression (presets) or the custom one. */
function cronOf(values: Record<string, string>): string {
  const frequency = (values.frequency ?? "daily") as NudgeFrequency;
  if (frequency === "custom") return values.cron ?? "";
  const t = /^(\d{2}):(\d{2})$/.exec(values.time ?? "");
  if (!t) return "";
  const minute = Number(t[2]);
  const hour = Number(t[1]);
  if (frequency === "weekdays") return `${minute} ${hour} * * MON-FRI`;
  if (frequency === "weekly") return `${minute} ${hour} * * ${values.weekday || "MON"}`;
  return `${minute} ${hour} * * *`;
}

/** intent "create" (when: now → the job's page; at or recurring → a schedule) or "cancel" (a schedule). */
export async function nudgesPageAction(request: Request, actor: Actor, cycleId: number) {
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") values[k] = v;
  const intent = values.intent ?? "";
  try {
    if (intent === "cancel") {
      const id = Number(values.schedule_id);
      if (!Number.isInteger(id) || id <= 0) return fail(intent, 400, "Unknown schedule", {}, values);
      const schedule = await cancelNudgeSchedule(actor, cycleId, id);
      return data<NudgeActionResult>({ ok: true, intent, message: { key: "nudges.result.cancelled", schedule: scheduleWhen(schedule) } });
    }
    if (intent !== "create") return fail(intent, 400, "Unknown action", {}, values);
    const when = values.when ?? "now";
    if (when === "now") {
      const job = await sendNudgeNow(actor, cycleId);
      return redirect(`/app/admin/cycles/${cycleId}/nudges/${job.id}`);
    }
    let body: unknown;
    if (when === "at") {
      if (!values.at_local) return fail(intent, 400, null, { at: ["Choose a date and time"] }, values);
      const iso = localToIso(values.at_local, Number(values.tz_offset || "0") || 0);
      if (!iso) return fail(intent, 400, null, { at: ["Choose a valid date and time"] }, values);
      body = { when: "at", at: iso };
    } else if (when === "recurring") {
      if ((values.frequency ?? "daily") !== "custom" && !/^\d{2}:\d{2}$/.test(values.time ?? "")) {
        return fail(intent, 400, null, { time: ["Choose a time"] }, values);
      }
      body = { when: "recurring", cron: cronOf(values), time_zone: values.time_zone || "UTC" };
    } else {
      return fail(intent, 400, "Choose when to send the reminder", {}, values);
    }
    const parsed = NudgeCreateBodySchema.safeParse(body);
    if (!parsed.success) {
      const flat = z.flattenError(parsed.error);
      return fail(intent, 400, flat.formErrors[0] ?? null, flat.fieldErrors as Record<string, string[]>, values);
    }
    const input = parsed.data;
    const schedule =
      input.when === "at"
        ? await createNudgeSchedule(actor, cycleId, { kind: "once", at: new Date(input.at) })
        : input.when === "recurring"
          ? await createNudgeSchedule(actor, cycleId, { kind: "recurring", cron: input.cron, timeZone: input.time_zone })
          : null;
    return data<NudgeActionResult>({ ok: true, intent, message: { key: "nudges.result.scheduled", schedule: schedule ? scheduleWhen(schedule) : null } });
  } catch (err) {
    if (err instanceof ApiError) return fail(intent, err.status, err.message, {}, values);
    throw err;
  }
}
