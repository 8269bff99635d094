import type { Prisma } from "~/generated/prisma/client.ts";
import { readCsvRecords } from "~/features/jobs/files.server";
import { auditJob, claimRows, jobMessageData, JobStateError, rowJobOutcome, type JobContext, type JobHandler, type JobText, type JobVerdict } from "~/features/jobs/runner.server";
import { checkedCsvHeader } from "~/features/jobs/types/csv-steps.server";
import { DIRECTORY_REQUIRED_COLUMNS } from "~/features/jobs/types/directory/columns";
import { createdSeqs, directoryCsvColumns, saveAttributeChunk } from "~/features/jobs/types/directory/attribute-columns.server";
import { dropDirectoryRows, stageDirectoryCsv } from "~/features/jobs/types/directory/staging.server";
import { checkDirectoryRows } from "~/features/jobs/types/directory/check.server";
import { columnsPresent } from "~/features/jobs/types/directory/columns";
import { createChunk, saveChunk, type SaveCounts } from "~/features/jobs/types/directory/write.server";
import type { JobStep, StepResult } from "../../../../../workflows/bulk-job-contract";
import { storedText } from "~/platform/i18n/stored-text.server";

/**
 * IMPORT_DIRECTORY (ADR 0052): a company-wide job (no cycle) that creates and updates users from a directory CSV, on
 * the bulk job engine (ADR 0015) and set-based like the participant upload (ADR 0038):
 *  - begin: the job.start transaction stages every row once (DirectoryStagedRow, the row's own errors checked in
 *    Node) and keeps the file's columns in Job.params (`columns`);
 *  - "check": one step checks the whole file in SQL (check.server.ts) and records every row error. With
 *    ALL_OR_NOTHING and any error the job ends there (nothing written); otherwise
 *  - "create" steps insert the new users of each range of rows (links not yet: a manager may come later), then
 *  - "save" steps write each range's users with their links, one audit record per created or changed user, and end
 *    the sessions and tokens of those deactivated (write.server.ts).
 * Every step claims its range with the watermark (claimRows) in the transaction of its writes, so a retried or
 * resumed step writes nothing twice, and a killed worker loses nothing committed. Step cursor: `{ row }`.
 * The counts (created, updated, deactivated, reactivated, unchanged) add up in Job.params.counts.
 */

const DIRECTORY_PHASE_TEXT = {
  checking: storedText("storedTexts.jobs.phase.checking"),
  creating: storedText("storedTexts.jobs.phase.creatingUsers"),
  saving: storedText("storedTexts.jobs.phase.savingUsers"),
};

/** The phases' English (Job.message; claimRows compares it); with their codes in DIRECTORY_PHASE_TEXT (ADR 0096). */
export const DIRECTORY_PHASE = {
  checking: DIRECTORY_PHASE_TEXT.checking.text,
  creating: DIRECTORY_PHASE_TEXT.creating.text,
  saving: DIRECTORY_PHASE_TEXT.saving.text,
};
const PHASE_TEXTS: Record<string, JobText> = { check: DIRECTORY_PHASE_TEXT.checking, create: DIRECTORY_PHASE_TEXT.creating, save: DIRECTORY_PHASE_TEXT.saving };

/** Rows per create/save step (one statement of each kind per step; a step's own cost is paid per 20,000 rows). */
export const DIRECTORY_IMPORT_CHUNK_ROWS = 20_000;

/** The whole-file check runs in one transaction: generous for 100,000 rows on a busy machine. */
const CHECK_TX = { timeout: 9 * 60_000, maxWait: 60_000 } as const;
const CHUNK_TX = { timeout: 5 * 60_000, maxWait: 60_000 } as const;

type Params = { columns: string[]; counts?: Omit<SaveCounts, "rows"> };

function paramsOf(ctx: JobContext): Params {
  const p = ctx.job.params as Params | null;
  if (!p || !Array.isArray(p.columns)) throw new JobStateError(`Job ${ctx.job.id} has no columns in its params`);
  return p;
}

function rowOf(step: JobStep): number {
  const c = step.cursor as { row?: unknown } | null;
  if (!c || typeof c.row !== "number") throw new Error("Malformed directory import step cursor");
  return c.row;
}

const PHASES: Record<string, string> = { check: DIRECTORY_PHASE.checking, create: DIRECTORY_PHASE.creating, save: DIRECTORY_PHASE.saving };

/** Runs `work` while telling Temporal every 5 s that the worker is alive (a step's statements may take a while). */
async function alive<T>(ctx: JobContext, work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => ctx.heartbeat(), 5000);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** The step after `step`, the same whether or not this run of it wrote (failedRows is final after the check). */
function nextOf(ctx: JobContext, step: JobStep, failedRows: number): JobStep | null {
  const total = ctx.job.totalRows;
  if (step.phase === "check") return ctx.job.errorMode === "ALL_OR_NOTHING" && failedRows > 0 ? null : { phase: "create", cursor: { row: 0 } };
  const to = Math.min(rowOf(step) + ctx.chunkRows, total);
  if (to < total) return { phase: step.phase, cursor: { row: to } };
  return step.phase === "create" ? { phase: "save", cursor: { row: 0 } } : null;
}

