import { sqlRows } from "~/platform/sql.server";
import { cycleNotFound, forbidden, notFound } from "~/platform/api.server";
import { fromDbState, sortCycles } from "~/features/cycles/rules";
import { toCycleJson } from "~/features/cycles/model.server";
import { cycleJsonSql, cycleRowOf, type CycleJsonRow } from "~/features/cycles/cycle-sql.server";
import { canChangeNomination, nominationBlocker } from "~/features/manager-review/rules";
import { cycleRef, reportPerson, type ReportParticipant } from "~/features/manager-review/model.server";
import { toNominationJson, type NominationDetailJson } from "~/features/manager-review/nominations.server";
import type { CycleOption } from "~/features/manager-review/types";
import { decisionText, parseStoredDecision } from "~/features/participants/rules";
import { isReportOpen } from "~/features/summaries/visibility";

/**
 * The manager's promotion nomination page's read (/app/my-reportees/{email}/promotion) in ONE prepared statement
 * (issue 27: at most 3 round trips per page; it made 18): the cycle, the direct report, the report's cycles the caller
 * managed, and the report's nomination with who nominated. Built by the API's own functions (toNominationJson,
 * reportPerson, cycleRef, toCycleJson) with the same 404/403 as listReportCycles and getNomination;
 * tests/integration/promotion-nomination-reads.test.ts compares the page with the API.
 */

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

type Row = {
  cycle: CycleJsonRow | null;
  report: (ReportParticipant & { promotionDecision: string | null }) | null;
  cycles: CycleJsonRow[];
  nomination: { status: string; rationale: string | null; createdAt: string; updatedAt: string; nominatedBy: { email: string; name: string } | null } | null;
};

const PAGE_SQL = `
WITH rep AS (SELECT p."id", p."userId", p."managerId", p."reviewerOnly", p."promotionDecision", u."email", u."name", u."jobTitle", u."profileImageUrl"
             FROM "Participant" p JOIN "User" u ON u."id" = p."userId" WHERE p."cycleId" = $1 AND u."email" = $3 LIMIT 1)
SELECT
  (SELECT ${cycleJsonSql("c")} FROM "Cycle" c WHERE c."id" = $1) AS "cycle",
  (SELECT json_build_object('id', r."id", 'userId', r."userId", 'managerId', r."managerId", 'reviewerOnly', r."reviewerOnly",
     'promotionDecision', r."promotionDecision",
     'user', json_build_object('email', r."email", 'name', r."name", 'jobTitle', r."jobTitle", 'profileImageUrl', r."profileImageUrl"))
     FROM rep r) AS "report",
  (SELECT COALESCE(json_agg(${cycleJsonSql("c")}), '[]'::json) FROM "Participant" p JOIN "Cycle" c ON c."id" = p."cycleId"
     WHERE p."userId" = (SELECT "userId" FROM rep) AND p."managerId" = $2) AS "cycles",
  (SELECT json_build_object('status', n."status", 'rationale', n."rationale", 'createdAt', to_char(n."createdAt", ${ISO}),
     'updatedAt', to_char(n."updatedAt", ${ISO}),
     'nominatedBy', CASE WHEN b."id" IS NULL THEN NULL ELSE json_build_object('email', b."email", 'name', b."name") END)
     FROM "PromotionNomination" n LEFT JOIN "User" b ON b."id" = n."nominatedById" WHERE n."participantId" = (SELECT "id" FROM rep)) AS "nomination"`;

export type NominationPageRead = NominationDetailJson & { cycles: CycleOption[] };

/** The page of the caller's direct report `email` (lower-cased) in `cycleId`; ApiErrors as the services throw them. */
export async function readNominationPage(userId: number, cycleId: number, email: string): Promise<NominationPageRead> {
  const [row] = await sqlRows<Row>("promotion_nomination_page", PAGE_SQL, [cycleId, userId, email]);
  if (!row?.cycle) throw cycleNotFound(cycleId);
  const cycleRow = cycleRowOf(row.cycle);
  const report = row.report;
  if (!report) throw notFound(`No participant ${email} in this cycle`);
  if (report.managerId !== userId) throw forbidden(`${email} is not your direct report in this cycle`);
  const cycles = sortCycles(row.cycles.map((c) => toCycleJson(cycleRowOf(c)))).map((c) => ({ id: c.id, name: c.name }));
  const stage = fromDbState(cycleRow.state);
  const n = row.nomination;
  const decision = isReportOpen(stage) ? parseStoredDecision(report.promotionDecision) : null;
  return {
    cycles,
    cycle: cycleRef({ ...cycleRow, stage }),
    participant: reportPerson(report),
    promotion_nomination: n
      ? toNominationJson({
          ...n,
          createdAt: new Date(n.createdAt),
          updatedAt: new Date(n.updatedAt),
          participant: { user: { email: report.user.email, name: report.user.name } },
        } as Parameters<typeof toNominationJson>[0])
      : null,
    can_change: canChangeNomination(stage),
    blocked_reason: nominationBlocker({ reviewerOnly: report.reviewerOnly, email: report.user.email }),
    promotion_decision: decision ? { value: decision, label: decisionText(decision) } : null,
  };
}
