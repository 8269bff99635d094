import type { Tx } from "~/platform/db.server";
import type { CsvPosition } from "~/features/jobs/files.server";
import { readCsvRecordsQuick } from "~/features/jobs/csv-quick.server";
import type { JobContext } from "~/features/jobs/runner.server";
import { directoryRowReader, type DirectoryRowError } from "~/features/jobs/types/directory/columns";
import { attributeColumns, attributeColumnsOf, readAttributeCells } from "~/features/jobs/types/directory/attribute-columns.server";

/**
 * Staging of a directory import (ADR 0052, as ADR 0038 for participants): one streaming pass over the stored CSV reads
 * every data row once, checks what the row shows by itself (directoryRowReader) and writes the rows to
 * "DirectoryStagedRow", a batch of rows per statement (columns passed as arrays). Runs in the job.start transaction
 * (BeginResult.write), so a worker that dies while staging leaves nothing and the retried start stages from scratch.
 */

/** Rows per insert statement. */
const BATCH = 5000;

/** A PostgreSQL array literal of texts (each quoted, `"` and `\` escaped), passed as one text parameter. */
function textArray(values: Array<string | null>): string {
  return `{${values.map((v) => (v === null ? "NULL" : `"${v.replace(/["\\]/g, "\\$&")}"`)).join(",")}}`;
}
const boolArray = (values: Array<boolean | null>) => `{${values.map((v) => (v === null ? "NULL" : v ? "t" : "f")).join(",")}}`;
const intArray = (values: number[]) => `{${values.join(",")}}`;

class Batch {
  seq: number[] = [];
  rowNumber: number[] = [];
  email: Array<string | null> = [];
  name: Array<string | null> = [];
  role: Array<string | null> = [];
  jobTitle: Array<string | null> = [];
  department: Array<string | null> = [];
  level: Array<string | null> = [];
  location: Array<string | null> = [];
  manager: Array<string | null> = [];
  secondary: Array<string | null> = [];
  hr: Array<string | null> = [];
  startDate: Array<string | null> = [];
  employeeNumber: Array<string | null> = [];
  active: Array<boolean | null> = [];
  errors: Array<string | null> = [];

  get size() {
    return this.seq.length;
  }

  add(seq: number, rowNumber: number, read: ReturnType<ReturnType<typeof directoryRowReader>>) {
    const { row, errors } = read;
    const bad = errors.length > 0;
    this.seq.push(seq);
    this.rowNumber.push(rowNumber);
    this.email.push(row.email || null);
    // A row with errors keeps only its email (for the duplicate check): it is never written.
    this.name.push(bad ? null : row.name);
    this.role.push(bad ? null : row.role);
    this.jobTitle.push(bad ? null : row.jobTitle);
    this.department.push(bad ? null : row.department);
    this.level.push(bad ? null : row.level);
    this.location.push(bad ? null : row.location);
    this.manager.push(bad ? null : row.managerEmail);
    this.secondary.push(bad ? null : row.secondaryManagerEmail);
    this.hr.push(bad ? null : row.hrPartnerEmail);
    this.startDate.push(bad ? null : row.startDate);
    this.employeeNumber.push(bad ? null : row.employeeNumber);
    this.active.push(bad ? null : row.active);
    this.errors.push(bad ? JSON.stringify(errors satisfies DirectoryRowError[]) : null);
  }

  async insert(tx: Tx, jobId: number) {
    if (this.size === 0) return;
    await tx.$executeRaw`
      INSERT INTO "DirectoryStagedRow" ("jobId", seq, "rowNumber", email, name, role, "jobTitle", department, level, location,
        "managerEmail", "secondaryManagerEmail", "hrPartnerEmail", "startDate", "employeeNumber", active, errors)
      SELECT ${jobId}::int, r.seq, r.row_number, r.email, r.name, r.role::"Role", r.job_title, r.department, r.level, r.location,
        r.manager, r.secondary, r.hr, r.start_date::date, r.employee_number, r.active, r.errors::jsonb
      FROM unnest(${intArray(this.seq)}::int[], ${intArray(this.rowNumber)}::int[], ${textArray(this.email)}::text[],
        ${textArray(this.name)}::text[], ${textArray(this.role)}::text[], ${textArray(this.jobTitle)}::text[],
        ${textArray(this.department)}::text[], ${textArray(this.level)}::text[], ${textArray(this.location)}::text[],
        ${textArray(this.manager)}::text[], ${textArray(this.secondary)}::text[], ${textArray(this.hr)}::text[],
        ${textArray(this.startDate)}::text[], ${textArray(this.employeeNumber)}::text[], ${boolArray(this.active)}::boolean[],
        ${textArray(this.errors)}::text[])
        AS r(seq, row_number, email, name, role, job_title, department, level, location, manager, secondary, hr, start_date,
          employee_number, active, errors)`;
  }
}

/** Stage every data row of the job's CSV from `start` (after the header). Returns the number of data rows. */
export async function stageDirectoryCsv(tx: Tx, ctx: JobContext, start: CsvPosition, columns: string[]): Promise<number> {
  const jobId = ctx.job.id;
  await tx.$executeRaw`SET LOCAL jit = off`;
  await dropDirectoryRows(tx, jobId);
  const rowOf = directoryRowReader(columns);
  // The people attribute columns' cells are checked by their kind's rules too (ADR 0110); written in the save steps.
  const attributes = attributeColumnsOf(columns, await attributeColumns(tx));
  const read = (cells: string[]) => {
    const own = rowOf(cells);
    if (attributes.length === 0 || cells.length !== columns.length) return own;
    return { row: own.row, errors: [...own.errors, ...readAttributeCells(cells, attributes).errors] };
  };
  let batch = new Batch();
  let seq = 0;
  for await (const record of readCsvRecordsQuick(tx, jobId, start)) {
    batch.add(++seq, record.rowNumber, read(record.cells));
    if (batch.size === BATCH) {
      await batch.insert(tx, jobId);
      batch = new Batch();
      ctx.heartbeat({ staged: seq });
    }
  }
  await batch.insert(tx, jobId);
  // The steps' plans need to know how many rows there are (a fresh table has no statistics).
  await tx.$executeRaw`ANALYZE "DirectoryStagedRow"`;
  return seq;
}

/** Remove a job's staged rows (when it finishes). */
export async function dropDirectoryRows(tx: Tx, jobId: number): Promise<void> {
  await tx.$executeRaw`DELETE FROM "DirectoryStagedRow" WHERE "jobId" = ${jobId}::int`;
}
