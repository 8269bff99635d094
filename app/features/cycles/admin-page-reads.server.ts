import { sqlRows } from "~/platform/sql.server";
import { cycleNotFound } from "~/platform/api.server";
import { toCycleJson, type CycleJson } from "~/features/cycles/model.server";
import { cycleJsonSql, cycleRowOf, type CycleJsonRow } from "~/features/cycles/cycle-sql.server";
import { cycleStatisticsOf, type StatisticsFeedback, type StatisticsParticipant } from "~/features/cycles/statistics.server";
import type { CycleStatistics } from "~/features/cycles/statistics";

/**
 * The admin cycle page's read (/app/admin/cycles/{id}) in ONE prepared statement (issue 27: at most 3 round trips per
 * page; it made 5): the cycle, and its participants, feedback rows and nominated participants for the progress, built
 * by the API's own functions (toCycleJson as GET /api/v1/admin/cycles/{id}, cycleStatisticsOf as …/statistics), which
 * tests/integration/manager-pages-reads.test.ts compares with the API.
 */

type Row = {
  cycle: CycleJsonRow | null;
  participants: StatisticsParticipant[];
  feedbacks: StatisticsFeedback[];
  nominated: number[];
};

const ADMIN_CYCLE_SQL = `
SELECT
  (SELECT ${cycleJsonSql("c")} FROM "Cycle" c WHERE c."id" = $1) AS "cycle",
  (SELECT COALESCE(json_agg(json_build_object('id', p."id", 'userId', p."userId", 'managerId', p."managerId",
     'secondaryManagerId', p."secondaryManagerId", 'reviewerOnly', p."reviewerOnly", 'calibratedRating', p."calibratedRating",
     'promotionDecision', p."promotionDecision")), '[]'::json) FROM "Participant" p WHERE p."cycleId" = $1) AS "participants",
  (SELECT COALESCE(json_agg(json_build_object('revieweeId', f."revieweeId", 'reviewerId', f."reviewerId",
     'reviewerType', f."reviewerType"::text, 'status', f."status"::text)), '[]'::json) FROM "Feedback" f WHERE f."cycleId" = $1) AS "feedbacks",
  (SELECT COALESCE(json_agg(n."participantId"), '[]'::json) FROM "PromotionNomination" n JOIN "Participant" p ON p."id" = n."participantId"
     WHERE p."cycleId" = $1) AS "nominated"`;

/** The cycle (as the API's JSON) and its statistics; 404 (an ApiError) for an unknown cycle. */
export async function readAdminCyclePage(cycleId: number): Promise<{ cycle: CycleJson; statistics: CycleStatistics }> {
  const [row] = await sqlRows<Row>("admin_cycle_page", ADMIN_CYCLE_SQL, [cycleId]);
  if (!row?.cycle) throw cycleNotFound(cycleId);
  const cycle = cycleRowOf(row.cycle);
  const statistics = cycleStatisticsOf(cycle, row.participants, row.feedbacks, row.nominated.map((participantId) => ({ participantId })));
  return { cycle: toCycleJson(cycle), statistics };
}
