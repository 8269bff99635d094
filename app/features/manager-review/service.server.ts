import { getDb, type Db, type Tx } from "~/platform/db.server";
import type { Prisma } from "~/generated/prisma/client.ts";
import { sortCycles, stageLabel, type CycleStage } from "~/features/cycles/rules";
import { checkDraft, checkSubmission, questionsFor, storedAnswers, type Answers } from "~/features/feedback/answers";
import {
  canChangeNomination,
  canWriteManagerFeedback,
  feedbackProgress,
  managerFeedbackState,
  MANAGER_FEEDBACK_STAGES,
  NOMINATION_STAGES,
  nominationBlocker,
  parseNominationStatus,
  REPORTEE_PATHS,
  selectionCounts,
  visibleAnswers,
  type FeedbackProgress,
  type ManagerFeedbackState,
  type NominationInput,
  type NominationStatus,
  type SelectionCounts,
} from "~/features/manager-review/rules";
import { fromDbReviewerType, REVIEWER_TYPE_LABELS, type ReviewerTypeValue } from "~/features/participants/rules";
import type { Question, ReviewerType } from "~/features/questionnaires/rules";
import { toCycleJson, type CycleJson } from "~/features/cycles/model.server";
import { ApiError, badRequest, conflict, notFound } from "~/platform/api.server";
import { recordAudit } from "~/platform/audit.server";
import { assertNotSpoofing, type CurrentUser } from "~/platform/auth.server";
import { assertStage, requireCycle, requireDirectReport, type ParticipantWithPeople } from "~/features/cycles/context.server";
import { getQuestionnaire, lockQuestionnaireShared } from "~/features/questionnaires/service.server";
import { lockCycleStage } from "~/features/cycles/stage-effects.server";

/**
 * The manager's side of a review cycle (issue [3/3] item 5, docs/decisions/0022-manager-feedback-and-nominations.md):
 * direct and secondary reports with their progress, the named feedback about a direct report, the manager
 * feedback (the MANAGER Feedback row) and promotion nominations. Every function resolves the cycle and the
 * relationship itself (cycle-context.server.ts), so the API routes and the pages share one authorization.
 */

type Client = Db | Tx;

type CycleRef = { id: number; name: string; state: CycleStage; stage_label: string };

function cycleRef(cycle: { id: number; name: string; stage: CycleStage }): CycleRef {
  return { id: cycle.id, name: cycle.name, state: cycle.stage, stage_label: stageLabel(cycle.stage) };
}

export type PersonJson = { email: string; name: string };

export type ReportPersonJson = {
  email: string;
  name: string;
  job_title: string | null;
  profile_image_url: string | null;
  reviewer_only: boolean;
};

function reportPerson(p: ParticipantWithPeople): ReportPersonJson {
  return {
    email: p.user.email,
    name: p.user.name,
    job_title: p.user.jobTitle,
    profile_image_url: p.user.profileImageUrl,
    reviewer_only: p.reviewerOnly,
  };
}

const participantInclude = {
  user: { select: { id: true, email: true, name: true, role: true, jobTitle: true, department: true, location: true, profileImageUrl: true, active: true } },
  manager: { select: { id: true, email: true, name: true } },
  secondaryManager: { select: { id: true, email: true, name: true } },
  hrPartner: { select: { id: true, email: true, name: true } },
} satisfies Prisma.ParticipantInclude;

const byName = (a: ParticipantWithPeople, b: ParticipantWithPeople) => a.user.name.localeCompare(b.user.name) || a.user.email.localeCompare(b.user.email);

// ---------------------------------------------------------------------------------------------
// Promotion nominations (JSON)

export type NominationJson = {
  participant_email: string;
  participant_name: string;
  status: NominationStatus;
  rationale: string | null;
  nominated_by: PersonJson | null;
  created_at: string;
  updated_at: string;
};

const nominationInclude = {
  nominatedBy: { select: { email: true, name: true } },
  participant: { select: { user: { select: { email: true, name: true } } } },
} satisfies Prisma.PromotionNominationInclude;
type NominationRow = Prisma.PromotionNominationGetPayload<{ include: typeof nominationInclude }>;

