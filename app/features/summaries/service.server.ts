import { getDb, type Db, type Tx } from "~/platform/db.server";
import { Prisma, type ReviewerType as DbReviewerType } from "~/generated/prisma/client.ts";
import { fromDbState, STAGE_LABELS } from "~/features/cycles/rules";
import { aggregateFeedbackSummary, type FeedbackSummary, type SummaryFeedbackRow, type SummarySection } from "~/features/summaries/rules";
import { isReportOpen, readerAccess, REPORT_NOT_OPEN_MESSAGE, summaryAccess, thresholdMessage, type SummaryDoor } from "~/features/summaries/visibility";
import { groupRuleText, NAME_GROUPS, reviewerNamesOf } from "~/features/cycles/reviewer-names";
import { decisionText, parseStoredDecision, parseStoredRating, ratingText } from "~/features/participants/rules";
import { QuestionnaireSchema, REVIEWER_TYPE_LABELS, REVIEWER_TYPES, type Questionnaire } from "~/features/questionnaires/rules";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import { ApiError, cycleNotFound, forbidden, notFound } from "~/platform/api.server";
import { refusalDetails } from "~/platform/i18n/refusal-key";
import { isSuperAdmin, type CurrentUser } from "~/platform/auth.server";
import { requireCycle, requireOwnParticipant, type ParticipantWithPeople } from "~/features/cycles/context.server";

/**
 * Feedback summaries and the participant's cycle report (issue [3/3] item 6; ADR 0023).
 *
 * A summary is read through one door (own, direct_report, secondary_report, admin): the door finds the
 * participant (404 unknown, 403 not yours, via app/features/cycles/context.server.ts), the pure rules of
 * app/features/summaries/visibility.ts decide whether and how the viewer sees it, and
 * app/features/summaries/rules.ts aggregates. Data: ONE query returns the questionnaire and every Feedback row
 * about the reviewee with the reviewer's name (a join, aggregated to JSON in PostgreSQL).
 */

type Client = Db | Tx;
type CycleWithStage = Awaited<ReturnType<typeof requireCycle>>;

export type { FeedbackSummary };

/** ApiError code of a 403 because the stage does not open the summary yet (pages show it as a note). */
export const SUMMARY_NOT_OPEN_CODE = "summary_not_open";

/** Whether an error is that 403. */
export function isSummaryNotOpen(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status === 403 && err.code === SUMMARY_NOT_OPEN_CODE;
}

type SummaryRowJson = { t: DbReviewerType; s: "DRAFT" | "SUBMITTED"; a: unknown; n: string; e: string };

/**
 * The summary's two columns of one statement: the cycle's questionnaire definition ("definition") and every Feedback
 * row about the reviewee ("rows": answers only for submitted ones, with the reviewer's name and email, in answer order).
 * `reviewee` is the reviewee's id: a value, or a subquery of the statement it is part of.
 */
