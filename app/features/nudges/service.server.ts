import { getDb, type Db, type Tx } from "~/platform/db.server";
import { fromDbState } from "~/features/cycles/rules";
import type { NudgeJobJson } from "~/features/nudges/rules";
import { Prisma } from "~/generated/prisma/client.ts";
import type { Actor } from "~/platform/audit.server";
import { createJob } from "~/features/jobs/service.server";
import { getJobDetail, listJobs, type PageQuery } from "~/features/jobs/queries.server";
import type { JobJson, JobRowErrorJson } from "~/features/jobs/rules";

/**
 * Nudges (ADR 0019): remind everyone with pending work in a cycle's current stage.
 *
 *  - A nudge run is a NUDGE bulk job (ADR 0015: workflow `job-<jobId>`), run by its handler
 *    (app/features/jobs/types/nudge.server.ts): one in-app Notification per recipient (dedupeKey
 *    `nudge:<jobId>:<userId>`) and, when SMTP_URL is set, one email each.
 *  - "Send now" creates the job at once (`createJob`). A schedule is a Temporal Schedule
 *    `nudge-cycle-<cycleId>-<id>` (a NudgeSchedule row) whose runs each create their own job
 *    (workflows/nudge-schedule.ts; app/features/nudges/schedules.server.ts).
 *
 * This module: the nudge jobs as JSON (with their recipient and delivery counts) and "send now".
 */

/** JobFile kind holding the recipients chosen when the job began (JSON). */
export const RECIPIENTS_FILE = "recipients";

export const nudgeDedupeKey = (jobId: number, userId: number) => `nudge:${jobId}:${userId}`;

// ---------------------------------------------------------------------------------------------
// Jobs as JSON

type Counts = { notified: number; emailed: number; email_failed: number };

/** Notifications, emails sent and emails refused of each job (by the notifications' dedupe keys). */
export async function nudgeCounts(db: Db | Tx, jobIds: number[]): Promise<Map<number, Counts>> {
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

/** A job as a nudge job's JSON: its counts, the stage its recipients file names, the schedule that started it. */
export function nudgeJobOf(job: JobJson, counts: Counts | undefined, recipientsFile: string | null | undefined, scheduleId: number | null | undefined): NudgeJobJson {
  const c = counts ?? { notified: 0, emailed: 0, email_failed: 0 };
  const stage = recipientsFile ? (/^recipients-([a-z_]+)\.json$/.exec(recipientsFile)?.[1] ?? null) : null;
  return {
    ...job,
    stage: stage ? fromDbState(stage) : null,
    recipients: job.total_rows,
    ...c,
    schedule_id: scheduleId ?? null,
  };
}

async function toNudgeJobs(db: Db, jobs: JobJson[]): Promise<NudgeJobJson[]> {
  const ids = jobs.map((j) => j.id);
  const [counts, files, rows] = await Promise.all([
    nudgeCounts(db, ids),
    db.jobFile.findMany({ where: { jobId: { in: ids }, kind: RECIPIENTS_FILE }, select: { jobId: true, name: true } }),
    db.job.findMany({ where: { id: { in: ids } }, select: { id: true, nudgeScheduleId: true } }),
  ]);
  const fileOf = new Map(files.map((f) => [f.jobId, f.name]));
  const scheduleOf = new Map(rows.map((r) => [r.id, r.nudgeScheduleId]));
  return jobs.map((job) => nudgeJobOf(job, counts.get(job.id), fileOf.get(job.id), scheduleOf.get(job.id)));
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
