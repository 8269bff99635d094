import { sqlRows } from "~/platform/sql.server";
import { cycleNotFound, notFound } from "~/platform/api.server";
import type { CurrentUser } from "~/platform/auth.server";
import { fromDbState } from "~/features/cycles/rules";
import { cycleJsonSql, cycleRowOf, type CycleJsonRow } from "~/features/cycles/cycle-sql.server";
import { participantDashboardOf, type DashboardCount, type ParticipantDashboard } from "~/features/summaries/service.server";

/**
 * The participant's final assessment page (/app/performance/final-assessment) in ONE prepared statement (issue 27: at
 * most 3 round trips a page; it made 8): the cycle, the viewer's participant record with their manager, and the feedback
 * about them counted by reviewer type. Built into GET cycles/{cycle_id}/dashboard's answer by the API's own
 * participantDashboardOf, with getParticipantDashboard's 404s (unknown cycle; 'You are not a participant of this
 * cycle'). tests/integration/final-assessment-page-reads.test.ts compares them.
 */

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const DASHBOARD_SQL = `
WITH me AS (SELECT * FROM "Participant" WHERE "cycleId" = $1 AND "userId" = $2)
SELECT
  (SELECT ${cycleJsonSql("c")} FROM "Cycle" c WHERE c."id" = $1) AS "cycle",
  (SELECT json_build_object('id', me."id", 'userId', me."userId", 'managerId', me."managerId", 'secondaryManagerId', me."secondaryManagerId",
      'reviewerOnly', me."reviewerOnly", 'calibratedRating', me."calibratedRating", 'promotionDecision', me."promotionDecision",
      'user', json_build_object('email', u."email", 'name', u."name", 'jobTitle', u."jobTitle", 'department', u."department"),
      'manager', (SELECT json_build_object('name', m."name", 'email', m."email") FROM "User" m WHERE m."id" = me."managerId"))
     FROM me JOIN "User" u ON u."id" = me."userId") AS "participant",
  (SELECT COALESCE(json_agg(json_build_object('reviewerType', g."reviewerType", 'requested', g."requested", 'submitted', g."submitted",
      'lastSubmittedAt', to_char(g."lastSubmittedAt", ${ISO}))), '[]'::json)
     FROM (SELECT f."reviewerType"::text AS "reviewerType", COUNT(*)::int AS "requested",
                  COUNT(*) FILTER (WHERE f."status" = 'SUBMITTED')::int AS "submitted",
                  MAX(f."submittedAt") FILTER (WHERE f."status" = 'SUBMITTED') AS "lastSubmittedAt"
             FROM "Feedback" f JOIN me ON f."revieweeId" = me."id" GROUP BY f."reviewerType") g) AS "counts"`;

type Row = { cycle: CycleJsonRow | null; participant: Parameters<typeof participantDashboardOf>[1] | null; counts: DashboardCount[] };

/** GET cycles/{cycle_id}/dashboard for the viewer (getParticipantDashboard's answer and errors). */
export async function readParticipantDashboard(current: CurrentUser, cycleId: number): Promise<ParticipantDashboard> {
  const [row] = await sqlRows<Row>("summaries_participant_dashboard", DASHBOARD_SQL, [cycleId, current.user.id]);
  if (!row?.cycle) throw cycleNotFound(cycleId);
  if (!row.participant) throw notFound("You are not a participant of this cycle");
  const cycle = cycleRowOf(row.cycle);
  return participantDashboardOf({ ...cycle, stage: fromDbState(cycle.state) }, row.participant, row.counts);
}