function summaryColumns(cycleId: number, reviewee: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
      (SELECT q."definition" FROM "Questionnaire" q WHERE q."cycleId" = ${cycleId}) AS "definition",
      COALESCE((
        SELECT json_agg(json_build_object(
                 't', f."reviewerType", 's', f."status",
                 'a', CASE WHEN f."status" = 'SUBMITTED' THEN f."answers" ELSE NULL END,
                 'n', u."name", 'e', u."email")
               ORDER BY f."submittedAt" ASC NULLS LAST, f."id" ASC)
        FROM "Feedback" f JOIN "User" u ON u."id" = f."reviewerId"
        WHERE f."revieweeId" = ${reviewee}
      ), '[]'::json) AS "rows"`;
}

/**
 * ONE round trip: the cycle's questionnaire definition (null = the default one) and every Feedback row about
 * the reviewee (answers only for submitted ones) with the reviewer's name and email, in answer order.
 */
async function summaryData(client: Client, cycleId: number, revieweeId: number): Promise<{ questionnaire: Questionnaire; rows: SummaryFeedbackRow[] }> {
  const [result] = await client.$queryRaw<Array<{ definition: unknown; rows: unknown }>>`
    SELECT
      ${summaryColumns(cycleId, Prisma.sql`${revieweeId}`)}`;
  return summaryRows(result?.definition ?? null, result?.rows ?? []);
}

const parseJson = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);

/** The questionnaire (null = the default one) and the Feedback rows of summaryData's statement. */
function summaryRows(definitionJson: unknown, rowsJson: unknown): { questionnaire: Questionnaire; rows: SummaryFeedbackRow[] } {
  const definition = parseJson(definitionJson);
  const rows = (parseJson(rowsJson) as SummaryRowJson[]).map((r) => ({ reviewerType: r.t, status: r.s, answers: r.a, reviewerName: r.n, reviewerEmail: r.e }));
  return { questionnaire: definition ? QuestionnaireSchema.parse(definition) : DEFAULT_QUESTIONNAIRE, rows };
}

/** What a summary reads of the cycle and of the participant. */
type SummaryCycle = Pick<CycleWithStage, "id" | "name" | "stage" | "peerNames" | "upwardNames">;
type SummaryParticipant = Pick<ParticipantWithPeople, "id" | "userId" | "managerId" | "secondaryManagerId" | "reviewerOnly"> & {
  user: Pick<ParticipantWithPeople["user"], "email" | "name" | "jobTitle" | "department">;
};

function cycleJson(cycle: SummaryCycle): FeedbackSummary["cycle"] {
  const names = reviewerNamesOf(cycle);
  return {
    id: cycle.id,
    name: cycle.name,
    state: cycle.stage,
    stage_label: STAGE_LABELS[cycle.stage],
    reviewer_names: { ...names, rule: NAME_GROUPS.map((g) => groupRuleText(names, g)) },
  };
}

function revieweeJson(p: SummaryParticipant): FeedbackSummary["reviewee"] {
  return { email: p.user.email, name: p.user.name, job_title: p.user.jobTitle, department: p.user.department, reviewer_only: p.reviewerOnly };
}

/**
 * The feedback summary of a participant as `current` may see it through `door` (email: the participant's,
 * for every door but own). 404 unknown cycle or participant; 403 when the rules refuse. ONE round trip (issue 27):
 * the cycle, the participant the door leads to, the questionnaire and the Feedback rows in one statement; the
 * refusals as app/features/cycles/context.server.ts words them.
 */
export async function getFeedbackSummary(current: CurrentUser, door: SummaryDoor, cycleId: number, email?: string, client?: Client): Promise<FeedbackSummary> {
  const db = client ?? (await getDb());
  const own = door === "own";
  const wanted = own ? null : (email ?? "").trim().toLowerCase();
  const [read] = await db.$queryRaw<Array<{ cycle: unknown; participant: unknown; definition: unknown; rows: unknown }>>`
    WITH c AS (
      SELECT "id", "name", "state"::text AS "state", "peerNames", "upwardNames" FROM "Cycle" WHERE "id" = ${cycleId}
    ), p AS (
      SELECT pa."id", pa."userId", pa."managerId", pa."secondaryManagerId", pa."reviewerOnly",
             u."email", u."name", u."jobTitle", u."department"
      FROM "Participant" pa JOIN "User" u ON u."id" = pa."userId"
      WHERE pa."cycleId" = ${cycleId}
        AND CASE WHEN ${own}::boolean THEN pa."userId" = ${current.user.id}::int ELSE u."email" = ${wanted ?? ""}::text END
      LIMIT 1
    )
    SELECT
      (SELECT row_to_json(c) FROM c) AS "cycle",
      (SELECT row_to_json(p) FROM p) AS "participant",
      ${summaryColumns(cycleId, Prisma.sql`(SELECT "id" FROM p)`)}`;
  const c = parseJson(read?.cycle ?? null) as { id: number; name: string; state: string; peerNames: string; upwardNames: string } | null;
  if (!c) throw cycleNotFound(cycleId);
  const cycle: SummaryCycle = { ...c, stage: fromDbState(c.state) };
  if (door === "admin" && !isSuperAdmin(current)) throw forbidden("Only a super admin can read any participant's feedback summary");
  const p = parseJson(read?.participant ?? null) as LeanParticipant | null;
  if (!p) throw notFound(own ? "You are not a participant of this cycle" : `No participant ${wanted} in this cycle`);
  if (door === "direct_report" && p.managerId !== current.user.id) throw forbidden(`${wanted} is not your direct report in this cycle`);
  if (door === "secondary_report" && p.secondaryManagerId !== current.user.id) throw forbidden(`${wanted} is not your secondary report in this cycle`);
  const participant: SummaryParticipant = { ...p, user: { email: p.email, name: p.name, jobTitle: p.jobTitle, department: p.department } };
  return assemble(current, door, cycle, participant, summaryRows(read?.definition ?? null, read?.rows ?? []));
}

type LeanParticipant = Pick<ParticipantWithPeople, "id" | "userId" | "managerId" | "secondaryManagerId" | "reviewerOnly"> & Pick<ParticipantWithPeople["user"], "email" | "name" | "jobTitle" | "department">;

/** The summary of a participant already found (the bulk PDF job uses the admin door with this). */
export async function summaryOf(
  client: Client,
  current: Pick<CurrentUser, "user">,
  door: SummaryDoor,
  cycle: CycleWithStage,
  participant: ParticipantWithPeople,
): Promise<FeedbackSummary> {
  return assemble(current, door, cycle, participant, undefined, client);
}

/** Decide the access, then aggregate `data` (read here when not given). */
async function assemble(
  current: Pick<CurrentUser, "user">,
  door: SummaryDoor,
  cycle: SummaryCycle,
  participant: SummaryParticipant,
  data?: { questionnaire: Questionnaire; rows: SummaryFeedbackRow[] },
  client?: Client,
): Promise<FeedbackSummary> {
  const access = summaryAccess(
    door,
    { userId: current.user.id, isSuperAdmin: current.user.role === "SUPER_ADMIN" },
    { userId: participant.userId, managerId: participant.managerId, secondaryManagerId: participant.secondaryManagerId },
    cycle.stage,
    reviewerNamesOf(cycle),
  );
  // 403 either way; code "not_open" when the relationship holds but the stage does not open the summary yet.
  if (!access.ok) {
    const details = { reason: access.reason, stage: cycle.stage };
    throw new ApiError(403, access.reason === "not_yet_open" ? SUMMARY_NOT_OPEN_CODE : "forbidden", access.message, access.key ? refusalDetails(access.key, details) : details);
  }
  const { rows, questionnaire } = data ?? (await summaryData(client!, cycle.id, participant.id));
  return { cycle: cycleJson(cycle), reviewee: revieweeJson(participant), ...aggregateFeedbackSummary(rows, questionnaire, access) };
}

/**
 * The summary as a calibration session's panel reads it (ADR 0026): the manager's view, with names only where the
 * cycle's reviewer-names setting shows them to the calibration panel (ADR 0058); the other groups anonymised and
 * under the threshold. The caller has checked that the reader is a member of the participant's session.
 */
export async function calibrationSummaryOf(client: Client, cycle: SummaryCycle, participant: SummaryParticipant): Promise<FeedbackSummary> {
  const { rows, questionnaire } = await summaryData(client, cycle.id, participant.id);
  return {
    cycle: cycleJson(cycle),
    reviewee: revieweeJson(participant),
    ...aggregateFeedbackSummary(rows, questionnaire, readerAccess("manager", "calibration_panel", reviewerNamesOf(cycle))),
  };
}

/** The peer section of the signed-in participant's own summary: anonymised answers or the threshold message. */
export async function getOwnPeerSection(current: CurrentUser, cycleId: number): Promise<{ cycle: FeedbackSummary["cycle"]; peers: SummarySection }> {
  const summary = await getFeedbackSummary(current, "own", cycleId);
  const peers = summary.sections.find((s) => s.reviewer_type === "peer") ?? {
    reviewer_type: "peer" as const,
    label: REVIEWER_TYPE_LABELS.PEER,
    requested: 0,
    submitted: 0,
    anonymised: true,
    visible: false,
    message: thresholdMessage("PEER", 0),
    reviewers: null,
    questions: [],
  };
  return { cycle: summary.cycle, peers };
}

// ---------------------------------------------------------------------------------------------
// The participant's cycle report (dashboard)

export type ParticipantDashboard = {
  cycle: FeedbackSummary["cycle"];
  participant: FeedbackSummary["reviewee"] & { manager: { name: string; email: string } | null };
  /** The feedback summary, calibrated rating and promotion decision are open (communication stage). */
  report_open: boolean;
  report_message: string | null;
  feedback_received: {
    requested: number;
    submitted: number;
    by_type: Array<{ reviewer_type: Lowercase<DbReviewerType>; label: string; requested: number; submitted: number }>;
  };
  manager_feedback: { given: boolean; submitted_at: string | null };
  /** Only once the report is open. */
  calibrated_rating: { value: number; label: string } | null;
  promotion_decision: { value: string; label: string } | null;
};

/** The signed-in participant's overview of the cycle (spec `dashboard`): counts at any stage, outcome in communication. */
export async function getParticipantDashboard(current: CurrentUser, cycleId: number): Promise<ParticipantDashboard> {
  const db = await getDb();
  const cycle = await requireCycle(db, cycleId);
  const participant = await requireOwnParticipant(db, cycleId, current.user.id);
  const counts = await db.$queryRaw<DashboardCount[]>`
    SELECT "reviewerType"::text AS "reviewerType", COUNT(*)::int AS "requested",
           COUNT(*) FILTER (WHERE "status" = 'SUBMITTED')::int AS "submitted",
           MAX("submittedAt") FILTER (WHERE "status" = 'SUBMITTED') AS "lastSubmittedAt"
    FROM "Feedback" WHERE "revieweeId" = ${participant.id}
    GROUP BY "reviewerType"`;
  return participantDashboardOf(cycle, participant, counts);
}

/** The Feedback rows about a participant counted by reviewer type (requested, submitted, the last submission). */
export type DashboardCount = { reviewerType: DbReviewerType; requested: number; submitted: number; lastSubmittedAt: Date | string | null };
type DashboardParticipant = SummaryParticipant & Pick<ParticipantWithPeople, "calibratedRating" | "promotionDecision"> & { manager: { name: string; email: string } | null };

/** The dashboard from what it reads, however it was read (getParticipantDashboard, the page's prepared read) (PURE). */
export function participantDashboardOf(cycle: SummaryCycle, participant: DashboardParticipant, counts: DashboardCount[]): ParticipantDashboard {
  const byType = REVIEWER_TYPES.flatMap((t) => {
    const c = counts.find((r) => r.reviewerType === t);
    return c ? [{ reviewer_type: t.toLowerCase() as Lowercase<DbReviewerType>, label: REVIEWER_TYPE_LABELS[t], requested: Number(c.requested), submitted: Number(c.submitted) }] : [];
  });
  const manager = counts.find((r) => r.reviewerType === "MANAGER");
  const open = isReportOpen(cycle.stage);
  const rating = open ? parseStoredRating(participant.calibratedRating) : null;
  const decision = open ? parseStoredDecision(participant.promotionDecision) : null;
  const managerAt = manager && Number(manager.submitted) > 0 && manager.lastSubmittedAt ? new Date(manager.lastSubmittedAt) : null;
  return {
    cycle: cycleJson(cycle),
    participant: { ...revieweeJson(participant), manager: participant.manager ? { name: participant.manager.name, email: participant.manager.email } : null },
    report_open: open,
    report_message: open ? null : `${REPORT_NOT_OPEN_MESSAGE}.`,
    feedback_received: {
      requested: byType.reduce((n, t) => n + t.requested, 0),
      submitted: byType.reduce((n, t) => n + t.submitted, 0),
      by_type: byType,
    },
    manager_feedback: { given: !!manager && Number(manager.submitted) > 0, submitted_at: managerAt ? managerAt.toISOString() : null },
    calibrated_rating: rating ? { value: rating, label: ratingText(rating) } : null,
    promotion_decision: decision ? { value: decision, label: decisionText(decision) } : null,
  };
}
