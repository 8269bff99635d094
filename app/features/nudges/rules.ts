import type { CycleStage } from "~/features/cycles/rules";
import type { JobJson, JobView } from "~/features/jobs/rules";

/**
 * Nudge schedules (ADR 0019): the rules for the times an admin may give, and the types the server
 * and the nudge components share (a nudge job's and a schedule's JSON, the nudges page's data).
 * PURE module (server, pages and tests): no Node or browser imports, no server modules.
 *
 * A recurring nudge is a 5-field cron expression (minute hour day-of-month month day-of-week) in an
 * IANA time zone. It may run at most once an hour: the minute field must be one number, so
 * "every minute" or "every 5 minutes" cannot flood everyone's inbox.
 */

export const NUDGE_SCHEDULE_KINDS = ["once", "recurring"] as const;
export type NudgeScheduleKindValue = (typeof NUDGE_SCHEDULE_KINDS)[number];

/** How far ahead a one-off nudge must be (a time already past would never run). */
export const MIN_LEAD_MS = 60_000;

const MONTH_NAMES = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const DAY_NAMES = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];

type FieldRule = { name: string; min: number; max: number; names?: string[] };
const FIELDS: FieldRule[] = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12, names: MONTH_NAMES },
  { name: "day of week", min: 0, max: 7, names: DAY_NAMES },
];

function valueOf(token: string, rule: FieldRule): number | null {
  if (/^\d+$/.test(token)) {
    const n = Number(token);
    return n >= rule.min && n <= rule.max ? n : null;
  }
  const i = rule.names?.indexOf(token.toUpperCase()) ?? -1;
  return i >= 0 ? i + (rule.name === "month" ? 1 : 0) : null;
}

function checkField(text: string, rule: FieldRule): string | null {
  for (const part of text.split(",")) {
    const m = /^(\*|[0-9A-Za-z]+(?:-[0-9A-Za-z]+)?)(?:\/(\d+))?$/.exec(part);
    if (!m) return `the ${rule.name} field '${text}' is not valid`;
    const [, range, step] = m;
    if (step !== undefined && (Number(step) < 1 || Number(step) > rule.max)) return `the step in the ${rule.name} field '${text}' is not valid`;
    if (range === "*") continue;
    const [from, to] = range!.split("-");
    const a = valueOf(from!, rule);
    const b = to === undefined ? a : valueOf(to, rule);
    if (a === null || b === null) return `the ${rule.name} field '${text}' must be between ${rule.min} and ${rule.max}`;
    if (b < a) return `the range in the ${rule.name} field '${text}' is backwards`;
  }
  return null;
}

/** null if `cron` is a 5-field expression a nudge may use; otherwise what is wrong. */
export function checkCron(cron: string): string | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return "Use 5 fields: minute hour day-of-month month day-of-week (e.g. '0 9 * * MON')";
  if (!/^\d{1,2}$/.test(fields[0]!)) return "A nudge runs at most once an hour: the minute field must be one number from 0 to 59";
  for (let i = 0; i < 5; i++) {
    const problem = checkField(fields[i]!, FIELDS[i]!);
    if (problem) return `Invalid cron expression: ${problem}`;
  }
  return null;
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function formatUtc(iso: string): string {
  return new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
}

/** Readable text of a schedule, e.g. "Once on 1 Dec 2026, 09:00 UTC" or "Cron '0 9 * * MON' (Europe/Berlin)". */
export function describeNudgeSchedule(s: { kind: NudgeScheduleKindValue; run_at: string | null; cron: string | null; time_zone: string | null }): string {
  if (s.kind === "once") return s.run_at ? `Once on ${formatUtc(s.run_at)}` : "Once";
  return `Cron '${s.cron ?? ""}' (${s.time_zone ?? "UTC"})`;
}

// ---------------------------------------------------------------------------------------------
// Jobs and schedules as JSON (app/features/nudges/service.server.ts, schedules.server.ts)

/** What a nudge job's JSON adds to any job's. */
export type NudgeJobCounts = {
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

export type NudgeJobJson = JobJson & NudgeJobCounts;

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

// ---------------------------------------------------------------------------------------------
// Pages (the data of app/features/nudges/pages.server.ts as the components read it)

/** A nudge job as the pages show it. */
export type NudgeJobView = JobView & NudgeJobCounts;

/** A schedule as the nudges page shows it. */
export type NudgeScheduleView = Omit<NudgeScheduleJson, "cycle_id" | "cancelled_at">;

/** What a schedule's description is made of (the page says it in the reader's language: nudges/components/schedule-text.ts). */
export type NudgeScheduleWhen = Pick<NudgeScheduleJson, "kind" | "run_at" | "cron" | "time_zone">;

export function scheduleWhen(s: NudgeScheduleWhen): NudgeScheduleWhen {
  return { kind: s.kind, run_at: s.run_at, cron: s.cron, time_zone: s.time_zone };
}

/** The nudges page (/app/admin/cycles/{cycleId}/nudges): the form, the schedules and a page of jobs. */
export type NudgesPageData = {
  cycle: { id: number; name: string; state: string };
  jobs: NudgeJobJson[];
  total: number;
  page: number;
  pageSize: number;
  schedules: NudgeScheduleJson[];
  /** People with pending work in the cycle's stage right now. */
  pendingCount: number;
  description: string;
  emailOn: boolean;
};

/** The recurring presets of the schedule form ("custom": a cron expression). */
export const NUDGE_FREQUENCIES = ["daily", "weekdays", "weekly", "custom"] as const;
export type NudgeFrequency = (typeof NUDGE_FREQUENCIES)[number];

/** The answer of the nudges page's action (intent "create" or "cancel"). */
export type NudgeActionResult =
  | { ok: true; intent: string; message: { key: "nudges.result.scheduled" | "nudges.result.cancelled"; schedule: NudgeScheduleWhen | null } }
  | { ok: false; intent: string; formError: string | null; fieldErrors: Record<string, string[]>; values: Record<string, string> };
