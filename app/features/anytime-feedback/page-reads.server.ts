import { sqlRows } from "~/platform/sql.server";
import type { CurrentUser } from "~/platform/auth.server";
import { readerRole, sinceOf, tabOf, type Tab } from "~/features/anytime-feedback/rules";
import { feedbackJson } from "~/features/anytime-feedback/service.server";
import type { FeedbackRow } from "~/features/anytime-feedback/model.server";
import type { FeedbackPage, PersonOption } from "~/features/anytime-feedback/types";

/**
 * The Anytime Feedback page's own read in ONE prepared statement (issue 27: at most 3 round trips per page; the
 * Prisma reads made 7): whether the viewer has reports (the team tab), one page of the tab's items and their number,
 * the people the tab can be filtered by, the unread count and the viewer's managers' names. Built with the same rules
 * as the service (model.server.ts `receivedWhere` / `sentWhere` / `teamWhere`, `peopleIn`, `receivedUnreadCount`,
 * `myManagers`; ADR 0029) and mapped by the same `feedbackJson`; tests/integration/anytime-page-reads.test.ts
 * compares the page with GET /api/v1/realtime_feedbacks (…/team, …/user_emails, …/unread_count).
 *
 * Each branch of the items is guarded by the tab (a one-time filter: only the chosen tab's branch runs, on its index).
 */

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const PARTY = (u: string) =>
  `json_build_object('id', ${u}."id", 'name', ${u}."name", 'email', ${u}."email", 'profileImageUrl', ${u}."profileImageUrl", 'managerId', ${u}."managerId", 'secondaryManagerId', ${u}."secondaryManagerId")`;
const REPORT = (u: string) => `(${u}."managerId" = $1 OR ${u}."secondaryManagerId" = $1)`;

const PAGE_SQL = `
WITH mgr AS (SELECT EXISTS (SELECT 1 FROM "User" u WHERE u."managerId" = $1 OR u."secondaryManagerId" = $1) AS "yes"),
tab AS (SELECT CASE WHEN $2::text = 'team' AND (SELECT "yes" FROM mgr) THEN 'team' WHEN $2::text = 'sent' THEN 'sent' ELSE 'received' END AS "t"),
since AS (SELECT ($3::text)::timestamptz AT TIME ZONE 'UTC' AS "at"),
scope AS (
  SELECT f."id", f."reviewerId", f."revieweeId", f."createdAt" FROM "RealtimeFeedback" f
   WHERE (SELECT "t" FROM tab) = 'received' AND f."revieweeId" = $1 AND ($3::text IS NULL OR f."createdAt" >= (SELECT "at" FROM since))
  UNION ALL
  SELECT f."id", f."reviewerId", f."revieweeId", f."createdAt" FROM "RealtimeFeedback" f
   WHERE (SELECT "t" FROM tab) = 'sent' AND f."reviewerId" = $1 AND ($3::text IS NULL OR f."createdAt" >= (SELECT "at" FROM since))
  UNION ALL
  SELECT f."id", f."reviewerId", f."revieweeId", f."createdAt" FROM "RealtimeFeedback" f
    JOIN "User" rv ON rv."id" = f."reviewerId" JOIN "User" re ON re."id" = f."revieweeId"
   WHERE (SELECT "t" FROM tab) = 'team' AND (${REPORT("re")} OR ${REPORT("rv")}) AND ($3::text IS NULL OR f."createdAt" >= (SELECT "at" FROM since))
),
matched AS (
  SELECT s.* FROM scope s JOIN "User" rv ON rv."id" = s."reviewerId" JOIN "User" re ON re."id" = s."revieweeId"
   WHERE $4::text IS NULL
      OR ((SELECT "t" FROM tab) IN ('received', 'team') AND lower(rv."email") = lower($4::text))
      OR ((SELECT "t" FROM tab) IN ('sent', 'team') AND lower(re."email") = lower($4::text))
),
pick AS (SELECT m."id" FROM matched m ORDER BY m."createdAt" DESC, m."id" DESC LIMIT $5::int OFFSET $6::bigint),
people AS (
  SELECT DISTINCT u."id", u."name", u."email", ${REPORT("u")} AS "direct_report" FROM scope s
    JOIN "User" u ON u."id" = CASE WHEN (SELECT "t" FROM tab) = 'sent' THEN s."revieweeId" ELSE s."reviewerId" END
  UNION
  SELECT u."id", u."name", u."email", ${REPORT("u")} FROM scope s JOIN "User" u ON u."id" = s."revieweeId" WHERE (SELECT "t" FROM tab) = 'team'
)
SELECT
  (SELECT "yes" FROM mgr) AS "is_manager",
  (SELECT "t" FROM tab) AS "tab",
  (SELECT COALESCE(json_agg(json_build_object(
      'id', f."id", 'reviewerId', f."reviewerId", 'revieweeId', f."revieweeId", 'body', f."body",
      'hasBeenViewedByReviewee', f."hasBeenViewedByReviewee", 'viewedAt', to_char(f."viewedAt", ${ISO}), 'createdAt', to_char(f."createdAt", ${ISO}),
      'reviewer', ${PARTY("rv")}, 'reviewee', ${PARTY("re")}) ORDER BY f."createdAt" DESC, f."id" DESC), '[]'::json)
     FROM pick p JOIN "RealtimeFeedback" f ON f."id" = p."id" JOIN "User" rv ON rv."id" = f."reviewerId" JOIN "User" re ON re."id" = f."revieweeId") AS "items",
  (SELECT count(*)::int FROM matched) AS "total",
  (SELECT COALESCE(json_agg(json_build_object('id', p."id", 'name', p."name", 'email', p."email", 'direct_report', p."direct_report") ORDER BY p."name", p."id"), '[]'::json)
     FROM people p) AS "people",
  (SELECT count(*)::int FROM "RealtimeFeedback" f WHERE f."revieweeId" = $1 AND f."hasBeenViewedByReviewee" = false) AS "unread",
  (SELECT COALESCE(json_agg(u."name" ORDER BY u."name"), '[]'::json) FROM "User" u WHERE u."id" = ANY($7::int[])) AS "managers"`;