export const directoryImportHandler: JobHandler = {
  async begin(ctx) {
    // The import's columns and one per people attribute kept as a value (ADR 0110).
    const { columns, start } = await checkedCsvHeader(ctx, await directoryCsvColumns(ctx.db), DIRECTORY_REQUIRED_COLUMNS);
    let any = false;
    for await (const _ of readCsvRecords(ctx.db, ctx.job.id, start, 1)) any = true;
    return {
      totalRows: 0,
      phase: DIRECTORY_PHASE_TEXT.checking,
      first: any ? { phase: "check", cursor: { row: 0 } } : null,
      write: async (tx) => {
        await tx.job.update({ where: { id: ctx.job.id }, data: { params: { columns } satisfies Params } });
        return any ? { totalRows: await stageDirectoryCsv(tx, ctx, start, columns) } : undefined;
      },
    };
  },

  async step(ctx, step): Promise<StepResult> {
    const phase = PHASES[step.phase];
    if (!phase) throw new Error(`Unknown step phase ${step.phase}`);
    const has = columnsPresent(paramsOf(ctx).columns);
    const from = rowOf(step);
    const to = step.phase === "check" ? ctx.job.totalRows : Math.min(from + ctx.chunkRows, ctx.job.totalRows);
    const next = (failedRows: number) => nextOf(ctx, step, failedRows);
    ctx.checkCancelled();

    const outcome = await alive(ctx, () =>
      ctx.db.$transaction(
        async (tx) => {
          if (!(await claimRows(tx, ctx.job.id, { phase, from, to }))) return null;
          const at = new Date();
          let failedRows = ctx.job.failedRows;
          if (step.phase === "check") {
            const importer = ctx.job.createdById
              ? await tx.user.findUnique({ where: { id: ctx.job.createdById }, select: { email: true, role: true } })
              : null;
            failedRows = await checkDirectoryRows(tx, ctx.job.id, has, importer ? { email: importer.email.toLowerCase(), role: importer.role } : null, () =>
              ctx.heartbeat(),
            );
            await tx.job.update({ where: { id: ctx.job.id }, data: { failedRows } });
          } else if (step.phase === "create") {
            await createChunk(tx, { jobId: ctx.job.id, from, to }, at);
            // The save steps' plans need the users table's new size (it may have grown from a few rows to 100,000).
            if (to >= ctx.job.totalRows) await tx.$executeRaw`ANALYZE "User"`;
          } else {
            const range = { jobId: ctx.job.id, from, to };
            const created = await createdSeqs(tx, range);
            const counts = await saveChunk(tx, range, has, ctx.actor, at);
            // The people attribute values of the range's rows (ADR 0110); a person changed only there is updated.
            const attributesOnly = await saveAttributeChunk(tx, range, paramsOf(ctx).columns, ctx.actor, at, created);
            counts.updated += attributesOnly;
            counts.unchanged -= attributesOnly;
            const job = await tx.job.findUniqueOrThrow({ where: { id: ctx.job.id }, select: { params: true } });
            const params = job.params as Params;
            const sum = { created: 0, updated: 0, deactivated: 0, reactivated: 0, unchanged: 0, ...params.counts };
            for (const k of Object.keys(sum) as Array<keyof typeof sum>) sum[k] += counts[k];
            await tx.job.update({
              where: { id: ctx.job.id },
              data: { succeededRows: { increment: counts.rows }, params: { ...params, counts: sum } as Prisma.InputJsonObject },
            });
            await auditJob(tx, ctx.actor, ctx.job, "job.rows_committed", { from_row: from + 1, to_row: to, ...counts });
          }
          const after = next(failedRows);
          // The last step of a phase moves the job to the next one (the watermark starts again from row 0).
          if (after && after.phase !== step.phase) {
            await tx.job.update({ where: { id: ctx.job.id }, data: { ...jobMessageData(PHASE_TEXTS[after.phase]!), processedRows: 0 } });
          }
          return { next: after };
        },
        step.phase === "check" ? CHECK_TX : CHUNK_TX,
      ),
    );
    if (outcome) return outcome;
    // Not claimed: the step was done before (a retry, a resumed workflow); its next step is computed as it was then.
    const job = await ctx.db.job.findUniqueOrThrow({ where: { id: ctx.job.id } });
    if (job.status !== "RUNNING") return { next: null };
    const order = ["check", "create", "save"];
    const now = order.findIndex((p) => PHASES[p] === job.message);
    const mine = order.indexOf(step.phase);
    if (now > mine || (now === mine && job.processedRows >= to)) return { next: next(job.failedRows) };
    throw new JobStateError(`Job ${job.id} is at row ${job.processedRows} (${job.message}); the step expected row ${from} (${phase})`);
  },

  async finish(ctx): Promise<JobVerdict> {
    const verdict = rowJobOutcome(ctx.job, (tx) => dropDirectoryRows(tx, ctx.job.id));
    const c = (ctx.job.params as Params | null)?.counts;
    if (verdict.status !== "SUCCEEDED" || !c || ctx.job.totalRows === 0) return verdict;
    const result = typeof verdict.message === "string" ? verdict.message : { key: verdict.message.code.key, ...(verdict.message.code.values ? { values: verdict.message.code.values } : {}) };
    return { ...verdict, message: storedText("storedTexts.jobs.directoryCounts", { result, ...c }) };
  },
};
