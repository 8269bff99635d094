import { isGrpcServiceError, MONTHS, ScheduleNotFoundError } from "@temporalio/client";
import { getDb, type Db, type Tx } from "~/platform/db.server";
import { fromDbState, stageLabel, type CycleStage } from "~/features/cycles/rules";
import { describeNudgeSchedule, type NudgeScheduleKindValue } from "~/features/nudges/rules";
import { Prisma, type Job, type NudgeSchedule } from "~/generated/prisma/client.ts";
import { ApiError, badRequest, notFound } from "~/platform/api.server";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { auditJob, CHUNK_TX, claimRows, JobInputError, type JobContext, type JobHandler } from "~/features/jobs/runner.server";
import { createJob, getJobDetail, listJobs, type JobJson, type JobRowErrorJson, type PageQuery } from "~/features/jobs/service.server";
import { absoluteLink, escapeHtml, mailEnabled, sendMail } from "~/platform/mailer.server";
import { pendingWorkFor, type PendingRecipient } from "~/features/nudges/pending-work.server";
import { getTemporalClient, temporalSettings } from "~/platform/temporal.server";
import type { JobStep, StepResult } from "../../../workflows/bulk-job-contract";
import {
  NUDGE_JOB_TYPE_KEY,
  SCHEDULED_NUDGE_WORKFLOW,
  type ScheduledNudgeInput,
  type StartScheduledNudgeInput,
  type StartScheduledNudgeResult,
} from "../../../workflows/nudge-contract";
import { CycleIdKey, JobTypeKey } from "../../../workflows/search-attributes-contract";

/**
 * Nudges (ADR 0019): remind everyone with pending work in a cycle's current stage.
 *
 *  - A nudge run is a NUDGE bulk job (ADR 0015: workflow `job-<jobId>`): `begin` takes the
 *    pending-work recipients of the stage the cycle is in at that moment and stores them with the
 *    job (JobFile "recipients"); each step handles a chunk of them: one in-app Notification each
 *    (dedupeKey `nudge:<jobId>:<userId>`, so a retried or replayed step never notifies twice) and,
 *    when SMTP_URL is set, one email each (claimed by setting emailedAt before sending, so a retry
 *    never sends twice; released again if the SMTP server fails for now, recorded as a row error
 *    if it refuses for good).
 *  - "Send now" creates the job at once (`createJob`). A schedule is a Temporal Schedule
 *    `nudge-cycle-<cycleId>-<id>` (a NudgeSchedule row) whose runs each create their own job
 *    (workflows/nudge-schedule.ts).
 */

export const NUDGE_KIND = "nudge";
/** Job.message while the recipients are being reminded (the phase claimRows checks). */
export const NUDGE_PHASE = "Sending reminders";
/** Recipients per step at most (each may be an SMTP round trip). */
export const NUDGE_CHUNK = 100;
/** JobFile kind holding the recipients chosen when the job began (JSON). */
export const RECIPIENTS_FILE = "recipients";

export const nudgeDedupeKey = (jobId: number, userId: number) => `nudge:${jobId}:${userId}`;

// ---------------------------------------------------------------------------------------------
// The job handler

type Snapshot = { cycle_id: number; cycle_name: string; stage: CycleStage; recipients: PendingRecipient[] };

async function readSnapshot(db: Db | Tx, jobId: number): Promise<Snapshot> {
  const file = await db.jobFile.findUnique({ where: { jobId_kind: { jobId, kind: RECIPIENTS_FILE } }, select: { content: true } });
  if (!file) throw new JobInputError(`Job ${jobId} has no recipient list`);
  return JSON.parse(Buffer.from(file.content).toString("utf8")) as Snapshot;
}

function rowCursor(value: JobStep["cursor"]): { row: number } {
  const c = value as { row?: unknown } | null;
  if (!c || typeof c.row !== "number" || c.row < 0) throw new Error("Malformed nudge step cursor");
  return { row: c.row };
}

