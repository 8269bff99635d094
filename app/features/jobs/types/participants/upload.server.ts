import { readCsvRecords } from "~/features/jobs/files.server";
import { auditJob, CHUNK_TX, claimRows, cycleJobHandler, jobMessageData, JobStateError, rowJobOutcome, type CycleJobContext, type JobHandler, type JobVerdict } from "~/features/jobs/runner.server";
import { PHASE, PHASE_TEXT } from "~/features/jobs/types/participants/common.server";
import { headerOf } from "~/features/jobs/types/participants/csv-scan.server";
import { dropStagedRows, stageParticipantCsv } from "~/features/jobs/types/participants/staging.server";
import { checkStagedChunk, insertStagedChunk, type StagedChunk } from "~/features/participants/rows/staged.server";
import { openWorkOfCurrentStage } from "~/features/cycles/stage-effects.server";
import type { JobStep } from "../../../../../workflows/bulk-job-contract";

/**
 * The participant upload job (insert only), set-based (ADR 0038, on top of ADR 0015):
 *  - begin: the job.start transaction stages every row of the CSV once ("JobStagedBatch", the
 *    row's own errors checked in Node) and records the emails listed twice;
 *  - each step takes a range of staged rows and, in ONE transaction that first claims the range with the
 *    watermark (claimRows), checks them in one statement (check phase) or checks them, inserts the valid
 *    ones and writes their audit records in one statement (save phase), then the chunk's counters,
 *    `job.rows_committed` record and the opening of the current feedback stage's work. A step whose claim
 *    fails was done before (a retry, a resumed workflow, a worker killed after the commit) and writes
 *    nothing; a worker killed before the commit leaves nothing of the chunk.
 *  - ALL_OR_NOTHING checks every range first, then saves from the first row if no row failed; VALID_ONLY
 *    saves in one pass. finish gives the verdict and deletes the staged rows.
 * Step cursor: `{ row, columns }` (staged rows done before the step, the file's columns).
 */

type UploadCursor = { row: number; columns: string[] };

function uploadCursor(value: JobStep["cursor"]): UploadCursor {
  const c = value as unknown as UploadCursor;
  if (!c || typeof c.row !== "number" || !Array.isArray(c.columns)) throw new Error("Malformed upload step cursor");
  return c;
}

function chunkOf(ctx: CycleJobContext, cursor: UploadCursor): StagedChunk {
  return {
    jobId: ctx.job.id,
    cycleId: ctx.job.cycleId,
    from: cursor.row,
    to: Math.min(cursor.row + ctx.chunkRows, ctx.job.totalRows),
    has: {
      manager: cursor.columns.includes("manager_email"),
      secondary: cursor.columns.includes("secondary_manager_email"),
      hr: cursor.columns.includes("hr_partner_email"),
    },
  };
}

export const uploadHandler: JobHandler = cycleJobHandler({
  async begin(ctx) {
    const checkFirst = ctx.job.errorMode === "ALL_OR_NOTHING";
    const { columns, start } = await headerOf(ctx);
    let any = false;
    for await (const _ of readCsvRecords(ctx.db, ctx.job.id, start, 1)) any = true;
    return {
      totalRows: 0,
      phase: checkFirst ? PHASE_TEXT.checking : PHASE_TEXT.saving,
      first: any ? { phase: checkFirst ? "check" : "save", cursor: { row: 0, columns } } : null,
      write: async (tx) => (any ? { totalRows: await stageParticipantCsv(tx, ctx, start, columns) } : undefined),
    };
  },

  async step(ctx, step) {
    const phase = step.phase === "check" ? PHASE.checking : step.phase === "save" ? PHASE.saving : null;
    if (!phase) throw new Error(`Unknown step phase ${step.phase}`);
    const cursor = uploadCursor(step.cursor);
    const chunk = chunkOf(ctx, cursor);
    const isLast = chunk.to >= ctx.job.totalRows;
    const nextInPhase: JobStep | null = isLast ? null : { phase: step.phase, cursor: { row: chunk.to, columns: cursor.columns } };
    const saveFromStart: JobStep = { phase: "save", cursor: { row: 0, columns: cursor.columns } };
    ctx.checkCancelled();

    // A step's statement may take a while on a busy machine: tell Temporal the worker is alive meanwhile.
    const alive = setInterval(() => ctx.heartbeat({ row: chunk.from }), 5000);
    const outcome = await ctx.db.$transaction(async (tx) => {
      const claimed = await claimRows(tx, ctx.job.id, { phase, from: chunk.from, to: chunk.to });
      if (!claimed) return { claimed: false as const, switched: false };
      if (step.phase === "check") {
        const checked = await checkStagedChunk(tx, chunk);
        await tx.job.update({ where: { id: ctx.job.id }, data: { failedRows: { increment: checked.failed } } });
        if (isLast) {
          const now = await tx.job.findUniqueOrThrow({ where: { id: ctx.job.id }, select: { failedRows: true } });
          if (now.failedRows === 0) {
            // Every row is valid: start the commit pass from the first row.
            await tx.job.update({ where: { id: ctx.job.id }, data: { ...jobMessageData(PHASE_TEXT.saving), processedRows: 0, succeededRows: 0, failedRows: 0 } });
            return { claimed: true as const, switched: true };
          }
        }
        return { claimed: true as const, switched: false };
      }
      const saved = await insertStagedChunk(tx, chunk, ctx.actor);
      const opened = await openWorkOfCurrentStage(tx, ctx.job.cycleId, saved.createdIds, ctx.actor);
      await tx.job.update({
        where: { id: ctx.job.id },
        data: { failedRows: { increment: saved.failed }, succeededRows: { increment: saved.created } },
      });
      await auditJob(tx, ctx.actor, ctx.job, "job.rows_committed", {
        from_row: saved.firstRow,
        to_row: saved.lastRow,
        rows: saved.rows,
        committed: saved.created,
        created: saved.created,
        updated: 0,
        unchanged: 0,
        failed: saved.failed,
        ...(opened ? { requests_opened: opened.created } : {}),
      });
      return { claimed: true as const, switched: false };
    }, CHUNK_TX).finally(() => clearInterval(alive));

    if (outcome.claimed) return { next: outcome.switched ? saveFromStart : nextInPhase };
    // Not claimed: this chunk was done before (retry or resumed workflow); find where things stand.
    const job = await ctx.db.job.findUniqueOrThrow({ where: { id: ctx.job.id } });
    if (job.status !== "RUNNING") return { next: null };
    if (step.phase === "check" && job.message === PHASE.saving) return { next: saveFromStart };
    if (job.message === phase && job.processedRows >= chunk.to) return { next: nextInPhase };
    throw new JobStateError(`Job ${job.id} is at row ${job.processedRows} (${job.message}); the step expected row ${chunk.from}`);
  },

  async finish(ctx): Promise<JobVerdict> {
    return rowJobOutcome(ctx.job, (tx) => dropStagedRows(tx, ctx.job.id));
  },
});