function toNominationJson(row: NominationRow): NominationJson {
  return {
    participant_email: row.participant.user.email,
    participant_name: row.participant.user.name,
    // A status this module did not write is shown as withdrawn rather than as an active nomination.
    status: parseNominationStatus(row.status) ?? "withdrawn",
    rationale: row.rationale,
    nominated_by: row.nominatedBy ? { email: row.nominatedBy.email, name: row.nominatedBy.name } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function nominationAudit(row: NominationRow) {
  return {
    participant_email: row.participant.user.email,
    status: row.status,
    rationale: row.rationale,
    nominated_by: row.nominatedBy?.email ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// GET direct_reports

export type DirectReportJson = ReportPersonJson & {
  /** Peer selection: who may edit it (spec §4) and the requests by status. */
  selection: SelectionCounts & { panel_status: "admin_approved" | "manager_approved" };
  /** Feedback about the report from every reviewer except the manager: requests and given (submitted). */
  feedback_received: FeedbackProgress;
  /** Feedback the report has been asked to give others. */
  feedback_to_give: FeedbackProgress;
  /** The caller's manager feedback for the report. */
  manager_feedback: { state: ManagerFeedbackState; submitted_at: string | null };
  promotion_nomination: NominationJson | null;
};

export type DirectReportsJson = {
  cycle: CycleRef;
  can_write_manager_feedback: boolean;
  can_change_nominations: boolean;
  direct_reports: DirectReportJson[];
};

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

export type SecondaryReportJson = ReportPersonJson & {
  manager: PersonJson | null;
  /** The page with the report's feedback summary (what a secondary manager may read). */
  feedback_summary_path: string;
};

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
type FeedbackRow = Prisma.FeedbackGetPayload<{ include: typeof feedbackInclude }>;

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

/**
 * Every reviewer's feedback about a direct report, named, with type and status; answers only of
 * submitted feedback. Manager of the report in this cycle only (403 otherwise, 404 for no such participant).
 */
export async function listReportFeedbacks(userId: number, cycleId: number, email: string, client?: Client): Promise<ReportFeedbacksJson> {
  const db = client ?? (await getDb());
  const cycle = await requireCycle(db, cycleId);
  const report = await requireDirectReport(db, cycleId, userId, email);
  const [rows, questionnaire] = await Promise.all([
    db.feedback.findMany({ where: { cycleId, revieweeId: report.id }, include: feedbackInclude }),
    getQuestionnaire(cycleId, db),
  ]);
  const questions = questionsByDbType(questionnaire.definition);
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

/** One reviewer's feedback about a direct report (404 when that person was not asked to review them). */
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
    where: { cycleId, revieweeId: report.id, reviewer: { email: reviewerEmail.trim().toLowerCase() } },
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

// ---------------------------------------------------------------------------------------------
// Manager feedback: GET / PUT direct_reports/{email}/feedback, POST .../feedback/submit

export type ManagerFeedbackJson = {
  cycle: CycleRef;
  participant: ReportPersonJson;
  reviewer_type: "manager";
  state: ManagerFeedbackState;
  status: "draft" | "submitted" | null;
  answers: Answers;
  submitted_at: string | null;
  updated_at: string | null;
  questions: Question[];
  /** Whether it can be written now (the manager feedback stage). */
  editable: boolean;
};

function receivesFeedback(report: ParticipantWithPeople): void {
  if (report.reviewerOnly) throw badRequest(`${report.user.email} takes part as a reviewer only and receives no feedback`);
}

async function managerQuestions(client: Client, cycleId: number): Promise<Question[]> {
  const questionnaire = await getQuestionnaire(cycleId, client);
  return questionsFor(questionnaire.definition, "MANAGER");
}

type OwnRow = { id: number; status: "DRAFT" | "SUBMITTED"; answers: unknown; submittedAt: Date | null; updatedAt: Date; reviewerType: string };

function toManagerFeedback(cycle: CycleRef, report: ParticipantWithPeople, row: OwnRow | null, questions: Question[]): ManagerFeedbackJson {
  return {
    cycle,
    participant: reportPerson(report),
    reviewer_type: "manager",
    state: managerFeedbackState(row),
    status: row ? (row.status === "SUBMITTED" ? "submitted" : "draft") : null,
    answers: row ? storedAnswers(questions, row.answers) : {},
    submitted_at: row?.submittedAt?.toISOString() ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
    questions,
    editable: canWriteManagerFeedback(cycle.state),
  };
}

async function findOwnRow(client: Client, cycleId: number, revieweeId: number, reviewerId: number) {
  return client.feedback.findUnique({ where: { cycleId_revieweeId_reviewerId: { cycleId, revieweeId, reviewerId } } });
}

function assertManagerRow(row: { reviewerType: string } | null, report: ParticipantWithPeople): void {
  if (row && row.reviewerType !== "MANAGER") {
    const label = REVIEWER_TYPE_LABELS[fromDbReviewerType(row.reviewerType as never)];
    throw conflict(`You already review ${report.user.email} as ${label} in this cycle, so you cannot also give manager feedback`);
  }
}

/** The caller's manager feedback for a direct report (any stage; `editable` says whether it can change). */
export async function getManagerFeedback(userId: number, cycleId: number, email: string, client?: Client): Promise<ManagerFeedbackJson> {
  const db = client ?? (await getDb());
  const cycle = await requireCycle(db, cycleId);
  const report = await requireDirectReport(db, cycleId, userId, email);
  receivesFeedback(report);
  const [row, questions] = await Promise.all([findOwnRow(db, cycleId, report.id, userId), managerQuestions(db, cycleId)]);
  assertManagerRow(row, report);
  return toManagerFeedback(cycleRef(cycle), report, row, questions);
}

function invalidAnswers(issues: unknown): ApiError {
  return new ApiError(400, "invalid_answers", "Some answers are not valid", { issues });
}

/**
 * PUT: save the manager feedback. A draft may be partial; once submitted, a change must be complete
 * (it adjusts the submitted feedback, which stays submitted). Only in the manager feedback stage (409),
 * only the report's manager in this cycle (403), never while spoofing (403). Creates the MANAGER row
 * when the stage effect has not.
 */
export async function saveManagerFeedback(current: CurrentUser, cycleId: number, email: string, answers: unknown): Promise<ManagerFeedbackJson> {
  assertNotSpoofing(current);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const { cycle, report, row, questions } = await prepareWrite(tx, current, cycleId, email);
    const submitted = row?.status === "SUBMITTED";
    const check = submitted ? checkSubmission(questions, answers) : checkDraft(questions, answers);
    if (!check.ok) throw invalidAnswers(check.issues);
    const before = row ? { status: row.status, answers: row.answers } : null;
    const saved = await tx.feedback.upsert({
      where: { cycleId_revieweeId_reviewerId: { cycleId, revieweeId: report.id, reviewerId: current.user.id } },
      create: { cycleId, revieweeId: report.id, reviewerId: current.user.id, reviewerType: "MANAGER", answers: check.answers, status: "DRAFT" },
      update: submitted ? { answers: check.answers, submittedAt: new Date() } : { answers: check.answers },
    });
    await recordAudit(tx, current.actor, {
      action: submitted ? "manager_feedback.adjust" : "manager_feedback.save",
      entityType: "Feedback",
      entityId: saved.id,
      before,
      after: { reviewee: report.user.email, reviewer_type: "MANAGER", status: saved.status, answers: saved.answers },
    });
    return toManagerFeedback(cycleRef(cycle), report, saved, questions);
  });
}

/**
 * POST submit: submit the manager feedback, with `answers` when given (they replace the stored ones),
 * else the saved draft. Every required question must be answered (400). 409 when already submitted.
 */
export async function submitManagerFeedback(current: CurrentUser, cycleId: number, email: string, answers?: unknown): Promise<ManagerFeedbackJson> {
  assertNotSpoofing(current);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const { cycle, report, row, questions } = await prepareWrite(tx, current, cycleId, email);
    if (row?.status === "SUBMITTED") {
      throw conflict(`Your manager feedback for ${report.user.email} is already submitted; change it with PUT while the stage is open`);
    }
    const check = checkSubmission(questions, answers !== undefined ? answers : (row?.answers ?? {}));
    if (!check.ok) throw invalidAnswers(check.issues);
    const now = new Date();
    const saved = await tx.feedback.upsert({
      where: { cycleId_revieweeId_reviewerId: { cycleId, revieweeId: report.id, reviewerId: current.user.id } },
      create: { cycleId, revieweeId: report.id, reviewerId: current.user.id, reviewerType: "MANAGER", answers: check.answers, status: "SUBMITTED", submittedAt: now },
      update: { answers: check.answers, status: "SUBMITTED", submittedAt: now },
    });
    await recordAudit(tx, current.actor, {
      action: "manager_feedback.submit",
      entityType: "Feedback",
      entityId: saved.id,
      before: row ? { status: row.status, answers: row.answers } : null,
      after: { reviewee: report.user.email, reviewer_type: "MANAGER", status: saved.status, answers: saved.answers },
    });
    return toManagerFeedback(cycleRef(cycle), report, saved, questions);
  });
}

/**
 * The cycle of a write, its stage read under a FOR SHARE lock of the cycle row (as 360 feedback does): a
 * stage change waits for this transaction, and a write after the change sees the new stage.
 */
async function requireCycleForWrite(tx: Tx, cycleId: number) {
  const stage = await lockCycleStage(tx, cycleId);
  const cycle = await requireCycle(tx, cycleId);
  return { ...cycle, stage };
}

async function prepareWrite(tx: Tx, current: CurrentUser, cycleId: number, email: string) {
  const cycle = await requireCycleForWrite(tx, cycleId);
  const report = await requireDirectReport(tx, cycleId, current.user.id, email);
  assertStage(cycle, MANAGER_FEEDBACK_STAGES, "Writing manager feedback");
  receivesFeedback(report);
  // Answers are about to be written: no questionnaire change may cross this transaction.
  await lockQuestionnaireShared(tx, cycleId);
  // Two writes of the same manager feedback (two tabs) run one after the other.
  await tx.$queryRaw`SELECT "id" FROM "Feedback" WHERE "cycleId" = ${cycleId} AND "revieweeId" = ${report.id} AND "reviewerId" = ${current.user.id} FOR UPDATE`;
  const [row, questions] = await Promise.all([findOwnRow(tx, cycleId, report.id, current.user.id), managerQuestions(tx, cycleId)]);
  assertManagerRow(row, report);
  if (questions.length === 0) throw conflict("This cycle's questionnaire asks managers nothing");
  return { cycle, report, row, questions };
}

// ---------------------------------------------------------------------------------------------
// Promotion nominations: GET / POST cycles/{cycle_id}/promotion_nominations, GET / DELETE .../{email}

export type NominationsJson = { cycle: CycleRef; can_change: boolean; promotion_nominations: NominationJson[] };

/** Nominations of the caller's direct reports in the cycle (active and withdrawn), by name. */
export async function listNominations(userId: number, cycleId: number, client?: Client): Promise<NominationsJson> {
  const db = client ?? (await getDb());
  const cycle = await requireCycle(db, cycleId);
  const rows = await db.promotionNomination.findMany({ where: { participant: { cycleId, managerId: userId } }, include: nominationInclude });
  const list = rows
    .map(toNominationJson)
    .sort((a, b) => a.participant_name.localeCompare(b.participant_name) || a.participant_email.localeCompare(b.participant_email));
  return { cycle: cycleRef(cycle), can_change: canChangeNomination(cycle.stage), promotion_nominations: list };
}

export type NominationDetailJson = {
  cycle: CycleRef;
  participant: ReportPersonJson;
  promotion_nomination: NominationJson | null;
  /** Whether nominating/withdrawing is possible now (stage) … */
  can_change: boolean;
  /** … and, if not possible for this person at all, why (reviewer-only). */
  blocked_reason: string | null;
};

/** A direct report's nomination (null when never nominated). */
export async function getNomination(userId: number, cycleId: number, email: string, client?: Client): Promise<NominationDetailJson> {
  const db = client ?? (await getDb());
  const cycle = await requireCycle(db, cycleId);
  const report = await requireDirectReport(db, cycleId, userId, email);
  const row = await db.promotionNomination.findUnique({ where: { participantId: report.id }, include: nominationInclude });
  return {
    cycle: cycleRef(cycle),
    participant: reportPerson(report),
    promotion_nomination: row ? toNominationJson(row) : null,
    can_change: canChangeNomination(cycle.stage),
    blocked_reason: nominationBlocker({ reviewerOnly: report.reviewerOnly, email: report.user.email }),
  };
}

/**
 * Nominate a direct report for promotion with a rationale (or re-nominate after a withdrawal, or update
 * the rationale of an active nomination). `created` is true when the person was not nominated before.
 * SPU feedback and manager feedback stages only (409); reviewer-only participants cannot be nominated (400).
 */
export async function nominateForPromotion(
  current: CurrentUser,
  cycleId: number,
  input: NominationInput,
): Promise<{ nomination: NominationJson; created: boolean }> {
  assertNotSpoofing(current);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const cycle = await requireCycleForWrite(tx, cycleId);
    const report = await requireDirectReport(tx, cycleId, current.user.id, input.email);
    assertStage(cycle, NOMINATION_STAGES, "Nominating for promotion");
    await lockNomination(tx, report.id);
    const blocker = nominationBlocker({ reviewerOnly: report.reviewerOnly, email: report.user.email });
    if (blocker) throw badRequest(blocker);
    const existing = await tx.promotionNomination.findUnique({ where: { participantId: report.id }, include: nominationInclude });
    const created = !existing || existing.status !== "nominated";
    const saved = await tx.promotionNomination.upsert({
      where: { participantId: report.id },
      create: { participantId: report.id, status: "nominated", nominatedById: current.user.id, rationale: input.rationale },
      update: { status: "nominated", nominatedById: current.user.id, rationale: input.rationale },
      include: nominationInclude,
    });
    await recordAudit(tx, current.actor, {
      action: created ? "promotion_nomination.nominate" : "promotion_nomination.update",
      entityType: "PromotionNomination",
      entityId: saved.id,
      before: existing ? nominationAudit(existing) : null,
      after: nominationAudit(saved),
    });
    return { nomination: toNominationJson(saved), created };
  });
}

