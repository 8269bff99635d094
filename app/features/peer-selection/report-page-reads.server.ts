import { sqlRows } from "~/platform/sql.server";
import { cycleNotFound, forbidden, notFound } from "~/platform/api.server";
import { fromDbState, sortCycles } from "~/features/cycles/rules";
import { toCycleJson } from "~/features/cycles/model.server";
import { cycleJsonSql, cycleRowOf, type CycleJsonRow } from "~/features/cycles/cycle-sql.server";
import { deriveMandatoryPanel } from "~/features/participants/rules";
import { panelOf, type PanelJson } from "~/features/peer-selection/panels.server";
import { member, PERSON, person, RELATED_JSON, REQUEST_JSON, requestJson, type Member, type Person, type Request } from "~/features/peer-selection/page-reads.server";

/**
 * The manager's page of one direct report's peer selection (/app/my-reportees/{email}/peer-finalization) in ONE
 * prepared statement (issue 27: at most 3 round trips a page; it made 9): the cycle, the report with their managers, the
 * report's cycles the caller managed (the cycle switcher, GET direct_reports/{email}/cycles), the cycle's participants
 * the report manages (the mandatory reviewers' facts), and the report's peer requests with each reviewer's accepted
 * count. Built by the API's own pure functions (panelOf, deriveMandatoryPanel, toCycleJson) with the same 404/403 as
 * listReportCycles and getReportPanel (GET direct_reports/{email}/panel); tests/integration/report-peer-page-reads.test.ts
 * compares them.
 */

type Subject = Member & { id: number; panel_status: string; manager: Person | null; secondary_manager: Person | null };
type Row = { cycle: CycleJsonRow | null; subject: Subject | null; cycles: CycleJsonRow[]; related: Member[]; requests: Request[] };

const PAGE_SQL = `
WITH rep AS (SELECT p.*, u."email", u."name" FROM "Participant" p JOIN "User" u ON u."id" = p."userId" WHERE p."cycleId" = $1 AND u."email" = $3 LIMIT 1)
SELECT
  (SELECT ${cycleJsonSql("c")} FROM "Cycle" c WHERE c."id" = $1) AS "cycle",
  (SELECT json_build_object(
      'id', rep."id", 'user_id', rep."userId", 'email', rep."email", 'name', rep."name", 'manager_id', rep."managerId",
      'secondary_manager_id', rep."secondaryManagerId", 'reviewer_only', rep."reviewerOnly", 'panel_status', rep."panelStatus"::text,
      'manager', (SELECT ${PERSON("m")} FROM "User" m WHERE m."id" = rep."managerId"),
      'secondary_manager', (SELECT ${PERSON("s")} FROM "User" s WHERE s."id" = rep."secondaryManagerId"))
     FROM rep) AS "subject",
  (SELECT COALESCE(json_agg(${cycleJsonSql("c")}), '[]'::json) FROM "Participant" p JOIN "Cycle" c ON c."id" = p."cycleId"
     WHERE p."userId" = (SELECT "userId" FROM rep) AND p."managerId" = $2) AS "cycles",
  (SELECT COALESCE(json_agg(${RELATED_JSON}), '[]'::json)
     FROM rep JOIN "Participant" p ON p."cycleId" = $1 AND (p."managerId" = rep."userId" OR p."secondaryManagerId" = rep."userId")
     JOIN "User" u ON u."id" = p."userId") AS "related",
  (SELECT COALESCE(json_agg(${REQUEST_JSON}
      ORDER BY r."createdAt", r."id"), '[]'::json)
     FROM "PeerRequest" r JOIN rep ON r."participantId" = rep."id" JOIN "User" u ON u."id" = r."reviewerId") AS "requests"`;

export type ReportPeerPage = { cycles: Array<{ id: number; name: string }>; panel: PanelJson };

/**
 * The caller's direct report `email` (lower-cased) in `cycleId`: the report's cycles (as listReportCycles) and their
 * panel as their manager sees it (as getReportPanel); ApiErrors as those services throw them.
 */
export async function readReportPeerPage(userId: number, cycleId: number, email: string): Promise<ReportPeerPage> {
  const [row] = await sqlRows<Row>("peer_selection_report_page", PAGE_SQL, [cycleId, userId, email]);
  if (!row?.cycle) throw cycleNotFound(cycleId);
  const subject = row.subject;
  if (!subject) throw notFound(`No participant ${email} in this cycle`);
  if (subject.manager_id !== userId) throw forbidden(`${email} is not your direct report in this cycle`);
  const cycleRow = cycleRowOf(row.cycle);
  const cycle = { ...cycleRow, stage: fromDbState(cycleRow.state) };
  const cycles = sortCycles(row.cycles.map((c) => toCycleJson(cycleRowOf(c)))).map((c) => ({ id: c.id, name: c.name }));
  const panel = panelOf(
    {
      cycle,
      subject: { reviewerOnly: subject.reviewer_only, panelStatus: subject.panel_status, user: subject, manager: subject.manager },
      mandatory: subject.reviewer_only
        ? []
        : deriveMandatoryPanel(member(subject), row.related.map(member), { manager: person(subject.manager), secondaryManager: person(subject.secondary_manager) }),
      requests: row.requests.map(requestJson),
      accepted: new Map(row.requests.map((r) => [r.reviewer_id, r.accepted])),
    },
    "manager",
  );
  return { cycles, panel };
}
