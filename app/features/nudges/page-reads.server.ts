import { sqlRows } from "~/platform/sql.server";
import { toJobJson } from "~/features/jobs/job-types.server";
import { JOB_JSON_SQL, jobRowOf, type JobJsonRow } from "~/features/jobs/page-reads.server";
import type { PageQuery } from "~/features/jobs/queries.server";
import type { CycleStage } from "~/features/cycles/rules";
import type { NudgeJobJson, NudgeScheduleJson } from "~/features/nudges/rules";
import { nudgeJobOf, RECIPIENTS_FILE } from "~/features/nudges/service.server";
import { temporalViews, toScheduleJson, type ScheduleRow } from "~/features/nudges/schedules.server";
import { CLOSED_SESSION_STATE, owedFeedbackFrom, PENDING_WORK_LINKS, type OwedFeedbackRows } from "~/features/nudges/pending-work.server";

/**
 * The nudges page's read (/app/admin/cycles/{cycleId}/nudges; issue 27: at most 3 round trips a page with Temporal's;
 * it made one per job list, count, job extras, schedule, and kind of pending work): ONE prepared statement for a page of
 * the cycle's NUDGE jobs with their counts, recipients file and schedule, their number, the cycle's schedules with who
 * made them, their runs and last run, and the facts of who has work pending in the stage; then Temporal once (every
 * active schedule described at the same time, as listNudgeSchedules does). Built by the API's own functions (toJobJson,
 * nudgeJobOf, toScheduleJson, owedFeedbackFrom): what listNudgeJobs, listNudgeSchedules and pendingWorkRecipients answer
 * (the page shows the recipients' number). The cycle is the guard's (requireAdminCycle). tests/integration/nudges-page-reads.test.ts
 * compares them.
 */

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const ACTIVE_USER = (col: string) => `EXISTS (SELECT 1 FROM "User" au WHERE au."id" = ${col} AND au."active")`;

const PAGE_SQL = `
SELECT
  (SELECT COALESCE(json_agg(json_build_object('job', x."job", 'counts', x."counts", 'file', x."file") ORDER BY x."createdAt" DESC, x."id" DESC), '[]'::json) FROM (
     SELECT j."id", j."createdAt", ${JOB_JSON_SQL} AS "job",
       (SELECT json_build_object('notified', count(*)::int, 'emailed', count(n."emailedAt")::int, 'email_failed', count(n."emailError")::int)
          FROM "Notification" n WHERE n."dedupeKey" LIKE 'nudge:%' AND split_part(n."dedupeKey", ':', 2) = j."id"::text) AS "counts",
       (SELECT f."name" FROM "JobFile" f WHERE f."jobId" = j."id" AND f."kind" = $5::text) AS "file"
     FROM "Job" j LEFT JOIN "User" u ON u."id" = j."createdById"
     WHERE j."cycleId" = $1::int AND j."type" = 'NUDGE' ORDER BY j."createdAt" DESC, j."id" DESC LIMIT $3::int OFFSET $4::bigint) x) AS "jobs",
  (SELECT count(*)::int FROM "Job" j WHERE j."cycleId" = $1::int AND j."type" = 'NUDGE') AS "total",
  (SELECT COALESCE(json_agg(json_build_object('id', s."id", 'cycleId', s."cycleId", 'scheduleId', s."scheduleId", 'kind', s."kind"::text,
       'runAt', to_char(s."runAt", ${ISO}), 'cron', s."cron", 'timeZone', s."timeZone", 'createdById', s."createdById",
       'createdAt', to_char(s."createdAt", ${ISO}), 'cancelledAt', to_char(s."cancelledAt", ${ISO}), 'cancelledById', s."cancelledById",
       'createdBy', CASE WHEN cu."id" IS NULL THEN NULL ELSE json_build_object('id', cu."id", 'email', cu."email", 'name', cu."name") END,
       'runs', (SELECT count(*)::int FROM "Job" r WHERE r."nudgeScheduleId" = s."id"),
       'lastRunAt', (SELECT to_char(max(r."createdAt"), ${ISO}) FROM "Job" r WHERE r."nudgeScheduleId" = s."id"))
       ORDER BY s."createdAt" DESC, s."id" DESC), '[]'::json)
     FROM "NudgeSchedule" s LEFT JOIN "User" cu ON cu."id" = s."createdById" WHERE s."cycleId" = $1::int) AS "schedules",
  CASE WHEN $2::text = 'start' THEN (
    SELECT COALESCE(json_agg(DISTINCT w."userId"), '[]'::json) FROM (
      SELECT p."userId" FROM "Participant" p
       WHERE p."cycleId" = $1::int AND NOT p."reviewerOnly" AND ${ACTIVE_USER(`p."userId"`)}
         AND NOT EXISTS (SELECT 1 FROM "PeerRequest" q WHERE q."participantId" = p."id" AND q."status" IN ('REQUESTED', 'ACCEPTED'))
      UNION
      SELECT q."reviewerId" FROM "PeerRequest" q WHERE q."cycleId" = $1::int AND q."status" = 'REQUESTED' AND ${ACTIVE_USER(`q."reviewerId"`)}) w)
  WHEN $2::text = 'calibration' THEN (
    SELECT COALESCE(json_agg(DISTINCT m."userId"), '[]'::json) FROM "CalibrationSessionMember" m JOIN "CalibrationSession" cs ON cs."id" = m."sessionId"
     WHERE m."role" = 'ADMIN' AND cs."cycleId" = $1::int AND cs."state" <> $6::text AND ${ACTIVE_USER(`m."userId"`)}) END AS "pendingUsers",
  CASE WHEN $2::text IN ('spu_feedback', 'manager_feedback') THEN json_build_object(
    'participants', (SELECT COALESCE(json_agg(json_build_object('id', p."id", 'userId', p."userId", 'managerId', p."managerId",
        'secondaryManagerId', p."secondaryManagerId", 'reviewerOnly', p."reviewerOnly")), '[]'::json) FROM "Participant" p WHERE p."cycleId" = $1::int),
    'feedbacks', (SELECT COALESCE(json_agg(json_build_object('revieweeId', f."revieweeId", 'reviewerId', f."reviewerId",
        'reviewerType', f."reviewerType"::text, 'status', f."status"::text)), '[]'::json) FROM "Feedback" f WHERE f."cycleId" = $1::int),
    'accepted', CASE WHEN $2::text = 'spu_feedback' THEN (SELECT COALESCE(json_agg(json_build_object('participantId', q."participantId", 'reviewerId', q."reviewerId")), '[]'::json)
        FROM "PeerRequest" q WHERE q."cycleId" = $1::int AND q."status" = 'ACCEPTED') ELSE '[]'::json END,
    'active', (SELECT COALESCE(json_agg(u."id"), '[]'::json) FROM "User" u WHERE u."active" AND u."id" IN (
        SELECT p."userId" FROM "Participant" p WHERE p."cycleId" = $1::int
        UNION SELECT p."managerId" FROM "Participant" p WHERE p."cycleId" = $1::int
        UNION SELECT p."secondaryManagerId" FROM "Participant" p WHERE p."cycleId" = $1::int
        UNION SELECT f."reviewerId" FROM "Feedback" f WHERE f."cycleId" = $1::int
        UNION SELECT q."reviewerId" FROM "PeerRequest" q WHERE q."cycleId" = $1::int AND q."status" = 'ACCEPTED'))) END AS "feedbackFacts"`;

