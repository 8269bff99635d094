import { readCsvHeader, readCsvRecords, type CsvPosition, type CsvRecord } from "~/features/jobs/files.server";
import { JobInputError, type JobContext } from "~/features/jobs/runner.server";
import type { JobStep } from "../../../../workflows/bulk-job-contract";

/**
 * What the CSV job types share (participants upload/upsert, questionnaire upload): a row error, the
 * step cursor into the uploaded file, and the header check.
 */

export type ErrorRow = { rowNumber: number; column: string | null; message: string };

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
  if (!header) throw new JobInputError("The file is empty: the first row must name the columns");
  const missing = required.filter((c) => !header.columns.includes(c));
  const unknown = header.columns.filter((c) => !allowed.includes(c));
  if (missing.length || unknown.length) {
    throw new JobInputError(`Invalid CSV header: ${[...missing.map((c) => `missing column ${c}`), ...unknown.map((c) => `unknown column ${c || "(blank)"}`)].join("; ")}`);
  }
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
