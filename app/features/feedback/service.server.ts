import { getDb, type Db, type Tx } from "~/platform/db.server";
import { fromDbState, stageLabel, type CycleStage } from "~/features/cycles/rules";
import {
  checkDraft,
  checkSubmission,
  describeIssues,
  questionsFor,
  storedAnswers,
  type AnswerIssue,
  type Answers,
} from "~/features/feedback/answers";
import {
  FEEDBACK_PROGRESS_LABELS,
  SPU_FEEDBACK_TYPES,
  feedbackProgress,
  isSpuFeedbackType,
  notAskedMessage,
  type FeedbackProgress,
  type SpuFeedbackType,
} from "~/features/feedback/rules";
import { QuestionnaireSchema, REVIEWER_TYPE_LABELS, type Question, type ReviewerType } from "~/features/questionnaires/rules";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import { ApiError, badRequest, conflict, cycleNotFound, forbidden, notFound } from "~/platform/api.server";
import { recordAudit } from "~/platform/audit.server";
import { assertNotSpoofing, type CurrentUser } from "~/platform/auth.server";
import { assertStage, findParticipantByEmail, findParticipantByUser, requireCycle } from "~/features/cycles/context.server";
import { getQuestionnaire, lockQuestionnaireShared } from "~/features/questionnaires/service.server";
import { lockCycleStage } from "~/features/cycles/stage-effects.server";

/**
 * 360 feedback (docs/decisions/0021-feedback-requests-and-360.md): the reviewer's side of the SPU
 * feedback stage. A reviewer may give feedback to a reviewee only through the Feedback row the stage
 * effects opened for them (someone asked them, or they must review that person); anything else is 403.
 * Writes happen only in the SPU feedback stage (409 otherwise): each write locks the cycle row FOR SHARE
 * and re-checks the stage inside its transaction, so a write never lands after the stage moved on.
 * MANAGER rows are manager feedback (written in the manager feedback stage elsewhere): refused here.
 */

type Client = Db | Tx;

const STAGE: readonly CycleStage[] = ["spu_feedback"];
const WHAT = "Giving 360 feedback";

export type FeedbackListItem = {
  id: number;
  reviewee: { email: string; name: string; job_title: string | null };
  reviewer_type: SpuFeedbackType;
  reviewer_type_label: string;
  status: FeedbackProgress;
  status_label: string;
  submitted_at: string | null;
  updated_at: string;
};

export type FeedbackList = {
  cycle_id: number;
  stage: CycleStage;
  stage_label: string;
  /** Whether feedback can be given or adjusted now (the SPU feedback stage). */
  open: boolean;
  feedbacks: FeedbackListItem[];
  counts: Record<FeedbackProgress, number> & { total: number };
};

export type FeedbackDetail = {
  id: number;
  cycle_id: number;
  stage: CycleStage;
  open: boolean;
  reviewee: { email: string; name: string; job_title: string | null };
  reviewer_type: SpuFeedbackType;
  reviewer_type_label: string;
  status: FeedbackProgress;
  status_label: string;
  questions: Question[];
  answers: Answers;
  submitted_at: string | null;
  updated_at: string;
};

export type FeedbackReceivedCount = {
  cycle_id: number;
  /** Requests for feedback about me from others (my self review not counted). */
  total: number;
  submitted: number;
  draft: number;
  not_started: number;
};

type Row = {
  id: number;
  cycleId: number;
  revieweeId: number;
  reviewerId: number;
  reviewerType: ReviewerType;
  answers: unknown;
  status: "DRAFT" | "SUBMITTED";
  submittedAt: Date | null;
  updatedAt: Date;
};

const person = (u: { email: string; name: string; jobTitle: string | null }) => ({ email: u.email, name: u.name, job_title: u.jobTitle });