type ItemRow = Omit<FeedbackRow, "createdAt" | "viewedAt"> & { createdAt: string; viewedAt: string | null };
type PageRow = { is_manager: boolean; tab: Tab; items: ItemRow[]; total: number; people: PersonOption[]; unread: number; managers: string[] };

export type AnytimePageQuery = { tab: string | null; days: number | undefined; person: string | null; limit: number; offset: number };

export type AnytimePageReads = { isManager: boolean; tab: Tab; list: FeedbackPage; people: PersonOption[]; unreadCount: number; myManagers: string[] };

/** What the page shows for `current` (the tab asked for, resolved as `tabOf` does: team only for a manager). */
export async function readAnytimeFeedbackPage(current: CurrentUser, q: AnytimePageQuery, now = new Date()): Promise<AnytimePageReads> {
  const me = current.user.id;
  const since = sinceOf(q.days, now)?.toISOString() ?? null;
  const managers = [current.user.managerId, current.user.secondaryManagerId].filter((id): id is number => id !== null);
  const [row] = await sqlRows<PageRow>("anytime_feedback_page", PAGE_SQL, [me, tabOf(q.tab, true), since, q.person, q.limit, q.offset, managers]);
  const tab = tabOf(q.tab, row!.is_manager);
  const rows: FeedbackRow[] = row!.items.map((r) => ({ ...r, createdAt: new Date(r.createdAt), viewedAt: r.viewedAt === null ? null : new Date(r.viewedAt) }));
  // Defence in depth, as the service: a row the viewer may not read never leaves the server, whatever the query said.
  const items = rows.filter((r) => readerRole(me, r) !== null).map((r) => feedbackJson(r, current));
  const people =
    tab === "team"
      ? row!.people.filter((p) => p.direct_report).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
      : row!.people.map((p) => ({ ...p, direct_report: false }));
  return {
    isManager: row!.is_manager,
    tab,
    list: { realtime_feedbacks: items, total: row!.total, limit: q.limit, offset: q.offset },
    people,
    unreadCount: row!.unread,
    myManagers: row!.managers,
  };
}
