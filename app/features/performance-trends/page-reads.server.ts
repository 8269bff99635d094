import { sqlRows } from "~/platform/sql.server";
import { notFound } from "~/platform/api.server";
import type { CurrentUser } from "~/platform/auth.server";
import { cycleJsonSql, cycleRowOf, type CycleJsonRow } from "~/features/cycles/cycle-sql.server";
import { latest, STATS_REVIEWER_TYPE } from "~/features/performance-trends/rules";
import { relatedOf, type Participation, type Person } from "~/features/performance-trends/model.server";
import { peopleFrom, trendsHeaderOf } from "~/features/performance-trends/service.server";
import { ratingPoints, teamRatingsOf } from "~/features/performance-trends/ratings.server";
import { statsTrendOf, type StatsFeedbackRow } from "~/features/performance-trends/stats.server";
import type { TrendsPageData } from "~/features/performance-trends/types";

/**
 * The Performance Trends page's read in ONE prepared statement (issue 27: at most 3 round trips per page; it made 20):
 * the person with their manager and participations, whether they manage anyone, the peer and upward feedback they
 * received with the questionnaires of their cycles, the viewer's people and the participations the viewer managed.
 * The page is then built by the API's own functions (trendsHeaderOf, statsTrendOf, peopleFrom, ratingPoints,
 * teamRatingsOf), which tests/integration/manager-pages-reads.test.ts compares with the five API calls.
 */

type Named = { email: string; name: string };
type PartJson = Omit<Participation, "cycle"> & { cycle: CycleJsonRow };
type TrendsRow = {
  person: Person | null;
  participations: PartJson[];
  manages_anyone: boolean;
  feedback: Array<StatsFeedbackRow & { reviewerType: string }>;
  questionnaires: Array<{ cycleId: number; definition: unknown }>;
  direct: Named[];
  secondary: Named[];
  team_rows: PartJson[];
  team_users: Array<{ id: number; email: string; name: string; jobTitle: string | null }>;
};

const partJson = (p: string, c: string) => `json_build_object('id', ${p}."id", 'userId', ${p}."userId", 'managerId', ${p}."managerId",
  'secondaryManagerId', ${p}."secondaryManagerId", 'reviewerOnly', ${p}."reviewerOnly", 'calibratedRating', ${p}."calibratedRating", 'cycle', ${cycleJsonSql(c)})`;

const reportsOf = (field: "managerId" | "secondaryManagerId") => `(SELECT COALESCE(json_agg(json_build_object('email', u."email", 'name', u."name") ORDER BY u."name", u."email"), '[]'::json)
     FROM "User" u WHERE u."id" <> $2 AND (u."${field}" = $2 OR EXISTS (SELECT 1 FROM "Participant" rp JOIN "Cycle" rc ON rc."id" = rp."cycleId"
       WHERE rp."userId" = u."id" AND rp."${field}" = $2 AND rc."state" <> 'DRAFT')))`;

