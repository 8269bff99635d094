import type { Tx } from "~/platform/db.server";
import {
  QUESTIONNAIRE_LIMITS,
  QuestionnaireSchema,
  REVIEWER_TYPE_LABELS,
  usedReviewerTypes,
  type Question,
  type Questionnaire,
  type ReviewerType,
} from "~/features/questionnaires/rules";
import {
  parseQuestionRow,
  parseReviewerType,
  QUESTIONNAIRE_CSV_COLUMNS,
  QUESTIONNAIRE_CSV_MAX_ROWS,
  QUESTIONNAIRE_CSV_REQUIRED_COLUMNS,
  rowFromCells,
} from "~/features/questionnaires/csv";
import { readCsvRecords, type CsvPosition, type CsvRecord } from "~/features/jobs/files.server";
import { cellCountError, checkedCsvHeader, codedRowError, csvCursor, readCsvChunk, rowErrorData, type CsvCursor, type ErrorRow } from "~/features/jobs/types/csv-steps.server";
import { auditJob, CHUNK_TX, claimRows, cycleJobHandler, JobInputError, jobMessageData, JobStateError, type CycleJobContext, type JobContext, type JobHandler, type JobVerdict } from "~/features/jobs/runner.server";
import { isLockConflict, isQuestionnaireLocked, saveQuestionnaireTx } from "~/features/questionnaires/service.server";
import type { JobStep, StepResult } from "../../../../workflows/bulk-job-contract";
import { storedText } from "~/platform/i18n/stored-text.server";
import type { StoredMessage } from "~/platform/i18n/stored-text";
import { TYPE_KEYS, TYPE_TOTAL_KEYS } from "~/features/questionnaires/keys";
import { checkQuestionnaire } from "~/features/jobs/types/questionnaire-issues";

/**
 * The upload questionnaire job (ADR 0015 framework, ADR 0018): a CSV with one row per question
 * (app/features/questionnaires/csv.ts) replaces the cycle's whole questionnaire, all or nothing:
 *
 *   begin   header check, the lock rule (feedback given → the job fails with the lock message), one
 *           streaming pass counting the rows (at most 300) and finding cross-row problems: a question
 *           id used twice for a reviewer type, more than 50 questions for a type
 *   check   chunks of rows validated with zod (cells, then the questionnaire's own QuestionSchema);
 *           each row's errors name the column; nothing is written but row errors
 *   save    only if no row failed: ONE step builds the questionnaire from the file and stores it
 *           through saveQuestionnaireTx (validation, version + 1, audit questionnaire.upload, the
 *           lock rule again), in the transaction that claims the watermark, so a retried step
 *           never saves twice. The same questionnaire as the stored one is not saved again.
 */

/** The lock rule's refusal (the service's QUESTIONNAIRE_LOCKED_MESSAGE, word for word) with its code. */
const QUESTIONNAIRE_LOCKED = storedText("questionnaires.locked");

export const QUESTIONNAIRE_PHASE_TEXT = {
  checking: storedText("storedTexts.jobs.phase.checking"),
  saving: storedText("storedTexts.jobs.phase.savingQuestionnaire"),
};
/** The phases' English (Job.message; claimRows compares it). */
export const QUESTIONNAIRE_PHASE = { checking: QUESTIONNAIRE_PHASE_TEXT.checking.text, saving: QUESTIONNAIRE_PHASE_TEXT.saving.text };

/** The header (checked again: the upload was checked before the job existed) and where the rows start. */
async function headerOf(ctx: JobContext): Promise<{ columns: string[]; start: CsvPosition }> {
  return checkedCsvHeader(ctx, QUESTIONNAIRE_CSV_COLUMNS, QUESTIONNAIRE_CSV_REQUIRED_COLUMNS);
}

/**
 * One streaming pass: the number of rows (the job fails above 300, before reading further) and the
 * problems between rows: a question id listed twice for one reviewer type, a type with more than 50
 * questions. Rows with an unknown reviewer type are left to the row check.
 */