/** Every 360 feedback the current user is asked to give in the cycle (any stage: closed ones are read-only). */
export async function listMyFeedbacks(current: CurrentUser, cycleId: number): Promise<FeedbackList> {
  const db = await getDb();
  const cycle = await requireCycle(db, cycleId);
  const rows = await db.feedback.findMany({
    where: { cycleId, reviewerId: current.user.id, reviewerType: { in: [...SPU_FEEDBACK_TYPES] } },
    select: {
      id: true,
      reviewerType: true,
      status: true,
      answers: true,
      submittedAt: true,
      updatedAt: true,
      reviewee: { select: { user: { select: { email: true, name: true, jobTitle: true } } } },
    },
  });
  const order = (t: string) => SPU_FEEDBACK_TYPES.indexOf(t as SpuFeedbackType);
  rows.sort(
    (a, b) =>
      order(a.reviewerType) - order(b.reviewerType) ||
      a.reviewee.user.name.localeCompare(b.reviewee.user.name) ||
      a.reviewee.user.email.localeCompare(b.reviewee.user.email),
  );
  const counts = { total: rows.length, not_started: 0, draft: 0, submitted: 0 };
  const feedbacks = rows.map((r) => {
    const status = feedbackProgress(r.status, r.answers);
    counts[status]++;
    return {
      id: r.id,
      reviewee: person(r.reviewee.user),
      reviewer_type: r.reviewerType as SpuFeedbackType,
      reviewer_type_label: REVIEWER_TYPE_LABELS[r.reviewerType],
      status,
      status_label: FEEDBACK_PROGRESS_LABELS[status],
      submitted_at: r.submittedAt?.toISOString() ?? null,
      updated_at: r.updatedAt.toISOString(),
    };
  });
  return { cycle_id: cycleId, stage: cycle.stage, stage_label: stageLabel(cycle.stage), open: cycle.stage === "spu_feedback", feedbacks, counts };
}

/**
 * The reviewee (404 when no participant of the cycle has that email) and my Feedback row for them
 * (403 'You have not been asked to give feedback to {email}' when there is none; 403 for a MANAGER row).
 */
async function requireMyRow(client: Client, current: CurrentUser, cycleId: number, email: string, lock = false) {
  const reviewee = await findParticipantByEmail(client, cycleId, email);
  if (!reviewee) throw notFound(`No participant ${email} in this cycle`);
  const where = { cycleId_revieweeId_reviewerId: { cycleId, revieweeId: reviewee.id, reviewerId: current.user.id } };
  if (lock) {
    // Row lock: two writes of the same feedback (two tabs) run one after the other.
    await client.$queryRaw`SELECT "id" FROM "Feedback" WHERE "cycleId" = ${cycleId} AND "revieweeId" = ${reviewee.id} AND "reviewerId" = ${current.user.id} FOR UPDATE`;
  }
  const row = (await client.feedback.findUnique({ where })) as Row | null;
  if (!row) throw forbidden(notAskedMessage(reviewee.user.email));
  if (!isSpuFeedbackType(row.reviewerType)) {
    throw forbidden(`Your feedback for ${reviewee.user.email} is manager feedback: write it under My reportees in the manager feedback stage`);
  }
  return { reviewee, row };
}

async function questionsOf(client: Client, cycleId: number, type: ReviewerType): Promise<Question[]> {
  const q = await getQuestionnaire(cycleId, client);
  return questionsFor(q.definition, type);
}

