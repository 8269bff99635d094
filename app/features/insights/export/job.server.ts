import type { JobType } from "~/generated/prisma/client.ts";
import { ApiError } from "~/platform/api.server";
import type { CurrentUser } from "~/platform/auth.server";
import { toCsv } from "~/platform/csv";
import { recipientReader, recipientT } from "~/platform/i18n/recipient.server";
import { storedText } from "~/platform/i18n/stored-text.server";
import { OUTPUT_FILE } from "~/features/jobs/files.server";
import { CHUNK_TX, claimRows, cycleJobHandler, JobInputError, jobRefusal, type CycleJobContext, type JobHandler } from "~/features/jobs/runner.server";
import { readCycleInsights, readSessionInsights } from "~/features/insights/service.server";
import { gapText } from "~/features/insights/group-names";
import { InsightsExportParams } from "~/features/insights/export/contract.server";
import { INSIGHTS_EXPORT_COLUMNS, insightsCsvRecords, insightsExportFileName } from "~/features/insights/export/csv";
import type { StepResult } from "../../../../workflows/bulk-job-contract";

/**
 * The insights CSV export (EXPORT_INSIGHTS, issue 29 §5, ADR 0115), run by the generic bulk job workflow (ADR 0015):
 * one step reads the insights AS THE JOB'S CREATOR through the insights service — the same rule of who may read them
 * (re-checked now: a creator who may no longer read them fails the job), the same population (an HR partner's: her
 * people), the same privacy floor and the filters kept in Job.params — and writes every figure's table as one CSV
 * (export/csv.ts) in the transaction that claims the job's rows, so a retried or resumed step writes it once.
 */

const WRITING = storedText("storedTexts.jobs.phase.writing");

function paramsOf(ctx: CycleJobContext): InsightsExportParams {
  const parsed = InsightsExportParams.safeParse(ctx.job.params);
  if (!parsed.success || (parsed.data.scope === "session" && parsed.data.session_id === null)) throw new JobInputError(storedText("storedTexts.jobs.stopped.exportParamsMalformed"));
  return parsed.data;
}

/** Who started the job, as the insights service reads for them (an inactive or removed creator: the job fails). */
async function creatorOf(ctx: CycleJobContext): Promise<CurrentUser> {
  const user = ctx.job.createdById === null ? null : await ctx.db.user.findUnique({ where: { id: ctx.job.createdById } });
  if (!user || !user.active) throw new JobInputError(storedText("storedTexts.jobs.stopped.exportReaderGone"));
  return { user, realUser: null, actor: ctx.actor };
}

export const insightsExportHandler: JobHandler = cycleJobHandler({
  async begin(ctx) {
    paramsOf(ctx);
    await creatorOf(ctx);
    // The number of lines is known once the insights are read: 0 until the step writes them.
    return { totalRows: 0, phase: WRITING, first: { phase: "export", cursor: null } };
  },

  async step(ctx): Promise<StepResult> {
    const params = paramsOf(ctx);
    const current = await creatorOf(ctx);
    ctx.heartbeat();
    let insights;
    try {
      insights =
        params.scope === "session" ? await readSessionInsights(current, params.session_id!, params.filters) : await readCycleInsights(current, ctx.job.cycleId, params.filters);
    } catch (err) {
      // Refused (no longer theirs, a filter's attribute hidden or deleted since) or gone: the job fails with why, no retry.
      if (err instanceof ApiError && err.status < 500) throw jobRefusal(err);
      throw err;
    }
    ctx.heartbeat();
    // The gaps' words in the language of who started it, as their pages say them.
    const t = await recipientT(recipientReader(current.user));
    const records = insightsCsvRecords(insights, (gap) => gapText(t, gap.words));
    const csv = toCsv(records, { header: true, columns: INSIGHTS_EXPORT_COLUMNS });
    const name = insightsExportFileName(insights.scope, ctx.job.id);
    ctx.checkCancelled();
    await ctx.db.$transaction(async (tx) => {
      if (!(await claimRows(tx, ctx.job.id, { phase: WRITING.text, from: 0, to: records.length, data: { totalRows: records.length } }))) return;
      await tx.jobFile.createMany({
        data: [{ jobId: ctx.job.id, kind: OUTPUT_FILE, name, contentType: "text/csv; charset=utf-8", content: Buffer.from(csv, "utf8") }],
        skipDuplicates: true,
      });
      await tx.job.update({ where: { id: ctx.job.id }, data: { succeededRows: records.length, fileName: name } });
    }, CHUNK_TX);
    return { next: null };
  },

  async finish(ctx) {
    const file = await ctx.db.jobFile.findUnique({ where: { jobId_kind: { jobId: ctx.job.id, kind: OUTPUT_FILE } }, select: { id: true } });
    if (!file) return { status: "FAILED", message: storedText("storedTexts.jobs.notCompleted") };
    return { status: "SUCCEEDED", message: storedText("storedTexts.jobs.rowsWritten", { written: ctx.job.succeededRows }) };
  },
});

export const insightsExportJobHandlers = { EXPORT_INSIGHTS: insightsExportHandler } satisfies Partial<Record<JobType, JobHandler>>;