async function scanRows(ctx: JobContext, start: CsvPosition, columns: string[]): Promise<{ totalRows: number; errors: ErrorRow[] }> {
  const typeAt = columns.indexOf("reviewer_type");
  const idAt = columns.indexOf("question_id");
  const firstRowOf = new Map<string, number>();
  const countOf = new Map<ReviewerType, number>();
  const errors: ErrorRow[] = [];
  let n = 0;
  for await (const { record } of readCsvRecords(ctx.db, ctx.job.id, start)) {
    n++;
    if (n > QUESTIONNAIRE_CSV_MAX_ROWS) {
      throw new JobInputError(storedText("storedTexts.jobs.questionnaireTooManyRows", { max: QUESTIONNAIRE_CSV_MAX_ROWS, perType: QUESTIONNAIRE_LIMITS.questionsPerType }));
    }
    const type = parseReviewerType(record.cells[typeAt] ?? "");
    if (!type) continue;
    const count = (countOf.get(type) ?? 0) + 1;
    countOf.set(type, count);
    if (count > QUESTIONNAIRE_LIMITS.questionsPerType) {
      errors.push(codedRowError(record.rowNumber, "reviewer_type", "storedTexts.jobs.rows.typeTooMany", { type: { key: TYPE_KEYS[type] }, max: QUESTIONNAIRE_LIMITS.questionsPerType, count }));
      continue;
    }
    const id = (record.cells[idAt] ?? "").trim();
    if (!id) continue;
    const key = `${type}\u0000${id}`;
    const first = firstRowOf.get(key);
    if (first === undefined) firstRowOf.set(key, record.rowNumber);
    else {
      errors.push(codedRowError(record.rowNumber, "question_id", "storedTexts.jobs.rows.questionIdTwice", { id, type: { key: TYPE_KEYS[type] }, first }));
    }
  }
  return { totalRows: n, errors };
}

/** Validate the rows of a chunk; the rows that failed the whole-file scan are counted, not re-checked. */
function checkRecords(columns: string[], records: CsvRecord[], alreadyFailed: Set<number>): { errors: ErrorRow[]; failed: Set<number> } {
  const failed = new Set<number>();
  const errors: ErrorRow[] = [];
  for (const record of records) {
    if (alreadyFailed.has(record.rowNumber)) {
      failed.add(record.rowNumber);
      continue;
    }
    if (record.cells.length !== columns.length) {
      errors.push(cellCountError(record.rowNumber, record.cells.length, columns.length));
      failed.add(record.rowNumber);
      continue;
    }
    const parsed = parseQuestionRow(rowFromCells(columns, record.cells));
    if (!parsed.ok) {
      for (const issue of parsed.issues) errors.push({ rowNumber: record.rowNumber, column: issue.column, message: issue.message, code: issue.code });
      failed.add(record.rowNumber);
    }
  }
  return { errors, failed };
}

/** The questionnaire the whole file describes (called only after every row passed the check). */
async function buildQuestionnaire(ctx: JobContext, cursor: CsvCursor): Promise<Questionnaire> {
  const byType: Partial<Record<ReviewerType, Question[]>> = {};
  for await (const { record } of readCsvRecords(ctx.db, ctx.job.id, cursor, QUESTIONNAIRE_CSV_MAX_ROWS)) {
    const parsed = parseQuestionRow(rowFromCells(cursor.columns, record.cells));
    if (!parsed.ok) throw new JobStateError(`Row ${record.rowNumber} no longer passes the check: ${parsed.issues.map((i) => i.message).join("; ")}`);
    (byType[parsed.reviewerType] ??= []).push(parsed.question);
  }
  const check = checkQuestionnaire(byType);
  if (!check.ok) throw new JobInputError(storedText(check.message.key, check.message.values));
  return check.questionnaire;
}