function detailOf(
  cycle: { id: number; stage: CycleStage },
  reviewee: { user: { email: string; name: string; jobTitle: string | null } },
  row: Row,
  questions: Question[],
): FeedbackDetail {
  const status = feedbackProgress(row.status, row.answers);
  return {
    id: row.id,
    cycle_id: cycle.id,
    stage: cycle.stage,
    open: cycle.stage === "spu_feedback",
    reviewee: person(reviewee.user),
    reviewer_type: row.reviewerType as SpuFeedbackType,
    reviewer_type_label: REVIEWER_TYPE_LABELS[row.reviewerType],
    status,
    status_label: FEEDBACK_PROGRESS_LABELS[status],
    questions,
    answers: storedAnswers(questions, row.answers),
    submitted_at: row.submittedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

type MyFeedbackRead = {
  state: string;
  email: string | null;
  name: string | null;
  job_title: string | null;
  feedback_id: number | null;
  reviewer_type: ReviewerType | null;
  answers: unknown;
  status: "DRAFT" | "SUBMITTED" | null;
  submitted_at: Date | string | null;
  updated_at: Date | string | null;
  definition: unknown;
};

const json = (v: unknown) => (typeof v === "string" ? (JSON.parse(v) as unknown) : v);

/**
 * My feedback for a reviewee: the questions of my reviewer type and my answers (any stage). One statement (issue 27:
 * the 360 feedback form's loader makes few round trips): the cycle, the reviewee, my Feedback row and the cycle's
 * questionnaire together; the same answers as requireMyRow + getQuestionnaire (404 unknown cycle or person, 403 not asked).
 */
export async function getMyFeedback(current: CurrentUser, cycleId: number, email: string): Promise<FeedbackDetail> {
  const db = await getDb();
  const wanted = email.trim().toLowerCase();
  const [r] = await db.$queryRaw<MyFeedbackRead[]>`
    SELECT c."state"::text AS state, u."email", u."name", u."jobTitle" AS job_title,
           f."id" AS feedback_id, f."reviewerType"::text AS reviewer_type, f."answers", f."status"::text AS status,
           f."submittedAt" AS submitted_at, f."updatedAt" AS updated_at, q."definition"
      FROM "Cycle" c
      LEFT JOIN ("Participant" p JOIN "User" u ON u."id" = p."userId" AND u."email" = ${wanted}) ON p."cycleId" = c."id"
      LEFT JOIN "Feedback" f ON f."cycleId" = c."id" AND f."revieweeId" = p."id" AND f."reviewerId" = ${current.user.id}
      LEFT JOIN "Questionnaire" q ON q."cycleId" = c."id"
     WHERE c."id" = ${cycleId}
     LIMIT 1`;
  if (!r) throw cycleNotFound(cycleId);
  if (r.email === null) throw notFound(`No participant ${wanted} in this cycle`);
  if (r.feedback_id === null || r.reviewer_type === null || r.status === null) throw forbidden(notAskedMessage(r.email));
  if (!isSpuFeedbackType(r.reviewer_type)) {
    throw forbidden(`Your feedback for ${r.email} is manager feedback: write it under My reportees in the manager feedback stage`);
  }
  const definition = r.definition === null ? DEFAULT_QUESTIONNAIRE : QuestionnaireSchema.parse(json(r.definition));
  const row = {
    id: Number(r.feedback_id),
    reviewerType: r.reviewer_type,
    answers: json(r.answers),
    status: r.status,
    submittedAt: r.submitted_at === null ? null : new Date(r.submitted_at),
    updatedAt: new Date(r.updated_at!),
  } as Row;
  const reviewee = { user: { email: r.email, name: r.name!, jobTitle: r.job_title } };
  return detailOf({ id: cycleId, stage: fromDbState(r.state) }, reviewee, row, questionsFor(definition, r.reviewer_type));
}

/** 400 with the per-question issues: details { issues: [{ question_id, question, message }] }. */
export function answersInvalid(issues: AnswerIssue[], what: string): ApiError {
  return badRequest(`${what}: ${describeIssues(issues)}`, { issues });
}

type WriteKind = "save" | "submit" | "adjust";

const AUDIT_ACTIONS: Record<WriteKind, string> = {
  save: "feedback.save_draft",
  submit: "feedback.submit",
  adjust: "feedback.adjust",
};

/**
 * One write of my feedback for a reviewee, in one transaction with its audit record:
 *  - save: a DRAFT only (409 once submitted: adjust it instead); partial answers allowed;
 *  - submit: a DRAFT only; every required question answered (the stored answers when none are sent);
 *  - adjust: a SUBMITTED feedback only (409 before); edited in place, it stays SUBMITTED, and the
 *    answers must again be complete. The audit record keeps the answers before and after.
 */
async function writeFeedback(current: CurrentUser, cycleId: number, email: string, kind: WriteKind, answers: unknown | undefined): Promise<FeedbackDetail> {
  assertNotSpoofing(current);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const stage = await lockCycleStage(tx, cycleId);
    const cycle = { id: cycleId, stage };
    assertStage(cycle, STAGE, WHAT);
    const { reviewee, row } = await requireMyRow(tx, current, cycleId, email, true);
    const revieweeEmail = reviewee.user.email;

    if (kind === "adjust" && row.status !== "SUBMITTED") {
      throw conflict(`Your feedback for ${revieweeEmail} has not been submitted yet: save or submit it instead of adjusting it`);
    }
    if (kind !== "adjust" && row.status === "SUBMITTED") {
      throw conflict(`Your feedback for ${revieweeEmail} has already been submitted: adjust it to make changes`);
    }

    await lockQuestionnaireShared(tx, cycleId);
    const questions = await questionsOf(tx, cycleId, row.reviewerType);
    const value = answers === undefined ? storedAnswers(questions, row.answers) : answers;
    const check = kind === "save" ? checkDraft(questions, value) : checkSubmission(questions, value);
    if (!check.ok) {
      const what = kind === "save" ? "The draft has invalid answers" : "The feedback cannot be submitted";
      throw answersInvalid(check.issues, what);
    }

    const now = new Date();
    const data =
      kind === "submit"
        ? { answers: check.answers, status: "SUBMITTED" as const, submittedAt: now }
        : { answers: check.answers };
    const updated = (await tx.feedback.update({ where: { id: row.id }, data })) as Row;
    const snapshot = (r: Row) => ({
      cycle_id: cycleId,
      reviewee_email: revieweeEmail,
      reviewer_type: r.reviewerType,
      status: r.status,
      answers: r.answers,
      submitted_at: r.submittedAt?.toISOString() ?? null,
    });
    await recordAudit(tx, current.actor, {
      action: AUDIT_ACTIONS[kind],
      entityType: "Feedback",
      entityId: row.id,
      before: snapshot(row),
      after: snapshot(updated),
    });
    return detailOf(cycle, reviewee, updated, questions);
  });
}