const TRENDS_SQL = `
WITH person AS (SELECT * FROM "User" WHERE "email" = $1),
parts AS (SELECT p.*, ${cycleJsonSql("c")} AS "cycleJson" FROM "Participant" p JOIN "Cycle" c ON c."id" = p."cycleId"
          WHERE p."userId" = (SELECT "id" FROM person) AND c."state" <> 'DRAFT'),
team AS (SELECT p."userId", ${partJson("p", "c")} AS j FROM "Participant" p JOIN "Cycle" c ON c."id" = p."cycleId"
         WHERE p."managerId" = $2 AND p."userId" <> $2 AND c."state" <> 'DRAFT')
SELECT
  (SELECT json_build_object('id', u."id", 'email', u."email", 'name', u."name", 'jobTitle', u."jobTitle", 'department', u."department",
     'level', u."level", 'location', u."location", 'profileImageUrl', u."profileImageUrl", 'managerId', u."managerId",
     'secondaryManagerId', u."secondaryManagerId",
     'manager', (SELECT json_build_object('email', m."email", 'name', m."name") FROM "User" m WHERE m."id" = u."managerId"))
     FROM person u) AS "person",
  (SELECT COALESCE(json_agg(json_build_object('id', p."id", 'userId', p."userId", 'managerId', p."managerId",
     'secondaryManagerId', p."secondaryManagerId", 'reviewerOnly', p."reviewerOnly", 'calibratedRating', p."calibratedRating",
     'cycle', p."cycleJson")), '[]'::json) FROM parts p) AS "participations",
  (EXISTS (SELECT 1 FROM "User" WHERE "managerId" = (SELECT "id" FROM person))
    OR EXISTS (SELECT 1 FROM "Participant" WHERE "managerId" = (SELECT "id" FROM person))) AS "manages_anyone",
  (SELECT COALESCE(json_agg(json_build_object('revieweeId', f."revieweeId", 'reviewerType', f."reviewerType"::text,
     'status', f."status"::text, 'answers', CASE WHEN f."status" = 'SUBMITTED' THEN f."answers" END)), '[]'::json)
     FROM "Feedback" f WHERE f."revieweeId" IN (SELECT "id" FROM parts) AND f."reviewerType"::text = ANY($3::text[])) AS "feedback",
  (SELECT COALESCE(json_agg(json_build_object('cycleId', q."cycleId", 'definition', q."definition")), '[]'::json)
     FROM "Questionnaire" q WHERE q."cycleId" IN (SELECT "cycleId" FROM parts)) AS "questionnaires",
  ${reportsOf("managerId")} AS "direct",
  ${reportsOf("secondaryManagerId")} AS "secondary",
  (SELECT COALESCE(json_agg(t.j), '[]'::json) FROM team t) AS "team_rows",
  (SELECT COALESCE(json_agg(json_build_object('id', u."id", 'email', u."email", 'name', u."name", 'jobTitle', u."jobTitle")), '[]'::json)
     FROM "User" u WHERE u."id" IN (SELECT "userId" FROM team) OR (u."managerId" = $2 AND u."id" <> $2)) AS "team_users"`;

const participation = (p: PartJson): Participation => ({ ...p, cycle: cycleRowOf(p.cycle) });

/**
 * The page of `email` (already lower-cased) for `current`, as loadTrendsPage built it from the services: 404 for an
 * unknown person and 403 for someone the viewer may not read, as ApiErrors (the caller maps them to pages).
 */
export async function readTrendsPage(current: CurrentUser, email: string, limit: number): Promise<TrendsPageData> {
  const types = [STATS_REVIEWER_TYPE.peer, STATS_REVIEWER_TYPE.upward];
  const [row] = await sqlRows<TrendsRow>("performance_trends_page", TRENDS_SQL, [email, current.user.id, types]);
  if (!row?.person) throw notFound(`No user ${email}`);
  const related = relatedOf(current, row.person, row.participations.map(participation));
  const header = trendsHeaderOf(current, related, row.manages_anyone);
  const peer = statsTrendOf(current, related, "peer", limit, row.feedback, row.questionnaires);
  const upward = statsTrendOf(current, related, "upward", limit, row.feedback, row.questionnaires);
  const people = peopleFrom(current, row.direct, row.secondary);
  const teamRows = row.team_rows.map(participation);
  const me = current.user.id;
  let ratings: TrendsPageData["ratings"] = null;
  let team: TrendsPageData["team"] = null;
  if (header.relationship === "self") {
    ratings = latest(ratingPoints(related.participations, "reviewee"), limit);
    if (people.some((p) => p.relation === "direct_report")) team = teamRatingsOf(teamRows, row.team_users, limit);
  } else if (header.relationship === "manager") {
    const person = row.person;
    const rows = teamRows.filter((r) => r.userId === person.id);
    const reportNow = person.managerId === me && person.id !== me;
    const users = rows.length > 0 || reportNow ? row.team_users.filter((u) => u.id === person.id) : [];
    ratings = teamRatingsOf(rows, users, limit).direct_reports[0]?.ratings ?? [];
  }
  return { viewer: { email: current.user.email, name: current.user.name }, people, header, ratings, peer, upward, team };
}