/** JSON with sorted keys: jsonb does not keep key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

const LIST_KEYS = [
  "storedTexts.jobs.list.one",
  "storedTexts.jobs.list.two",
  "storedTexts.jobs.list.three",
  "storedTexts.jobs.list.four",
  "storedTexts.jobs.list.five",
  "storedTexts.jobs.list.six",
] as const;
const LIST_SLOTS = ["a", "b", "c", "d", "e", "f"] as const;

/** "Self 3, Peer/Stakeholder 4": each reviewer type's total as its message, in a list of as many (ADR 0100). */
function summaryMessage(q: Questionnaire): StoredMessage {
  const items = usedReviewerTypes(q).map((t): StoredMessage => ({ key: TYPE_TOTAL_KEYS[t], values: { count: q[t]!.length } }));
  return { key: LIST_KEYS[items.length - 1]!, values: Object.fromEntries(items.map((item, i) => [LIST_SLOTS[i], item])) };
}

function summary(q: Questionnaire): string {
  return usedReviewerTypes(q)
    .map((t) => `${REVIEWER_TYPE_LABELS[t]} ${q[t]!.length}`)
    .join(", ");
}

type SaveOutcome = { version: number; unchanged: boolean; questions: number; summary: string; summary_code?: StoredMessage };

/** Store the questionnaire in the claiming transaction (see saveQuestionnaireTx for the lock rule and versioning). */
async function saveInTx(tx: Tx, ctx: CycleJobContext, q: Questionnaire): Promise<SaveOutcome> {
  const cycleId = ctx.job.cycleId;
  const questions = usedReviewerTypes(q).reduce((n, t) => n + q[t]!.length, 0);
  if (await isQuestionnaireLocked(tx, cycleId)) throw new JobInputError(QUESTIONNAIRE_LOCKED);
  const current = await tx.questionnaire.findUnique({ where: { cycleId }, select: { version: true, definition: true } });
  if (current) {
    const stored = QuestionnaireSchema.safeParse(current.definition);
    if (stored.success && canonical(stored.data) === canonical(q)) {
      return { version: current.version, unchanged: true, questions, summary: summary(q), summary_code: summaryMessage(q) };
    }
  }
  const saved = await saveQuestionnaireTx(tx, ctx.actor, cycleId, q, { action: "questionnaire.upload" });
  return { version: saved.version, unchanged: false, questions, summary: summary(q), summary_code: summaryMessage(q) };
}