/** Save a draft (POST/PUT .../feedback). */
export function saveFeedbackDraft(current: CurrentUser, cycleId: number, email: string, answers: unknown): Promise<FeedbackDetail> {
  return writeFeedback(current, cycleId, email, "save", answers);
}

/** Submit (POST .../feedback/submit); without `answers` the stored draft is submitted. */
export function submitFeedback(current: CurrentUser, cycleId: number, email: string, answers?: unknown): Promise<FeedbackDetail> {
  return writeFeedback(current, cycleId, email, "submit", answers);
}

/** Change a submitted feedback while the stage is open (POST .../feedback/adjust); it stays submitted. */
export function adjustFeedback(current: CurrentUser, cycleId: number, email: string, answers: unknown): Promise<FeedbackDetail> {
  return writeFeedback(current, cycleId, email, "adjust", answers);
}

/**
 * How many people are asked to give me feedback and how far they are, as counts only (no names, no
 * reviewer types). My own self review is not counted. 404 when I am not a participant of the cycle.
 */
export async function feedbackReceivedCount(current: CurrentUser, cycleId: number): Promise<FeedbackReceivedCount> {
  const db = await getDb();
  await requireCycle(db, cycleId);
  const me = await findParticipantByUser(db, cycleId, current.user.id);
  if (!me) throw notFound("You are not a participant of this cycle");
  const rows = await db.feedback.findMany({
    where: { cycleId, revieweeId: me.id, reviewerId: { not: current.user.id } },
    select: { status: true, answers: true },
  });
  const out: FeedbackReceivedCount = { cycle_id: cycleId, total: rows.length, submitted: 0, draft: 0, not_started: 0 };
  for (const r of rows) out[feedbackProgress(r.status, r.answers)]++;
  return out;
}
