import { getDb } from "~/platform/db.server";
import type { Prisma } from "~/generated/prisma/client.ts";
import { sortCycles } from "~/features/cycles/rules";
import { questionsFor, storedAnswers, type Answers } from "~/features/feedback/answers";
import {
  canChangeNomination,
  canWriteManagerFeedback,
  feedbackProgress,
  managerFeedbackState,
  REPORTEE_PATHS,
  selectionCounts,
  visibleAnswers,
} from "~/features/manager-review/rules";
import { fromDbReviewerType, REVIEWER_TYPE_LABELS, type ReviewerTypeValue } from "~/features/participants/rules";
import type { Question, ReviewerType } from "~/features/questionnaires/rules";
import { toCycleJson, type CycleJson } from "~/features/cycles/model.server";
import { notFound } from "~/platform/api.server";
import { participantInclude, requireCycle, requireDirectReport, type ParticipantWithPeople } from "~/features/cycles/context.server";
import { getQuestionnaire } from "~/features/questionnaires/service.server";
import { anonymousTypesFor, reviewerNamesOf } from "~/features/cycles/reviewer-names";
import { cycleRef, reportPerson, type Client, type ReportParticipant } from "~/features/manager-review/model.server";
import { nominationInclude, toNominationJson } from "~/features/manager-review/nominations.server";
import type { CycleRef, DirectReportsJson, PersonJson, ReportPersonJson, SecondaryReportJson } from "~/features/manager-review/types";

/**
 * The manager's side of a review cycle (issue [3/3] item 5, docs/decisions/0022-manager-feedback-and-nominations.md):
 * direct and secondary reports with their progress, the named feedback about a direct report, the manager
 * feedback (the MANAGER Feedback row) and promotion nominations. Every function resolves the cycle and the
 * relationship itself (features/cycles/context.server.ts), so the API routes and the pages share one authorization.
 *
 * This file holds the reading side: the direct and secondary reports lists, the feedback about a direct
 * report and the report's cycles. Manager feedback writing is in manager-feedback.server.ts, promotion
 * nominations in nominations.server.ts, the shared helpers in model.server.ts and the list shapes in types.ts.
 */

const byName = (a: ParticipantWithPeople, b: ParticipantWithPeople) => a.user.name.localeCompare(b.user.name) || a.user.email.localeCompare(b.user.email);

// ---------------------------------------------------------------------------------------------
// GET direct_reports