type ScheduleJsonRow = Omit<ScheduleRow, "runAt" | "createdAt" | "cancelledAt" | "_count"> & { runAt: string | null; createdAt: string; cancelledAt: string | null; runs: number; lastRunAt: string | null };
type Row = {
  jobs: Array<{ job: JobJsonRow; counts: { notified: number; emailed: number; email_failed: number }; file: string | null }>;
  total: number;
  schedules: ScheduleJsonRow[];
  pendingUsers: number[] | null;
  feedbackFacts: (OwedFeedbackRows & { active: number[] }) | null;
};

const date = (s: string | null) => (s ? new Date(s) : null);

/** How many people have work pending in `stage` (pendingWorkRecipients' number: active users, one per person). */
function pendingCountOf(stage: CycleStage, row: Row): number {
  if (!PENDING_WORK_LINKS[stage]) return 0;
  if (row.pendingUsers) return row.pendingUsers.length;
  const facts = row.feedbackFacts;
  if (!facts || (stage !== "spu_feedback" && stage !== "manager_feedback")) return 0;
  const active = new Set(facts.active);
  const owed = owedFeedbackFrom(stage, facts.participants, facts.feedbacks, facts.accepted, null);
  return new Set(owed.map((o) => o.reviewerUserId).filter((id) => active.has(id))).size;
}

export type NudgesPageReads = { jobs: NudgeJobJson[]; total: number; schedules: NudgeScheduleJson[]; pendingCount: number };

/** The nudges page's jobs (a page of them), schedules and pending recipients' number for the guard's cycle. */
export async function readNudgesPage(cycle: { id: number; state: string }, query: PageQuery): Promise<NudgesPageReads> {
  const stage = cycle.state as CycleStage;
  const offset = Math.min((query.page - 1) * query.page_size, Number.MAX_SAFE_INTEGER);
  const [row] = await sqlRows<Row>("nudges_page", PAGE_SQL, [cycle.id, stage, query.page_size, offset, RECIPIENTS_FILE, CLOSED_SESSION_STATE]);
  const scheduleRows: ScheduleRow[] = row!.schedules.map(({ runs, lastRunAt, ...s }) => {
    void lastRunAt;
    return { ...s, runAt: date(s.runAt), createdAt: new Date(s.createdAt), cancelledAt: date(s.cancelledAt), _count: { jobs: runs } } as ScheduleRow;
  });
  const views = await temporalViews(scheduleRows);
  const rank = (s: NudgeScheduleJson) => (s.status === "scheduled" ? 0 : s.status === "finished" ? 1 : 2);
  const schedules = scheduleRows
    .map((r, i) => toScheduleJson(r, views.get(r.id) ?? null, date(row!.schedules[i]!.lastRunAt)))
    .sort((a, b) => rank(a) - rank(b));
  const jobs = row!.jobs.map(({ job, counts, file }) => {
    const json = toJobJson(jobRowOf(job));
    return nudgeJobOf(json, counts, file, job.nudgeScheduleId);
  });
  return { jobs, total: row!.total, schedules, pendingCount: pendingCountOf(stage, row!) };
}
