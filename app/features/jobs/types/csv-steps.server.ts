import { Prisma } from "~/generated/prisma/client.ts";
import { readCsvHeader, readCsvRecords, type CsvPosition, type CsvRecord } from "~/features/jobs/files.server";
import { JobInputError, type JobContext } from "~/features/jobs/runner.server";
import type { StoredMessage } from "~/platform/i18n/stored-text";
import { headerRefusal } from "~/features/jobs/messages";
import { storedText } from "~/platform/i18n/stored-text.server";
import type { JobStep } from "../../../../workflows/bulk-job-contract";

/**
 * What the CSV job types share (participants upload/upsert, questionnaire upload): a row error, the
 * step cursor into the uploaded file, and the header check.
 */

/**
 * A row error: its English (`message`, JobRowError.message: the API's words) and, when it has one, the same as a key
 * with values (`code`, stored as JobRowError.messageCode with that English, ADR 0100) for the job pages.
 */
export type ErrorRow = { rowNumber: number; column: string | null; message: string; code?: StoredMessage | null };

/** A row error written from its key: the English rendered from the `en` strings, and the code. */
export function codedRowError(rowNumber: number, column: string | null, key: StoredMessage["key"], values?: StoredMessage["values"]): ErrorRow {
  const { text, code } = storedText(key, values);
  return { rowNumber, column, message: text, code: { key: code.key, ...(code.values ? { values: code.values } : {}) } };
}

/** The JobRowError row of a row error (its code with the English it stands for, or none). */
export function rowErrorData(jobId: number, e: ErrorRow): Prisma.JobRowErrorCreateManyInput {
  const messageCode = e.code ? ({ ...e.code, en: e.message } as Prisma.InputJsonValue) : Prisma.DbNull;
  return { jobId, rowNumber: e.rowNumber, column: e.column, message: e.message, messageCode };
}

/** The cell-count refusal of a row whose cells do not match the header. */
export const cellCountError = (rowNumber: number, cells: number, columns: number): ErrorRow =>
  codedRowError(rowNumber, null, "storedTexts.jobs.rows.cellCount", { cells, columns });

export type CsvCursor = CsvPosition & { columns: string[] };

export function csvCursor(value: JobStep["cursor"]): CsvCursor {
  const c = value as unknown as CsvCursor;
  if (!c || typeof c.row !== "number" || typeof c.offset !== "number" || typeof c.line !== "number" || !Array.isArray(c.columns)) {
    throw new Error("Malformed CSV step cursor");
  }
  return c;
}

/**
 * The header of the job's file and where the rows start; a JobInputError for an empty file, a
 * `required` column missing or a column not in `allowed`.
 */
export async function checkedCsvHeader(ctx: JobContext, allowed: readonly string[], required: readonly string[]): Promise<{ columns: string[]; start: CsvPosition }> {
  const header = await readCsvHeader(ctx.db, ctx.job.id);
  if (!header) throw new JobInputError(storedText("storedTexts.jobs.emptyFile"));
  const missing = required.filter((c) => !header.columns.includes(c));
  const unknown = header.columns.filter((c) => !allowed.includes(c));
  // The upload's own header check's sentence (ADR 0100), with its code.
  const refusal = headerRefusal({ missing, unknown, repeated: [] });
  if (refusal) throw new JobInputError(storedText(refusal.key, refusal.values));
  return header;
}

/** One step's chunk of records from the cursor on, the position after it, and whether it ends the file. */
export async function readCsvChunk(ctx: JobContext, cursor: CsvCursor): Promise<{ records: CsvRecord[]; next: CsvPosition; isLast: boolean }> {
  const records: CsvRecord[] = [];
  let next: CsvPosition = cursor;
  for await (const item of readCsvRecords(ctx.db, ctx.job.id, cursor, ctx.chunkRows)) {
    records.push(item.record);
    next = item.next;
  }
  return { records, next, isLast: records.length === 0 || next.row >= ctx.job.totalRows };
}