/** The caller's direct reports in the cycle (participants whose manager in this cycle is the caller), by name. */
export async function listDirectReports(userId: number, cycleId: number, client?: Client): Promise<DirectReportsJson> {
  const db = client ?? (await getDb());
  const cycle = await requireCycle(db, cycleId);
  const reports = (await db.participant.findMany({ where: { cycleId, managerId: userId }, include: participantInclude })).sort(byName);
  const ids = reports.map((r) => r.id);
  const userIds = reports.map((r) => r.userId);
  const [received, toGive, mine, peers, nominations] = await Promise.all([
    db.feedback.groupBy({
      by: ["revieweeId", "status"],
      where: { cycleId, revieweeId: { in: ids }, reviewerType: { not: "MANAGER" } },
      _count: { _all: true },
    }),
    db.feedback.groupBy({
      by: ["reviewerId", "status"],
      where: { cycleId, reviewerId: { in: userIds } },
      _count: { _all: true },
    }),
    db.feedback.findMany({
      where: { cycleId, revieweeId: { in: ids }, reviewerId: userId, reviewerType: "MANAGER" },
      select: { revieweeId: true, status: true, answers: true, submittedAt: true },
    }),
    db.peerRequest.groupBy({ by: ["participantId", "status"], where: { cycleId, participantId: { in: ids } }, _count: { _all: true } }),
    db.promotionNomination.findMany({ where: { participantId: { in: ids } }, include: nominationInclude }),
  ]);
  const mineBy = new Map(mine.map((m) => [m.revieweeId, m]));
  const nominationBy = new Map(nominations.map((n) => [n.participantId, n]));
  return {
    cycle: cycleRef(cycle),
    can_write_manager_feedback: canWriteManagerFeedback(cycle.stage),
    can_change_nominations: canChangeNomination(cycle.stage),
    direct_reports: reports.map((r) => {
      const own = mineBy.get(r.id) ?? null;
      const nomination = nominationBy.get(r.id);
      return {
        ...reportPerson(r),
        selection: {
          panel_status: r.panelStatus === "MANAGER_APPROVED" ? "manager_approved" : "admin_approved",
          ...selectionCounts(peers.filter((p) => p.participantId === r.id).map((p) => ({ status: p.status, count: p._count._all }))),
        },
        feedback_received: feedbackProgress(received.filter((g) => g.revieweeId === r.id).map((g) => ({ status: g.status, count: g._count._all }))),
        feedback_to_give: feedbackProgress(toGive.filter((g) => g.reviewerId === r.userId).map((g) => ({ status: g.status, count: g._count._all }))),
        manager_feedback: { state: managerFeedbackState(own), submitted_at: own?.submittedAt?.toISOString() ?? null },
        promotion_nomination: nomination ? toNominationJson(nomination) : null,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// GET secondary_reports

/** The caller's secondary (matrix) reports in the cycle: people and links to their summaries only. */
export async function listSecondaryReports(userId: number, cycleId: number, client?: Client): Promise<{ cycle: CycleRef; secondary_reports: SecondaryReportJson[] }> {
  const db = client ?? (await getDb());
  const cycle = await requireCycle(db, cycleId);
  const reports = (await db.participant.findMany({ where: { cycleId, secondaryManagerId: userId }, include: participantInclude })).sort(byName);
  return {
    cycle: cycleRef(cycle),
    secondary_reports: reports.map((r) => ({
      ...reportPerson(r),
      manager: r.manager ? { email: r.manager.email, name: r.manager.name } : null,
      feedback_summary_path: REPORTEE_PATHS.secondarySummary(r.user.email, cycle.id),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// GET direct_reports/{email}/feedbacks and feedbacks/{reviewer_email}

export type ReportFeedbackJson = {
  id: number;
  reviewer: PersonJson;
  reviewer_type: ReviewerTypeValue;
  reviewer_type_label: string;
  status: "draft" | "submitted";
  submitted_at: string | null;
  /** The answers once submitted; null for a request not yet given (a reviewer's draft stays private). */
  answers: Answers | null;
};

const REVIEWER_ORDER: ReviewerTypeValue[] = ["self", "manager", "matrix_manager", "direct_report", "matrix_team", "peer"];

const feedbackInclude = { reviewer: { select: { email: true, name: true } } } satisfies Prisma.FeedbackInclude;
/** A feedback row about the report with its reviewer (what toReportFeedback reads). */
export type FeedbackRow = Pick<Prisma.FeedbackGetPayload<{ include: typeof feedbackInclude }>, "id" | "reviewerType" | "status" | "answers" | "submittedAt"> & {
  reviewer: { email: string; name: string };
};

function toReportFeedback(row: FeedbackRow, questions: Record<ReviewerType, Question[]> | null): ReportFeedbackJson {
  const type = fromDbReviewerType(row.reviewerType);
  const visible = visibleAnswers(row);
  return {
    id: row.id,
    reviewer: { email: row.reviewer.email, name: row.reviewer.name },
    reviewer_type: type,
    reviewer_type_label: REVIEWER_TYPE_LABELS[type],
    status: row.status === "SUBMITTED" ? "submitted" : "draft",
    submitted_at: row.submittedAt?.toISOString() ?? null,
    answers: visible === null ? null : questions ? storedAnswers(questions[row.reviewerType], visible) : visible,
  };
}

function questionsByDbType(definition: Parameters<typeof questionsFor>[0]): Record<ReviewerType, Question[]> {
  return {
    SELF: questionsFor(definition, "SELF"),
    MANAGER: questionsFor(definition, "MANAGER"),
    DIRECT_REPORT: questionsFor(definition, "DIRECT_REPORT"),
    PEER: questionsFor(definition, "PEER"),
    MATRIX_MANAGER: questionsFor(definition, "MATRIX_MANAGER"),
    MATRIX_TEAM: questionsFor(definition, "MATRIX_TEAM"),
  };
}

export type ReportFeedbacksJson = {
  cycle: CycleRef;
  participant: ReportPersonJson;
  feedbacks: ReportFeedbackJson[];
  /** The questions of each reviewer type present in `feedbacks`, to read the answers with. */
  questions: Partial<Record<ReviewerTypeValue, Question[]>>;
};

/** Reviewer types whose named answers the manager may not read in this cycle (ADR 0058): they are in the summary only. */
export function hiddenFromManager(cycle: { peerNames: string; upwardNames: string }): ReviewerType[] {
  return anonymousTypesFor(reviewerNamesOf(cycle), "manager");
}

/**
 * Every reviewer's feedback about a direct report, named, with type and status; answers only of
 * submitted feedback. Manager of the report in this cycle only (403 otherwise, 404 for no such participant).
 * Reviewers whose names the cycle's setting keeps from managers (ADR 0058) are left out: their answers are read
 * anonymised, from the threshold on, in the summary.
 */
export async function listReportFeedbacks(userId: number, cycleId: number, email: string, client?: Client): Promise<ReportFeedbacksJson> {
  const db = client ?? (await getDb());
  const cycle = await requireCycle(db, cycleId);
  const report = await requireDirectReport(db, cycleId, userId, email);
  const [rows, questionnaire] = await Promise.all([
    db.feedback.findMany({ where: { cycleId, revieweeId: report.id, reviewerType: { notIn: hiddenFromManager(cycle) } }, include: feedbackInclude }),
    getQuestionnaire(cycleId, db),
  ]);
  return reportFeedbacksOf(cycle, report, rows, questionnaire.definition);
}

/** listReportFeedbacks from what was read: the rows the manager may read (hidden types left out) and the questionnaire. PURE. */
export function reportFeedbacksOf(
  cycle: Parameters<typeof cycleRef>[0],
  report: ReportParticipant,
  rows: readonly FeedbackRow[],
  definition: Parameters<typeof questionsFor>[0],
): ReportFeedbacksJson {
  const questions = questionsByDbType(definition);
  const feedbacks = rows
    .map((r) => toReportFeedback(r, questions))
    .sort(
      (a, b) =>
        REVIEWER_ORDER.indexOf(a.reviewer_type) - REVIEWER_ORDER.indexOf(b.reviewer_type) ||
        a.reviewer.name.localeCompare(b.reviewer.name) ||
        a.reviewer.email.localeCompare(b.reviewer.email),
    );
  const present: Partial<Record<ReviewerTypeValue, Question[]>> = {};
  for (const row of rows) present[fromDbReviewerType(row.reviewerType)] = questions[row.reviewerType];
  return { cycle: cycleRef(cycle), participant: reportPerson(report), feedbacks, questions: present };
}

export type ReportFeedbackDetailJson = { cycle: CycleRef; participant: ReportPersonJson; feedback: ReportFeedbackJson; questions: Question[] };

/** One reviewer's feedback about a direct report (404 when that person was not asked to review them, or is anonymous to managers in this cycle). */
export async function getReportFeedback(
  userId: number,
  cycleId: number,
  email: string,
  reviewerEmail: string,
  client?: Client,
): Promise<ReportFeedbackDetailJson> {
  const db = client ?? (await getDb());
  const cycle = await requireCycle(db, cycleId);
  const report = await requireDirectReport(db, cycleId, userId, email);
  const row = await db.feedback.findFirst({
    where: { cycleId, revieweeId: report.id, reviewerType: { notIn: hiddenFromManager(cycle) }, reviewer: { email: reviewerEmail.trim().toLowerCase() } },
    include: feedbackInclude,
  });
  if (!row) throw notFound(`${reviewerEmail} gives no feedback about ${report.user.email} in this cycle`);
  const questionnaire = await getQuestionnaire(cycleId, db);
  const questions = questionsByDbType(questionnaire.definition);
  return { cycle: cycleRef(cycle), participant: reportPerson(report), feedback: toReportFeedback(row, questions), questions: questions[row.reviewerType] };
}

// ---------------------------------------------------------------------------------------------
// GET direct_reports/{email}/cycles

/**
 * The cycles of a direct report the caller may browse: every cycle in which the person took part with the
 * caller as their manager (the calls of those cycles authorize the same way), in cycle list order. The
 * person must be the caller's direct report in `cycleId` (the two parameters of the call).
 */
export async function listReportCycles(userId: number, cycleId: number, email: string, client?: Client): Promise<{ participant: ReportPersonJson; cycles: CycleJson[] }> {
  const db = client ?? (await getDb());
  await requireCycle(db, cycleId);
  const report = await requireDirectReport(db, cycleId, userId, email);
  const rows = await db.participant.findMany({ where: { userId: report.userId, managerId: userId }, select: { cycle: true } });
  return { participant: reportPerson(report), cycles: sortCycles(rows.map((r) => toCycleJson(r.cycle))) };
}
