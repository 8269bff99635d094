import { isGrpcServiceError, MONTHS, ScheduleNotFoundError } from "@temporalio/client";
import { getDb, type Db, type Tx } from "~/platform/db.server";
import { describeNudgeSchedule, type NudgeScheduleJson, type NudgeScheduleStatus } from "~/features/nudges/rules";
import type { NudgeOptions } from "~/features/nudges/service.server";
import type { NudgeSchedule, Prisma } from "~/generated/prisma/client.ts";
import { ApiError, badRequest, notFound, cycleNotFound } from "~/platform/api.server";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { getTemporalClient, temporalSettings } from "~/platform/temporal.server";
import { NUDGE_JOB_TYPE_KEY, SCHEDULED_NUDGE_WORKFLOW, type ScheduledNudgeInput } from "../../../workflows/nudge-contract";
import { CycleIdKey, JobTypeKey } from "../../../workflows/search-attributes-contract";

/**
 * Nudge schedules (ADR 0019): a schedule is a Temporal Schedule `nudge-cycle-<cycleId>-<id>` (a
 * NudgeSchedule row) whose runs each create their own NUDGE job (workflows/nudge-schedule.ts;
 * the run's job: app/features/nudges/scheduled-run.server.ts). This module creates, lists and
 * cancels them (their JSON: NudgeScheduleJson in app/features/nudges/rules.ts).
 */

export type NudgeScheduleInput = { kind: "once"; at: Date } | { kind: "recurring"; cron: string; timeZone: string };

export const nudgeScheduleTemporalId = (cycleId: number, id: number) => `nudge-cycle-${cycleId}-${id}`;

const scheduleInclude = {
  createdBy: { select: { id: true, email: true, name: true } },
  _count: { select: { jobs: true } },
} satisfies Prisma.NudgeScheduleInclude;
export type ScheduleRow = Prisma.NudgeScheduleGetPayload<{ include: typeof scheduleInclude }>;

export type TemporalView = { nextRunAt: Date | null; exists: boolean } | null;

export function toScheduleJson(row: ScheduleRow, temporal: TemporalView, lastRunAt: Date | null): NudgeScheduleJson {
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

/** The Temporal Schedule does not exist (any more). */
export function isNotFound(err: unknown): boolean {
  return err instanceof ScheduleNotFoundError || (isGrpcServiceError(err) && err.code === 5);
}

export async function temporalViews(rows: NudgeSchedule[]): Promise<Map<number, TemporalView>> {
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
  if (!cycle) throw cycleNotFound(cycleId);
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