export const uploadQuestionnaireHandler: JobHandler = cycleJobHandler({
  async begin(ctx) {
    const { columns, start } = await headerOf(ctx);
    if (await isQuestionnaireLocked(ctx.db, ctx.job.cycleId)) throw new JobInputError(QUESTIONNAIRE_LOCKED);
    const { totalRows, errors } = await scanRows(ctx, start, columns);
    return {
      totalRows,
      phase: QUESTIONNAIRE_PHASE_TEXT.checking,
      first: totalRows > 0 ? { phase: "check", cursor: { ...start, columns } } : null,
      write: async (tx) => {
        if (errors.length) await tx.jobRowError.createMany({ data: errors.map((e) => rowErrorData(ctx.job.id, e)) });
      },
    };
  },

  async step(ctx, step): Promise<StepResult> {
    const cursor = csvCursor(step.cursor);
    if (step.phase === "save") return saveStep(ctx, cursor);
    if (step.phase !== "check") throw new Error(`Unknown step phase ${step.phase}`);

    const { records, next, isLast } = await readCsvChunk(ctx, cursor);
    const nextCheck: JobStep | null = isLast ? null : { phase: "check", cursor: { ...next, columns: cursor.columns } };
    const saveFromStart = async (): Promise<JobStep> => {
      const { start } = await headerOf(ctx);
      return { phase: "save", cursor: { ...start, columns: cursor.columns } };
    };
    ctx.checkCancelled();

    const outcome = await ctx.db.$transaction(async (tx) => {
      if (!(await claimRows(tx, ctx.job.id, { phase: QUESTIONNAIRE_PHASE.checking, from: cursor.row, to: next.row }))) return { claimed: false, switched: false };
      if (records.length) {
        const earlier = await tx.jobRowError.findMany({
          where: { jobId: ctx.job.id, rowNumber: { gte: records[0]!.rowNumber, lte: records[records.length - 1]!.rowNumber } },
          select: { rowNumber: true },
          distinct: ["rowNumber"],
        });
        const { errors, failed } = checkRecords(cursor.columns, records, new Set(earlier.map((e) => e.rowNumber)));
        if (errors.length) await tx.jobRowError.createMany({ data: errors.map((e) => rowErrorData(ctx.job.id, e)) });
        await tx.job.update({ where: { id: ctx.job.id }, data: { failedRows: { increment: failed.size } } });
      }
      if (isLast) {
        const now = await tx.job.findUniqueOrThrow({ where: { id: ctx.job.id }, select: { failedRows: true } });
        if (now.failedRows === 0) {
          // Every row is valid: the save step applies the whole file.
          await tx.job.update({ where: { id: ctx.job.id }, data: { ...jobMessageData(QUESTIONNAIRE_PHASE_TEXT.saving), processedRows: 0 } });
          return { claimed: true, switched: true };
        }
      }
      return { claimed: true, switched: false };
    }, CHUNK_TX);

    if (outcome.claimed) return { next: outcome.switched ? await saveFromStart() : nextCheck };
    // Not claimed: done before (a retry after a lost reply, or a resumed workflow).
    const job = await ctx.db.job.findUniqueOrThrow({ where: { id: ctx.job.id } });
    if (job.status !== "RUNNING") return { next: null };
    if (job.message === QUESTIONNAIRE_PHASE.saving) return { next: await saveFromStart() };
    if (job.message === QUESTIONNAIRE_PHASE.checking && job.processedRows >= next.row) return { next: nextCheck };
    throw new JobStateError(`Job ${job.id} is at row ${job.processedRows} (${job.message}); the step expected row ${cursor.row}`);
  },

  async finish(ctx): Promise<JobVerdict> {
    const job = ctx.job;
    if (job.totalRows === 0) return { status: "FAILED", message: storedText("storedTexts.jobs.noQuestions") };
    if (job.failedRows > 0) {
      return {
        status: "FAILED",
        message: storedText("storedTexts.jobs.questionnaireErrors", { failed: job.failedRows, total: job.totalRows }),
      };
    }
    const committed = await ctx.db.auditRecord.findFirst({
      where: { entityType: "Job", entityId: String(job.id), action: "job.rows_committed" },
      orderBy: { id: "desc" },
    });
    const after = (committed?.after ?? null) as SaveOutcome | null;
    if (!after || job.succeededRows !== job.totalRows) {
      throw new JobStateError(`Job ${job.id} finished without saving the questionnaire`);
    }
    return {
      status: "SUCCEEDED",
      message: after.unchanged
        ? storedText("storedTexts.jobs.questionnaireSame", { version: after.version })
        : after.summary_code
          ? storedText("storedTexts.jobs.questionnaireSaved", { version: after.version, questions: after.questions, summary: after.summary_code })
          : `Questionnaire saved as version ${after.version} (${after.questions} questions: ${after.summary})`,
    };
  },
});

/** The one save step: claim all rows, store the questionnaire, audit, in one transaction. */
async function saveStep(ctx: CycleJobContext, cursor: CsvCursor): Promise<StepResult> {
  const q = await buildQuestionnaire(ctx, cursor);
  const total = ctx.job.totalRows;
  ctx.checkCancelled();
  try {
    await ctx.db.$transaction(async (tx) => {
      if (!(await claimRows(tx, ctx.job.id, { phase: QUESTIONNAIRE_PHASE.saving, from: 0, to: total }))) return;
      const outcome = await saveInTx(tx, ctx, q);
      await tx.job.update({ where: { id: ctx.job.id }, data: { succeededRows: total } });
      await auditJob(tx, ctx.actor, ctx.job, "job.rows_committed", { rows: total, ...outcome });
    }, CHUNK_TX);
  } catch (err) {
    // The lock rule (feedback was given meanwhile): the job fails with its message, no retry.
    if (isLockConflict(err)) throw new JobInputError(QUESTIONNAIRE_LOCKED);
    throw err;
  }
  return { next: null };
}

export const questionnaireJobHandlers = {
  UPLOAD_QUESTIONNAIRE: uploadQuestionnaireHandler,
} satisfies Record<string, JobHandler>;