export function nudgeTitle(cycleName: string): string {
  return `Reminder: you have pending work in ${cycleName}`;
}

function emailOf(r: PendingRecipient, cycleName: string) {
  const url = absoluteLink(r.link);
  const subject = nudgeTitle(cycleName);
  const text = `Hello ${r.name},\n\n${r.reason}.\n\nOpen PMR: ${url}\n\nThis is a reminder from the people team.\n`;
  const html =
    `<p>Hello ${escapeHtml(r.name)},</p><p>${escapeHtml(r.reason)}.</p>` +
    `<p><a href="${escapeHtml(url)}">Open PMR</a></p><p>This is a reminder from the people team.</p>`;
  return { to: r.email, subject, text, html };
}

/** SMTP refused for good (5xx reply): retrying will not help. */
function isPermanentSmtpError(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

function errorText(err: unknown): string {
  const e = err as { response?: unknown; message?: unknown } | null;
  return String(e?.response ?? e?.message ?? err).slice(0, 500);
}

/**
 * Email each recipient of the chunk whose notification has not been emailed yet. Each email is
 * claimed first (emailedAt set where it was null), then sent, then audited. A temporary failure
 * releases the claim and throws (the activity is retried); a permanent refusal records a row error.
 */
async function emailChunk(ctx: JobContext, snapshot: Snapshot, from: number, chunk: PendingRecipient[]) {
  if (!mailEnabled() || chunk.length === 0) return;
  const position = new Map(chunk.map((r, i) => [r.userId, { r, rowNumber: from + i + 1 }]));
  const pending = await ctx.db.notification.findMany({
    where: { dedupeKey: { in: chunk.map((r) => nudgeDedupeKey(ctx.job.id, r.userId)) }, emailedAt: null, emailError: null },
    select: { id: true, userId: true, user: { select: { email: true, name: true } } },
    orderBy: { id: "asc" },
  });
  for (const n of pending) {
    ctx.checkCancelled();
    ctx.heartbeat({ emailing: n.userId });
    const at = position.get(n.userId);
    if (!at) continue;
    const claimedAt = new Date();
    const claim = await ctx.db.notification.updateMany({ where: { id: n.id, emailedAt: null, emailError: null }, data: { emailedAt: claimedAt } });
    if (claim.count !== 1) continue; // another attempt has it
    const recipient = { ...at.r, email: n.user.email, name: n.user.name };
    let messageId: string | null;
    try {
      messageId = await sendMail(emailOf(recipient, snapshot.cycle_name));
    } catch (err) {
      if (!isPermanentSmtpError(err)) {
        await ctx.db.notification.updateMany({ where: { id: n.id, emailedAt: claimedAt }, data: { emailedAt: null } });
        throw err;
      }
      const message = `Email to ${recipient.email} refused: ${errorText(err)}`;
      await ctx.db.$transaction(async (tx) => {
        await tx.notification.update({ where: { id: n.id }, data: { emailedAt: null, emailError: message } });
        await tx.jobRowError.create({ data: { jobId: ctx.job.id, rowNumber: at.rowNumber, column: "email", message } });
        await tx.job.update({ where: { id: ctx.job.id }, data: { failedRows: { increment: 1 } } });
        await recordAudit(tx, ctx.actor, {
          action: "notification.email_failed",
          entityType: "Notification",
          entityId: n.id,
          after: { job_id: ctx.job.id, user_id: n.userId, to: recipient.email, error: message },
        });
      });
      continue;
    }
    await recordAudit(ctx.db, ctx.actor, {
      action: "notification.email",
      entityType: "Notification",
      entityId: n.id,
      after: { job_id: ctx.job.id, user_id: n.userId, to: recipient.email, message_id: messageId, emailed_at: claimedAt.toISOString() },
    });
  }
}

const nudgeHandler: JobHandler = {
  async begin(ctx) {
    const cycle = await ctx.db.cycle.findUnique({ where: { id: ctx.job.cycleId }, select: { id: true, name: true, state: true } });
    if (!cycle) throw new JobInputError(`Cycle ${ctx.job.cycleId} no longer exists`);
    const stage = fromDbState(cycle.state);
    const recipients = await pendingWorkFor(ctx.db, cycle);
    const snapshot: Snapshot = { cycle_id: cycle.id, cycle_name: cycle.name, stage, recipients };
    return {
      totalRows: recipients.length,
      phase: NUDGE_PHASE,
      // Always one step: if this begin is a retry after its commit, the stored list decides, not this one.
      first: { phase: "nudge", cursor: { row: 0 } },
      write: async (tx) => {
        await tx.jobFile.createMany({
          data: [
            {
              jobId: ctx.job.id,
              kind: RECIPIENTS_FILE,
              name: `recipients-${stage}.json`,
              contentType: "application/json",
              content: Buffer.from(JSON.stringify(snapshot), "utf8"),
            },
          ],
          skipDuplicates: true,
        });
      },
    };
  },

  async step(ctx, step): Promise<StepResult> {
    const { row } = rowCursor(step.cursor);
    const snapshot = await readSnapshot(ctx.db, ctx.job.id);
    const size = Math.max(1, Math.min(ctx.chunkRows, NUDGE_CHUNK));
    const chunk = snapshot.recipients.slice(row, row + size);
    const to = row + chunk.length;
    const next: JobStep | null = to < snapshot.recipients.length ? { phase: "nudge", cursor: { row: to } } : null;
    ctx.checkCancelled();
    await ctx.db.$transaction(async (tx) => {
      if (!(await claimRows(tx, ctx.job.id, { phase: NUDGE_PHASE, from: row, to }))) return; // already committed
      if (chunk.length === 0) return;
      const created = await tx.notification.createManyAndReturn({
        data: chunk.map((r) => ({
          userId: r.userId,
          kind: NUDGE_KIND,
          title: nudgeTitle(snapshot.cycle_name),
          body: r.reason,
          link: r.link,
          dedupeKey: nudgeDedupeKey(ctx.job.id, r.userId),
        })),
        skipDuplicates: true, // a notification of this job for this user exists: nothing new
        select: { id: true, userId: true, dedupeKey: true },
      });
      if (created.length) {
        await tx.auditRecord.createMany({
          data: created.map((n) => ({
            actorId: ctx.actor.userId,
            realActorId: ctx.actor.realUserId ?? ctx.actor.userId,
            source: ctx.actor.source,
            action: "notification.create",
            entityType: "Notification",
            entityId: String(n.id),
            after: { user_id: n.userId, kind: NUDGE_KIND, job_id: ctx.job.id, cycle_id: ctx.job.cycleId, dedupe_key: n.dedupeKey },
          })),
        });
      }
      await tx.job.update({ where: { id: ctx.job.id }, data: { succeededRows: { increment: chunk.length } } });
      await auditJob(tx, ctx.actor, ctx.job, "job.rows_committed", {
        from_row: row + 1,
        to_row: to,
        recipients: chunk.length,
        notified: created.length,
        already_notified: chunk.length - created.length,
      });
    }, CHUNK_TX);
    // Emails go out after the notifications are committed; on a retry the claim above is skipped but
    // any email of this chunk not sent yet still goes out (each is claimed on its own).
    await emailChunk(ctx, snapshot, row, chunk);
    return { next };
  },

  async finish(ctx) {
    const snapshot = await readSnapshot(ctx.db, ctx.job.id);
    const counts = (await nudgeCounts(ctx.db, [ctx.job.id])).get(ctx.job.id) ?? { notified: 0, emailed: 0, email_failed: 0 };
    const label = stageLabel(snapshot.stage);
    if (snapshot.recipients.length === 0) {
      return { status: "SUCCEEDED", message: `Nobody has pending work in the '${label}' stage: no reminders sent` };
    }
    const people = snapshot.recipients.length === 1 ? "1 person" : `${snapshot.recipients.length} people`;
    const email = mailEnabled()
      ? `${counts.emailed} ${counts.emailed === 1 ? "email" : "emails"} sent${counts.email_failed ? `, ${counts.email_failed} refused` : ""}`
      : "no emails (SMTP_URL is not set)";
    return {
      status: "SUCCEEDED",
      message: `Reminded ${people} with pending work in the '${label}' stage: ${counts.notified} notifications, ${email}`,
    };
  },
};

export const nudgeJobHandlers = { NUDGE: nudgeHandler } satisfies Record<string, JobHandler>;

// ---------------------------------------------------------------------------------------------
// Jobs as JSON

export type NudgeJobJson = JobJson & {
  /** The stage whose pending work was reminded (null until the job has begun). */
  stage: CycleStage | null;
  recipients: number;
  /** In-app notifications this job created. */
  notified: number;
  /** Emails handed to the SMTP server. */
  emailed: number;
  /** Emails the SMTP server refused for good. */
  email_failed: number;
  /** The schedule whose run created this job (null: sent now). */
  schedule_id: number | null;
};

type Counts = { notified: number; emailed: number; email_failed: number };

async function nudgeCounts(db: Db | Tx, jobIds: number[]): Promise<Map<number, Counts>> {
  const out = new Map<number, Counts>();
  if (jobIds.length === 0) return out;
  const rows = await db.$queryRaw<Array<{ job_id: string; notified: bigint | number; emailed: bigint | number; failed: bigint | number }>>`
    SELECT split_part("dedupeKey", ':', 2) AS job_id, count(*) AS notified, count("emailedAt") AS emailed, count("emailError") AS failed
    FROM "Notification"
    WHERE "dedupeKey" LIKE 'nudge:%' AND split_part("dedupeKey", ':', 2) IN (${Prisma.join(jobIds.map(String))})
    GROUP BY 1`;
  for (const r of rows) out.set(Number(r.job_id), { notified: Number(r.notified), emailed: Number(r.emailed), email_failed: Number(r.failed) });
  return out;
}

async function toNudgeJobs(db: Db, jobs: JobJson[]): Promise<NudgeJobJson[]> {
  const ids = jobs.map((j) => j.id);
  const [counts, files, rows] = await Promise.all([
    nudgeCounts(db, ids),
    db.jobFile.findMany({ where: { jobId: { in: ids }, kind: RECIPIENTS_FILE }, select: { jobId: true, name: true } }),
    db.job.findMany({ where: { id: { in: ids } }, select: { id: true, nudgeScheduleId: true } }),
  ]);
  const stageOf = new Map(files.map((f) => [f.jobId, /^recipients-([a-z_]+)\.json$/.exec(f.name)?.[1] ?? null]));
  const scheduleOf = new Map(rows.map((r) => [r.id, r.nudgeScheduleId]));
  return jobs.map((job) => {
    const c = counts.get(job.id) ?? { notified: 0, emailed: 0, email_failed: 0 };
    const stage = stageOf.get(job.id);
    return {
      ...job,
      stage: stage ? fromDbState(stage) : null,
      recipients: job.total_rows,
      ...c,
      schedule_id: scheduleOf.get(job.id) ?? null,
    };
  });
}

/** The cycle's nudge jobs, newest first. 404 for an unknown cycle. */
export async function listNudgeJobs(cycleId: number, query: PageQuery): Promise<{ jobs: NudgeJobJson[]; total: number }> {
  const { jobs, total } = await listJobs(cycleId, "NUDGE", query);
  return { jobs: await toNudgeJobs(await getDb(), jobs), total };
}

/** One nudge job and a page of its row errors (emails refused). */
export async function getNudgeJobDetail(
  cycleId: number,
  jobId: number,
  query: PageQuery,
): Promise<{ job: NudgeJobJson; row_errors: JobRowErrorJson[]; row_errors_total: number; page: number; page_size: number }> {
  const detail = await getJobDetail(cycleId, "NUDGE", jobId, query);
  const [job] = await toNudgeJobs(await getDb(), [detail.job]);
  return { ...detail, job: job! };
}

/** For tests and benchmarks: another task queue than the app's, and recipients per step. */
export type NudgeOptions = { taskQueue?: string; chunkRows?: number };

/** Send a nudge now: a NUDGE job (202). 404 for an unknown cycle, 503 if Temporal is unavailable. */
export async function sendNudgeNow(actor: Actor, cycleId: number, opts: NudgeOptions = {}): Promise<NudgeJobJson> {
  const job = await createJob(actor, { cycleId, type: "NUDGE" }, opts);
  const [json] = await toNudgeJobs(await getDb(), [job]);
  return json!;
}

// ---------------------------------------------------------------------------------------------
// Schedules

export type NudgeScheduleStatus = "scheduled" | "finished" | "cancelled";

export type NudgeScheduleJson = {
  id: number;
  cycle_id: number;
  /** The Temporal Schedule id. */
  schedule_id: string;
  kind: NudgeScheduleKindValue;
  run_at: string | null;
  cron: string | null;
  time_zone: string | null;
  description: string;
  status: NudgeScheduleStatus;
  /** The next time it fires (from Temporal; null when it will not fire again or Temporal is unreachable). */
  next_run_at: string | null;
  /** Jobs its runs created. */
  runs: number;
  last_run_at: string | null;
  created_by: { id: number; email: string; name: string } | null;
  created_at: string;
  cancelled_at: string | null;
};

export type NudgeScheduleInput = { kind: "once"; at: Date } | { kind: "recurring"; cron: string; timeZone: string };

export const nudgeScheduleTemporalId = (cycleId: number, id: number) => `nudge-cycle-${cycleId}-${id}`;

const scheduleInclude = {
  createdBy: { select: { id: true, email: true, name: true } },
  _count: { select: { jobs: true } },
} satisfies Prisma.NudgeScheduleInclude;
type ScheduleRow = Prisma.NudgeScheduleGetPayload<{ include: typeof scheduleInclude }>;

type TemporalView = { nextRunAt: Date | null; exists: boolean } | null;

function toScheduleJson(row: ScheduleRow, temporal: TemporalView, lastRunAt: Date | null): NudgeScheduleJson {
  const kind = row.kind === "ONCE" ? "once" : "recurring";
  const base = { kind, run_at: row.runAt?.toISOString() ?? null, cron: row.cron, time_zone: row.timeZone } as const;
  let status: NudgeScheduleStatus = "scheduled";
  let next: Date | null = null;
  if (row.cancelledAt) status = "cancelled";
  else if (temporal) {
    next = temporal.nextRunAt;
    if (!temporal.exists || (kind === "once" && !next)) status = "finished";
  } else if (kind === "once") {
    // Temporal unreachable: judge by the time.
    if (row.runAt && row.runAt.getTime() <= Date.now()) status = "finished";
    else next = row.runAt;
  }
  return {
    id: row.id,
    cycle_id: row.cycleId,
    schedule_id: row.scheduleId,
    ...base,
    description: describeNudgeSchedule(base),
    status,
    next_run_at: next?.toISOString() ?? null,
    runs: row._count.jobs,
    last_run_at: lastRunAt?.toISOString() ?? null,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
  };
}

function isNotFound(err: unknown): boolean {
  return err instanceof ScheduleNotFoundError || (isGrpcServiceError(err) && err.code === 5);
}

async function temporalViews(rows: NudgeSchedule[]): Promise<Map<number, TemporalView>> {
  const out = new Map<number, TemporalView>();
  const active = rows.filter((r) => !r.cancelledAt);
  if (active.length === 0) return out;
  let client;
  try {
    client = await getTemporalClient();
  } catch {
    return out; // unreachable: the rows speak for themselves
  }
  await Promise.all(
    active.map(async (r) => {
      try {
        const d = await client.schedule.getHandle(r.scheduleId).describe();
        const remaining = d.state.remainingActions;
        const next = remaining === 0 ? null : (d.info.nextActionTimes[0] ?? null);
        out.set(r.id, { nextRunAt: next, exists: true });
      } catch (err) {
        out.set(r.id, isNotFound(err) ? { nextRunAt: null, exists: false } : null);
      }
    }),
  );
  return out;
}

async function schedulesAsJson(db: Db, rows: ScheduleRow[]): Promise<NudgeScheduleJson[]> {
  const [views, last] = await Promise.all([
    temporalViews(rows),
    rows.length
      ? db.job.groupBy({ by: ["nudgeScheduleId"], where: { nudgeScheduleId: { in: rows.map((r) => r.id) } }, _max: { createdAt: true } })
      : Promise.resolve([]),
  ]);
  const lastOf = new Map(last.map((l) => [l.nudgeScheduleId, l._max.createdAt]));
  return rows.map((r) => toScheduleJson(r, views.get(r.id) ?? null, lastOf.get(r.id) ?? null));
}

async function assertCycle(db: Db | Tx, cycleId: number) {
  const cycle = await db.cycle.findUnique({ where: { id: cycleId }, select: { id: true } });
  if (!cycle) throw notFound(`Cycle ${cycleId} not found`);
}

/** The cycle's nudge schedules: active ones first (by creation, newest first), then cancelled ones. */
export async function listNudgeSchedules(cycleId: number): Promise<NudgeScheduleJson[]> {
  const db = await getDb();
  await assertCycle(db, cycleId);
  const rows = await db.nudgeSchedule.findMany({ where: { cycleId }, include: scheduleInclude, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  const json = await schedulesAsJson(db, rows);
  const rank = (s: NudgeScheduleJson) => (s.status === "scheduled" ? 0 : s.status === "finished" ? 1 : 2);
  return json.sort((a, b) => rank(a) - rank(b));
}

export async function getNudgeSchedule(cycleId: number, id: number): Promise<NudgeScheduleJson> {
  const db = await getDb();
  await assertCycle(db, cycleId);
  const row = await db.nudgeSchedule.findFirst({ where: { id, cycleId }, include: scheduleInclude });
  if (!row) throw notFound(`Nudge schedule ${id} not found`);
  return (await schedulesAsJson(db, [row]))[0]!;
}

function unavailable() {
  return new ApiError(503, "service_unavailable", "The workflow service is unavailable; nothing was scheduled");
}

function utcCalendar(at: Date) {
  return {
    year: at.getUTCFullYear(),
    month: MONTHS[at.getUTCMonth()]!,
    dayOfMonth: at.getUTCDate(),
    hour: at.getUTCHours(),
    minute: at.getUTCMinutes(),
    second: at.getUTCSeconds(),
    comment: "one-off nudge",
  };
}

/**
 * Schedule a nudge: the Temporal Schedule first (its id from a reserved row id), then the row and
 * its audit record; if the row cannot be written the schedule is deleted again. A run that fires
 * before the row exists finds no row and does nothing. 404 unknown cycle, 400 a time Temporal
 * rejects, 503 Temporal unavailable.
 */
export async function createNudgeSchedule(actor: Actor, cycleId: number, input: NudgeScheduleInput, opts: NudgeOptions = {}): Promise<NudgeScheduleJson> {
  const db = await getDb();
  await assertCycle(db, cycleId);
  const [{ id: reserved }] = await db.$queryRaw<Array<{ id: bigint | number }>>`SELECT nextval(pg_get_serial_sequence('"NudgeSchedule"', 'id')) AS id`;
  const id = Number(reserved);
  const scheduleId = nudgeScheduleTemporalId(cycleId, id);
  const args: ScheduledNudgeInput = { nudgeScheduleId: id, cycleId, actor: { ...actor } };
  const searchAttributes = [
    { key: CycleIdKey, value: String(cycleId) },
    { key: JobTypeKey, value: NUDGE_JOB_TYPE_KEY },
  ];
  let client;
  try {
    client = await getTemporalClient();
  } catch {
    throw unavailable();
  }
  try {
    await client.schedule.create({
      scheduleId,
      spec: input.kind === "once" ? { calendars: [utcCalendar(input.at)] } : { cronExpressions: [input.cron], timezone: input.timeZone },
      action: {
        type: "startWorkflow",
        workflowType: SCHEDULED_NUDGE_WORKFLOW,
        workflowId: `${scheduleId}-run`,
        taskQueue: opts.taskQueue ?? temporalSettings().taskQueue,
        args: [args],
        typedSearchAttributes: searchAttributes,
      },
      // A run still going when the next is due: skip the next. Missed runs (server down): a one-off
      // still runs when it comes back; a recurring one only if at most an hour late.
      policies: { catchupWindow: input.kind === "once" ? "365 days" : "1 hour" },
      state: input.kind === "once" ? { remainingActions: 1, note: "one-off nudge" } : { note: "recurring nudge" },
      memo: { cycle_id: cycleId, nudge_schedule_id: id },
      typedSearchAttributes: searchAttributes,
    });
  } catch (err) {
    if (isGrpcServiceError(err) && err.code === 3) throw badRequest(`Temporal rejected the schedule: ${err.details || err.message}`);
    console.error(`Nudge schedule ${scheduleId}: could not create it in Temporal`, err);
    throw unavailable();
  }
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.nudgeSchedule.create({
        data: {
          id,
          cycleId,
          scheduleId,
          kind: input.kind === "once" ? "ONCE" : "RECURRING",
          runAt: input.kind === "once" ? input.at : null,
          cron: input.kind === "recurring" ? input.cron : null,
          timeZone: input.kind === "recurring" ? input.timeZone : null,
          createdById: actor.userId,
        },
        include: scheduleInclude,
      });
      await recordAudit(tx, actor, {
        action: "nudge_schedule.create",
        entityType: "NudgeSchedule",
        entityId: id,
        after: { cycle_id: cycleId, schedule_id: scheduleId, kind: input.kind, run_at: created.runAt?.toISOString() ?? null, cron: created.cron, time_zone: created.timeZone },
      });
      return created;
    });
    return (await schedulesAsJson(db, [row]))[0]!;
  } catch (err) {
    await client.schedule.getHandle(scheduleId).delete().catch(() => {});
    throw err;
  }
}

