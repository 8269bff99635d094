import type { Tx } from "~/platform/db.server";
import type { CsvRecord } from "~/features/jobs/files.server";
import { auditJob, CHUNK_TX, claimRows, cycleJobHandler, jobMessageData, JobStateError, rowJobOutcome, type CycleJobContext, type JobContext, type JobHandler, type JobVerdict } from "~/features/jobs/runner.server";
import { cellCountError, checkedCsvHeader, csvCursor, readCsvChunk, rowErrorData, type ErrorRow } from "~/features/jobs/types/csv-steps.server";
import { PHASE, PHASE_TEXT } from "~/features/jobs/types/participants/common.server";
import { scanCsv } from "~/features/jobs/types/participants/csv-scan.server";
import { THERMA_SCAN_COLUMNS, THERMA_SCAN_REQUIRED_COLUMNS } from "~/features/decision-support/therma-scan/rules";
import { importThermaRows } from "~/features/decision-support/therma-scan/service.server";
import type { JobStep } from "../../../../workflows/bulk-job-contract";

/**
 * The Therma-scan report upload (`upload_therma_scan_report_jobs`, ADR 0033): a CSV with one row per participant
 * of the cycle, upserted into ThermaScanEntry. It runs exactly like the participant upload (ADR 0015,
 * participants/import.server.ts): the header is checked and the whole file scanned once for emails listed twice;
 * ALL_OR_NOTHING checks every row ("Checking rows") and saves only if none failed ("Saving rows"), VALID_ONLY saves
 * the valid rows in one pass. Each chunk claims its rows, records its row errors, writes and audits its entries
 * (importThermaRows) and its job.rows_committed record in one transaction.
 */

const headerOf = (ctx: JobContext) => checkedCsvHeader(ctx, THERMA_SCAN_COLUMNS, THERMA_SCAN_REQUIRED_COLUMNS);
const checkFirst = (ctx: JobContext) => ctx.job.errorMode === "ALL_OR_NOTHING";

async function saveFromStart(ctx: JobContext, columns: string[]): Promise<JobStep> {
  const { start } = await headerOf(ctx);
  return { phase: "save", cursor: { ...start, columns } };
}

export const thermaScanUploadHandler: JobHandler = cycleJobHandler({
  async begin(ctx) {
    const { columns, start } = await headerOf(ctx);
    const { totalRows, duplicates } = await scanCsv(ctx, start, columns, "participant_email");
    return {
      totalRows,
      phase: checkFirst(ctx) ? PHASE_TEXT.checking : PHASE_TEXT.saving,
      first: totalRows > 0 ? { phase: checkFirst(ctx) ? "check" : "save", cursor: { ...start, columns } } : null,
      write: async (tx) => {
        for (let i = 0; i < duplicates.length; i += 1000) {
          await tx.jobRowError.createMany({ data: duplicates.slice(i, i + 1000).map((e) => rowErrorData(ctx.job.id, e)) });
        }
      },
    };
  },

  async step(ctx, step) {
    const phase = step.phase === "check" ? PHASE.checking : step.phase === "save" ? PHASE.saving : null;
    if (!phase) throw new Error(`Unknown step phase ${step.phase}`);
    const cursor = csvCursor(step.cursor);
    const { records, next, isLast } = await readCsvChunk(ctx, cursor);
    const nextInPhase: JobStep | null = isLast ? null : { phase: step.phase, cursor: { ...next, columns: cursor.columns } };
    ctx.checkCancelled();

    const outcome = await ctx.db.$transaction(async (tx) => {
      if (!(await claimRows(tx, ctx.job.id, { phase, from: cursor.row, to: next.row }))) return { claimed: false, switched: false };
      const done = await importChunk(tx, ctx, step.phase === "save", cursor.columns, records);
      await tx.job.update({ where: { id: ctx.job.id }, data: { failedRows: { increment: done.failedRows }, succeededRows: { increment: done.committedRows } } });
      if (step.phase === "check" && isLast) {
        const now = await tx.job.findUniqueOrThrow({ where: { id: ctx.job.id }, select: { failedRows: true } });
        if (now.failedRows === 0) {
          // Every row is valid: the save pass starts from the first row.
          await tx.job.update({ where: { id: ctx.job.id }, data: { ...jobMessageData(PHASE_TEXT.saving), processedRows: 0, succeededRows: 0, failedRows: 0 } });
          return { claimed: true, switched: true };
        }
      }
      return { claimed: true, switched: false };
    }, CHUNK_TX);

    if (outcome.claimed) return { next: outcome.switched ? await saveFromStart(ctx, cursor.columns) : nextInPhase };
    // Not claimed: done before (a retry after a lost reply, or a resumed workflow).
    const job = await ctx.db.job.findUniqueOrThrow({ where: { id: ctx.job.id } });
    if (job.status !== "RUNNING") return { next: null };
    if (step.phase === "check" && job.message === PHASE.saving) return { next: await saveFromStart(ctx, cursor.columns) };
    if (job.message === phase && job.processedRows >= next.row) return { next: nextInPhase };
    throw new JobStateError(`Job ${job.id} is at row ${job.processedRows} (${job.message}); the step expected row ${cursor.row}`);
  },

  async finish(ctx): Promise<JobVerdict> {
    return rowJobOutcome(ctx.job);
  },
});

/** Check (and in the save pass store) one chunk inside the claiming transaction; records its row errors. */
async function importChunk(tx: Tx, ctx: CycleJobContext, save: boolean, columns: string[], records: CsvRecord[]): Promise<{ failedRows: number; committedRows: number }> {
  if (records.length === 0) return { failedRows: 0, committedRows: 0 };
  const jobId = ctx.job.id;
  const firstRow = records[0]!.rowNumber;
  const lastRow = records[records.length - 1]!.rowNumber;
  const earlier = await tx.jobRowError.findMany({ where: { jobId, rowNumber: { gte: firstRow, lte: lastRow } }, select: { rowNumber: true }, distinct: ["rowNumber"] });
  const failed = new Set(earlier.map((e) => e.rowNumber));
  const errors: ErrorRow[] = [];
  const candidates: Array<{ rowNumber: number; cells: Record<string, string> }> = [];
  for (const record of records) {
    if (failed.has(record.rowNumber)) continue;
    if (record.cells.length !== columns.length) {
      errors.push(cellCountError(record.rowNumber, record.cells.length, columns.length));
      failed.add(record.rowNumber);
      continue;
    }
    candidates.push({ rowNumber: record.rowNumber, cells: Object.fromEntries(columns.map((c, i) => [c, record.cells[i]!])) });
  }
  const result = await importThermaRows(tx, { cycleId: ctx.job.cycleId, jobId, actor: ctx.actor, rows: candidates.map((c) => c.cells), write: save });
  for (const issue of result.issues) {
    const rowNumber = candidates[issue.index]!.rowNumber;
    errors.push({ rowNumber, column: issue.column, message: issue.message, code: issue.code });
    failed.add(rowNumber);
  }
  if (errors.length) await tx.jobRowError.createMany({ data: errors.map((e) => rowErrorData(jobId, e)) });
  let committedRows = 0;
  if (save) {
    committedRows = candidates.filter((c) => !failed.has(c.rowNumber)).length;
    await auditJob(tx, ctx.actor, ctx.job, "job.rows_committed", {
      from_row: firstRow,
      to_row: lastRow,
      rows: records.length,
      committed: committedRows,
      created: result.created,
      updated: result.updated,
      unchanged: result.unchanged,
      failed: failed.size,
    });
  }
  return { failedRows: failed.size, committedRows };
}
