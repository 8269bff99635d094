import { getDb, type Tx } from "~/platform/db.server";
import { checkDraft, checkSubmission, questionsFor, storedAnswers, type Answers } from "~/features/feedback/answers";
import { canWriteManagerFeedback, managerFeedbackState, MANAGER_FEEDBACK_STAGES, type ManagerFeedbackState } from "~/features/manager-review/rules";
import { fromDbReviewerType, REVIEWER_TYPE_LABELS } from "~/features/participants/rules";
import type { Question } from "~/features/questionnaires/rules";
import { ApiError, badRequest, conflict } from "~/platform/api.server";
import { recordAudit } from "~/platform/audit.server";
import { assertNotSpoofing, type CurrentUser } from "~/platform/auth.server";
import { assertStage, requireCycle, requireDirectReport } from "~/features/cycles/context.server";
import { getQuestionnaire, lockQuestionnaireShared } from "~/features/questionnaires/service.server";
import { cycleRef, reportPerson, requireCycleForWrite, type Client, type ReportParticipant } from "~/features/manager-review/model.server";
import type { CycleRef, ReportPersonJson } from "~/features/manager-review/types";

/**
 * The manager feedback about a direct report, the MANAGER Feedback row (docs/decisions/0022-manager-feedback-and-nominations.md):
 * read it, save a draft or adjust it once submitted, and submit it, in the manager feedback stage only.
 */

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

function receivesFeedback(report: ReportParticipant): void {
  if (report.reviewerOnly) throw badRequest(`${report.user.email} takes part as a reviewer only and receives no feedback`);
}

async function managerQuestions(client: Client, cycleId: number): Promise<Question[]> {
  const questionnaire = await getQuestionnaire(cycleId, client);
  return questionsFor(questionnaire.definition, "MANAGER");
}

export type OwnRow = { id: number; status: "DRAFT" | "SUBMITTED"; answers: unknown; submittedAt: Date | null; updatedAt: Date; reviewerType: string };

function toManagerFeedback(cycle: CycleRef, report: ReportParticipant, row: OwnRow | null, questions: Question[]): ManagerFeedbackJson {
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

function assertManagerRow(row: { reviewerType: string } | null, report: ReportParticipant): void {
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

/** getManagerFeedback from what was read: the caller's own row about the report (any type) and the questionnaire. PURE. */
export function managerFeedbackOf(cycle: CycleRef, report: ReportParticipant, row: OwnRow | null, definition: Parameters<typeof questionsFor>[0]): ManagerFeedbackJson {
  receivesFeedback(report);
  assertManagerRow(row, report);
  return toManagerFeedback(cycle, report, row, questionsFor(definition, "MANAGER"));
}

function invalidAnswers(issues: unknown): ApiError {
  return new ApiError(422, "invalid_answers", "Some answers are not valid", { issues });
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