/** Concurrent changes of one person's nomination run one after the other. */
async function lockNomination(tx: Tx, participantId: number): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "PromotionNomination" WHERE "participantId" = ${participantId} FOR UPDATE`;
}

/** Withdraw an active nomination (kept as 'withdrawn'); 404 none, 409 already withdrawn or wrong stage. */
export async function withdrawNomination(current: CurrentUser, cycleId: number, email: string): Promise<NominationJson> {
  assertNotSpoofing(current);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const cycle = await requireCycleForWrite(tx, cycleId);
    const report = await requireDirectReport(tx, cycleId, current.user.id, email);
    assertStage(cycle, NOMINATION_STAGES, "Withdrawing a promotion nomination");
    await lockNomination(tx, report.id);
    const existing = await tx.promotionNomination.findUnique({ where: { participantId: report.id }, include: nominationInclude });
    if (!existing) throw notFound(`${report.user.email} has not been nominated for promotion`);
    if (existing.status !== "nominated") throw conflict(`The nomination of ${report.user.email} is already withdrawn`);
    const saved = await tx.promotionNomination.update({ where: { id: existing.id }, data: { status: "withdrawn" }, include: nominationInclude });
    await recordAudit(tx, current.actor, {
      action: "promotion_nomination.withdraw",
      entityType: "PromotionNomination",
      entityId: saved.id,
      before: nominationAudit(existing),
      after: nominationAudit(saved),
    });
    return toNominationJson(saved);
  });
}

// ---------------------------------------------------------------------------------------------
// Pages

/** For page loaders: run a service call, turning an ApiError into the thrown Response the error boundary renders. */
export async function forPage<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError) throw new Response(err.message, { status: err.status, statusText: err.message });
    throw err;
  }
}
