import type { Tx } from "~/platform/db.server";
import type { CsvPosition } from "~/features/jobs/files.server";
import { readCsvRecordsQuick } from "~/features/jobs/csv-quick.server";
import type { JobContext } from "~/features/jobs/runner.server";
import type { ParticipantColumn } from "~/features/participants/schemas";
import { rowCellsReader, type RowCells } from "~/features/jobs/types/participants/row-cells";
import { cellCountError } from "~/features/jobs/types/csv-steps.server";
import type { StoredMessage } from "~/platform/i18n/stored-text";

/**
 * Staging of a participant upload (ADR 0038): one streaming pass over the stored CSV (readCsvRecordsQuick)
 * parses every data row once, checks what a row can show by itself (its cell count, ParticipantRowSchema) and writes the rows to
 * "JobStagedBatch", one record per batch of consecutive rows, column by column as arrays (one insert per
 * batch, not one row per CSV row: staging costs little more than reading the file); then one statement records the emails
 * listed more than once as row errors. Runs in the job.start transaction (BeginResult.write), so a worker
 * that dies while staging leaves nothing behind and the retried start stages the file again from scratch.
 * Memory: one batch of rows.
 */

/** Most rows per staged batch. */
const MAX_BATCH = 10_000;

/** A staged row's own errors: English and code (ADR 0100), carried into JobRowError by the chunk's statement. */
type RowErrors = Array<{ column: ParticipantColumn | null; message: string; code: StoredMessage | null }>;

/** A batch of staged rows, column by column. */
class Batch {
  firstSeq = 0;
  rowNumbers: number[] = [];
  emailKeys: Array<string | null> = [];
  emails: Array<string | null> = [];
  managerEmails: Array<string | null> = [];
  secondaryManagerEmails: Array<string | null> = [];
  hrPartnerEmails: Array<string | null> = [];
  reviewerOnly: Array<boolean | null> = [];
  errors: Record<string, RowErrors> | null = null;

  get size() {
    return this.rowNumbers.length;
  }

  /** Adds a data row: its parsed cells, or the errors it shows by itself. */
  add(seq: number, rowNumber: number, cells: string[], columns: string[], emailAt: number, read: ReturnType<typeof rowCellsReader>) {
    if (this.size === 0) this.firstSeq = seq;
    // PostgreSQL text holds no NUL character (nor does an email address).
    const key = (cells[emailAt] ?? "").trim().toLowerCase().replaceAll("\0", "\uFFFD");
    this.rowNumbers.push(rowNumber);
    this.emailKeys.push(key || null);
    let errors: RowErrors | null = null;
    let row: RowCells | null = null;
    if (cells.length !== columns.length) {
      const e = cellCountError(rowNumber, cells.length, columns.length);
      errors = [{ column: null, message: e.message, code: e.code ?? null }];
    } else {
      const result = read(cells);
      if (result.ok) row = result.row;
      else errors = result.errors;
    }
    if (errors) (this.errors ??= {})[String(seq)] = errors;
    this.emails.push(row?.email ?? null);
    this.managerEmails.push(row?.manager_email ?? null);
    this.secondaryManagerEmails.push(row?.secondary_manager_email ?? null);
    this.hrPartnerEmails.push(row?.hr_partner_email ?? null);
    this.reviewerOnly.push(row?.reviewer_only ?? null);
  }

  async insert(tx: Tx, jobId: number): Promise<void> {
    if (this.size === 0) return;
    await tx.$executeRaw`
      INSERT INTO "JobStagedBatch" ("jobId", "firstSeq", "lastSeq", "rowNumbers", "emailKeys", emails, "managerEmails",
        "secondaryManagerEmails", "hrPartnerEmails", "reviewerOnly", errors)
      VALUES (${jobId}::int, ${this.firstSeq}::int, ${this.firstSeq + this.size - 1}::int, ${`{${this.rowNumbers.join(",")}}`}::int[],
        ${textArray(this.emailKeys)}::text[], ${textArray(this.emails)}::text[], ${textArray(this.managerEmails)}::text[],
        ${textArray(this.secondaryManagerEmails)}::text[], ${textArray(this.hrPartnerEmails)}::text[],
        ${`{${this.reviewerOnly.map((v) => (v === null ? "NULL" : v ? "t" : "f")).join(",")}}`}::boolean[],
        ${this.errors === null ? null : JSON.stringify(this.errors)}::jsonb)`;
  }
}

/**
 * A PostgreSQL array literal of texts (each quoted, `"` and `\` escaped). Passed as one text parameter:
 * half the time of array parameters, which the driver converts element by element.
 */
function textArray(values: Array<string | null>): string {
  return `{${values.map((v) => (v === null ? "NULL" : `"${v.replace(/["\\]/g, "\\$&")}"`)).join(",")}}`;
}

/**
 * Stage every data row of the job's CSV from `start` (the position after the header) and record the
 * emails listed more than once (every occurrence after the first, as the whole-file scan of the other CSV
 * jobs does). Returns the number of data rows.
 */
export async function stageParticipantCsv(tx: Tx, ctx: JobContext, start: CsvPosition, columns: string[]): Promise<number> {
  const jobId = ctx.job.id;
  const emailAt = columns.indexOf("email");
  const batchRows = Math.min(ctx.chunkRows, MAX_BATCH); // a step then reads one batch (or a few)
  await tx.$executeRaw`SET LOCAL jit = off`;
  await dropStagedRows(tx, jobId);
  const read = rowCellsReader(columns);
  let batch = new Batch();
  let seq = 0;
  for await (const record of readCsvRecordsQuick(tx, jobId, start)) {
    batch.add(++seq, record.rowNumber, record.cells, columns, emailAt, read);
    if (batch.size === batchRows) {
      await batch.insert(tx, jobId);
      batch = new Batch();
      ctx.heartbeat({ staged: seq });
    }
  }
  await batch.insert(tx, jobId);
  if (seq > 0) {
    await tx.$executeRaw`
      INSERT INTO "JobRowError" ("jobId", "rowNumber", "column", message, "messageCode")
      SELECT ${jobId}::int, d.row_number, 'email', d.message,
        jsonb_build_object('key', 'storedTexts.jobs.rows.listedTwiceInFile', 'values', jsonb_build_object('email', d.email_key, 'first', d.first), 'en', d.message)
      FROM (
        SELECT d.*, d.email_key || ' is listed more than once in the file (first on row ' || d.first || ')' AS message FROM (
        SELECT x.row_number, x.email_key,
          min(x.row_number) OVER (PARTITION BY x.email_key) AS first,
          row_number() OVER (PARTITION BY x.email_key ORDER BY x.row_number) AS k
        FROM "JobStagedBatch" b
        CROSS JOIN LATERAL unnest(b."rowNumbers", b."emailKeys") AS x(row_number, email_key)
        WHERE b."jobId" = ${jobId}::int AND x.email_key IS NOT NULL
      ) d) d
      WHERE d.k > 1
      ORDER BY d.row_number`;
  }
  return seq;
}

/** Remove a job's staged rows (when it finishes). */
export async function dropStagedRows(tx: Tx, jobId: number): Promise<void> {
  await tx.$executeRaw`DELETE FROM "JobStagedBatch" WHERE "jobId" = ${jobId}::int`;
}
