import type { Tx } from "~/platform/db.server";
import type { CsvRecord } from "~/features/jobs/files.server";
import { auditJob, CHUNK_TX, claimRows, cycleJobHandler, jobMessageData, JobStateError, rowJobOutcome, type CycleJobContext, type JobContext, type JobHandler, type JobVerdict } from "~/features/jobs/runner.server";
import { cellCountError, csvCursor, readCsvChunk, rowErrorData, type ErrorRow } from "~/features/jobs/types/csv-steps.server";
import { PHASE, PHASE_TEXT } from "~/features/jobs/types/participants/common.server";
import { headerOf, scanCsv } from "~/features/jobs/types/participants/csv-scan.server";
import { importParticipantRows } from "~/features/participants/rows/import.server";
import type { JobStep } from "../../../../../workflows/bulk-job-contract";

/**
 * CSV imports of participants: upload (insert only) and upsert, in chunks, with the two error modes
 * (ALL_OR_NOTHING checks every row before a save pass; otherwise one save pass skips bad rows).
 */

export function importHandler(mode: "insert" | "upsert"): JobHandler {
  const checkFirst = (ctx: JobContext) => ctx.job.errorMode === "ALL_OR_NOTHING";
  const phaseKey = (ctx: JobContext) => (checkFirst(ctx) ? "check" : "save");

  return cycleJobHandler({
    async begin(ctx) {
      const { columns, start } = await headerOf(ctx);
      const { totalRows, duplicates } = await scanCsv(ctx, start, columns);
      const first = totalRows > 0 ? { phase: phaseKey(ctx), cursor: { ...start, columns } } : null;
      return {
        totalRows,
        phase: checkFirst(ctx) ? PHASE_TEXT.checking : PHASE_TEXT.saving,
        first,
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
      const saveFromStart = async (): Promise<JobStep> => {
        const { start } = await headerOf(ctx);
        return { phase: "save", cursor: { ...start, columns: cursor.columns } };
      };
      ctx.checkCancelled();

      const outcome = await ctx.db.$transaction(async (tx) => {
        const claimed = await claimRows(tx, ctx.job.id, { phase, from: cursor.row, to: next.row });
        if (!claimed) return { claimed: false as const, switched: false };
        const failed = await importChunk(tx, ctx, mode, step.phase === "save", cursor.columns, records);
        await tx.job.update({
          where: { id: ctx.job.id },
          data: { failedRows: { increment: failed.failedRows }, succeededRows: { increment: failed.committedRows } },
        });
        if (step.phase === "check" && isLast) {
          const now = await tx.job.findUniqueOrThrow({ where: { id: ctx.job.id }, select: { failedRows: true } });
          if (now.failedRows === 0) {
            // Every row is valid: start the commit pass from the first row.
            await tx.job.update({ where: { id: ctx.job.id }, data: { ...jobMessageData(PHASE_TEXT.saving), processedRows: 0, succeededRows: 0, failedRows: 0 } });
            return { claimed: true as const, switched: true };
          }
        }
        return { claimed: true as const, switched: false };
      }, CHUNK_TX);

      if (outcome.claimed) {
        if (outcome.switched) return { next: await saveFromStart() };
        return { next: nextInPhase };
      }
      // Not claimed: this chunk was done before (retry or resumed workflow); find where things stand.
      const job = await ctx.db.job.findUniqueOrThrow({ where: { id: ctx.job.id } });
      if (job.status !== "RUNNING") return { next: null };
      if (step.phase === "check" && job.message === PHASE.saving) return { next: await saveFromStart() };
      if (job.message === phase && job.processedRows >= next.row) return { next: nextInPhase };
      throw new JobStateError(`Job ${job.id} is at row ${job.processedRows} (${job.message}); the step expected row ${cursor.row}`);
    },

    async finish(ctx): Promise<JobVerdict> {
      return rowJobOutcome(ctx.job);
    },
  });
}

/**
 * Check (and in the save phase commit) one chunk inside the claiming transaction: malformed rows,
 * rows already failed by the whole-file scan (duplicates), ParticipantRowSchema and the database
 * checks, and for an upload rows whose user already is a participant (importParticipantRows, one
 * planning pass). Records the row errors; in the save phase upserts the valid rows and writes the
 * chunk's job.rows_committed audit record.
 */
async function importChunk(
  tx: Tx,
  ctx: CycleJobContext,
  mode: "insert" | "upsert",
  save: boolean,
  columns: string[],
  records: CsvRecord[],
): Promise<{ failedRows: number; committedRows: number }> {
  const jobId = ctx.job.id;
  const cycleId = ctx.job.cycleId;
  if (records.length === 0) return { failedRows: 0, committedRows: 0 };
  const firstRow = records[0]!.rowNumber;
  const lastRow = records[records.length - 1]!.rowNumber;
  const earlier = await tx.jobRowError.findMany({
    where: { jobId, rowNumber: { gte: firstRow, lte: lastRow } },
    select: { rowNumber: true },
    distinct: ["rowNumber"],
  });
  const failed = new Set(earlier.map((e) => e.rowNumber));
  const errors: ErrorRow[] = [];
  const candidates: Array<{ rowNumber: number; values: Record<string, string> }> = [];
  for (const record of records) {
    if (failed.has(record.rowNumber)) continue;
    if (record.cells.length !== columns.length) {
      errors.push(cellCountError(record.rowNumber, record.cells.length, columns.length));
      failed.add(record.rowNumber);
      continue;
    }
    candidates.push({ rowNumber: record.rowNumber, values: Object.fromEntries(columns.map((c, i) => [c, record.cells[i]!])) });
  }

  // One pass over the candidates: checks (and in the save phase writes) in a few statements per chunk.
  const result = await importParticipantRows(tx, cycleId, candidates.map((c) => c.values), ctx.actor, { insertOnly: mode === "insert", write: save });
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
      ...(result.opened ? { requests_opened: result.opened.created } : {}),
    });
  }
  return { failedRows: failed.size, committedRows };
}