/**
 * Cancel a schedule: its Temporal Schedule is deleted (runs already started finish), then the row
 * is marked cancelled with an audit record. Cancelling again changes nothing. 404 unknown cycle or
 * schedule, 503 Temporal unavailable (nothing changed).
 */
export async function cancelNudgeSchedule(actor: Actor, cycleId: number, id: number): Promise<NudgeScheduleJson> {
  const db = await getDb();
  await assertCycle(db, cycleId);
  const row = await db.nudgeSchedule.findFirst({ where: { id, cycleId } });
  if (!row) throw notFound(`Nudge schedule ${id} not found`);
  if (!row.cancelledAt) {
    try {
      const client = await getTemporalClient();
      await client.schedule.getHandle(row.scheduleId).delete();
    } catch (err) {
      if (!isNotFound(err)) {
        console.error(`Nudge schedule ${row.scheduleId}: could not delete it in Temporal`, err);
        throw new ApiError(503, "service_unavailable", "The workflow service is unavailable; the schedule was not cancelled");
      }
    }
    await db.$transaction(async (tx) => {
      const res = await tx.nudgeSchedule.updateMany({ where: { id, cancelledAt: null }, data: { cancelledAt: new Date(), cancelledById: actor.userId } });
      if (res.count === 1) {
        await recordAudit(tx, actor, {
          action: "nudge_schedule.cancel",
          entityType: "NudgeSchedule",
          entityId: id,
          before: { cancelled_at: null },
          after: { cycle_id: cycleId, schedule_id: row.scheduleId, cancelled_at: new Date().toISOString() },
        });
      }
    });
  }
  return getNudgeSchedule(cycleId, id);
}

