import { sqlRows } from "~/platform/sql.server";
import { cycleNotFound, forbidden, notFound } from "~/platform/api.server";
import { fromDbState, sortCycles } from "~/features/cycles/rules";
import { toCycleJson } from "~/features/cycles/model.server";
import { cycleJsonSql, cycleRowOf, type CycleJsonRow } from "~/features/cycles/cycle-sql.server";
import { QuestionnaireSchema } from "~/features/questionnaires/rules";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import { cycleRef, type ReportParticipant } from "~/features/manager-review/model.server";
import { hiddenFromManager, reportFeedbacksOf, type FeedbackRow, type ReportFeedbacksJson } from "~/features/manager-review/service.server";
import { managerFeedbackOf, type ManagerFeedbackJson, type OwnRow } from "~/features/manager-review/manager-feedback.server";
import type { CycleOption } from "~/features/manager-review/types";

/**
 * The Manager Feedback page's read (/app/my-reportees/{email}/feedback) in ONE prepared statement (issue 27: at most 3
 * round trips per page; it made 20): the cycle, the direct report, the report's cycles the caller managed, every
 * feedback row about the report with its reviewer, and the cycle's questionnaire. Built by the API's own functions
 * (reportFeedbacksOf, managerFeedbackOf, toCycleJson) with the same 404/403/409 as listReportCycles,
 * listReportFeedbacks and getManagerFeedback; tests/integration/manager-pages-reads.test.ts compares them.
 */

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

type Row = {
  cycle: CycleJsonRow | null;
  report: ReportParticipant | null;
  cycles: CycleJsonRow[];
  feedbacks: Array<Omit<FeedbackRow, "submittedAt"> & { reviewerId: number; submittedAt: string | null; updatedAt: string }>;
  questionnaire: unknown;
};

const PAGE_SQL = `
WITH rep AS (SELECT p."id", p."userId", p."managerId", p."reviewerOnly", u."email", u."name", u."jobTitle", u."profileImageUrl"
             FROM "Participant" p JOIN "User" u ON u."id" = p."userId" WHERE p."cycleId" = $1 AND u."email" = $3 LIMIT 1)
SELECT
  (SELECT ${cycleJsonSql("c")} FROM "Cycle" c WHERE c."id" = $1) AS "cycle",
  (SELECT json_build_object('id', r."id", 'userId', r."userId", 'managerId', r."managerId", 'reviewerOnly', r."reviewerOnly",
     'user', json_build_object('email', r."email", 'name', r."name", 'jobTitle', r."jobTitle", 'profileImageUrl', r."profileImageUrl"))
     FROM rep r) AS "report",
  (SELECT COALESCE(json_agg(${cycleJsonSql("c")}), '[]'::json) FROM "Participant" p JOIN "Cycle" c ON c."id" = p."cycleId"
     WHERE p."userId" = (SELECT "userId" FROM rep) AND p."managerId" = $2) AS "cycles",
  (SELECT COALESCE(json_agg(json_build_object('id', f."id", 'reviewerId', f."reviewerId", 'reviewerType', f."reviewerType"::text,
     'status', f."status"::text, 'answers', f."answers", 'submittedAt', to_char(f."submittedAt", ${ISO}),
     'updatedAt', to_char(f."updatedAt", ${ISO}), 'reviewer', json_build_object('email', u."email", 'name', u."name"))), '[]'::json)
     FROM "Feedback" f JOIN "User" u ON u."id" = f."reviewerId" WHERE f."cycleId" = $1 AND f."revieweeId" = (SELECT "id" FROM rep)) AS "feedbacks",
  (SELECT q."definition" FROM "Questionnaire" q WHERE q."cycleId" = $1) AS "questionnaire"`;

export type ManagerFeedbackPage = { cycles: CycleOption[]; feedbacks: ReportFeedbacksJson; mine: ManagerFeedbackJson | null };

/** The page of the caller's direct report `email` (lower-cased) in `cycleId`; ApiErrors as the services throw them. */
export async function readManagerFeedbackPage(userId: number, cycleId: number, email: string): Promise<ManagerFeedbackPage> {
  const [row] = await sqlRows<Row>("manager_feedback_page", PAGE_SQL, [cycleId, userId, email]);
  if (!row?.cycle) throw cycleNotFound(cycleId);
  const cycleRow = cycleRowOf(row.cycle);
  const report = row.report;
  if (!report) throw notFound(`No participant ${email} in this cycle`);
  if (report.managerId !== userId) throw forbidden(`${email} is not your direct report in this cycle`);
  const cycles = sortCycles(row.cycles.map((c) => toCycleJson(cycleRowOf(c)))).map((c) => ({ id: c.id, name: c.name }));
  const definition = row.questionnaire == null ? DEFAULT_QUESTIONNAIRE : QuestionnaireSchema.parse(row.questionnaire);
  const rows = row.feedbacks.map((f) => ({ ...f, submittedAt: f.submittedAt ? new Date(f.submittedAt) : null, updatedAt: new Date(f.updatedAt) }));
  const cycle = { ...cycleRow, stage: fromDbState(cycleRow.state) };
  const hidden = new Set<string>(hiddenFromManager(cycle));
  const feedbacks = reportFeedbacksOf(cycle, report, rows.filter((f) => !hidden.has(f.reviewerType)), definition);
  if (report.reviewerOnly) return { cycles, feedbacks, mine: null };
  const own = rows.find((f) => f.reviewerId === userId) ?? null;
  return { cycles, feedbacks, mine: managerFeedbackOf(cycleRef(cycle), report, own as OwnRow | null, definition) };
}