// ---------------------------------------------------------------------------------------------
// A scheduled run (activity startScheduledNudge)

async function removeOrphanSchedule(scheduleId: string): Promise<void> {
  try {
    const client = await getTemporalClient();
    await client.schedule.getHandle(scheduleId).delete();
  } catch (err) {
    if (!isNotFound(err)) console.warn(`Nudge schedule ${scheduleId}: could not delete the orphan schedule`, err);
  }
}

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002";
}

/**
 * The Job of one scheduled run, created once per run (keyed by the run's workflow id) with its
 * job.create audit record; null when the schedule was cancelled or deleted, or its cycle is gone.
 */
export async function createScheduledNudgeJob(input: StartScheduledNudgeInput): Promise<StartScheduledNudgeResult> {
  const db = await getDb();
  const actor: Actor = { ...input.actor, source: "workflow" };
  const existing = await db.job.findUnique({ where: { triggerKey: input.runWorkflowId }, select: { id: true } });
  if (existing) return { jobId: existing.id, reason: null };
  const schedule = await db.nudgeSchedule.findUnique({ where: { id: input.nudgeScheduleId } });
  if (!schedule || schedule.cycleId !== input.cycleId) {
    // Its cycle was deleted (the row went with it): the Temporal Schedule is an orphan, remove it.
    // (A missing row of an existing cycle may be one being created right now: leave that alone.)
    const cycle = await db.cycle.findUnique({ where: { id: input.cycleId }, select: { id: true } });
    if (!cycle) await removeOrphanSchedule(nudgeScheduleTemporalId(input.cycleId, input.nudgeScheduleId));
    return { jobId: null, reason: cycle ? "The schedule no longer exists" : "The cycle no longer exists" };
  }
  if (schedule.cancelledAt) {
    await removeOrphanSchedule(schedule.scheduleId); // normally already gone (cancel deletes it first)
    return { jobId: null, reason: "The schedule was cancelled" };
  }
  try {
    const job = await db.$transaction(async (tx) => {
      const [{ id }] = await tx.$queryRaw<Array<{ id: bigint | number }>>`SELECT nextval(pg_get_serial_sequence('"Job"', 'id')) AS id`;
      const jobId = Number(id);
      const created: Job = await tx.job.create({
        data: {
          id: jobId,
          cycleId: schedule.cycleId,
          type: "NUDGE",
          workflowId: `job-${jobId}`,
          createdById: schedule.createdById,
          nudgeScheduleId: schedule.id,
          triggerKey: input.runWorkflowId,
        },
      });
      await recordAudit(tx, actor, {
        action: "job.create",
        entityType: "Job",
        entityId: jobId,
        after: { job_id: jobId, cycle_id: schedule.cycleId, type: NUDGE_JOB_TYPE_KEY, nudge_schedule_id: schedule.id, run: input.runWorkflowId },
      });
      return created;
    });
    return { jobId: job.id, reason: null };
  } catch (err) {
    if (isUniqueViolation(err)) {
      const again = await db.job.findUnique({ where: { triggerKey: input.runWorkflowId }, select: { id: true } });
      if (again) return { jobId: again.id, reason: null };
    }
    // The cycle was deleted meanwhile (foreign key): nothing to run.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2003") return { jobId: null, reason: "The cycle no longer exists" };
    throw err;
  }
}

