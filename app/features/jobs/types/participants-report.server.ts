import { readJobParams } from "~/features/jobs/files.server";
import { cycleJobHandler, JobInputError, type JobContext, type JobHandler } from "~/features/jobs/runner.server";
import { assembleCsv, nextPart, writeCsvPart } from "~/features/jobs/types/csv-parts.server";
import { keysetCursor, PHASE_TEXT } from "~/features/jobs/types/participants/common.server";
import { isMetricType, metricColumns, reportFileName, type MetricType } from "~/features/decision-support/rules";
import { reportParticipantSelect, reportRecords } from "~/features/decision-support/metrics.server";
import { METRIC_KEYS } from "~/features/decision-support/messages";
import { storedText } from "~/platform/i18n/stored-text.server";
import type { StepResult } from "../../../../workflows/bulk-job-contract";

/**
 * The participants report (`download_participants_report`, ADR 0032): one CSV row per participant of the cycle
 * with the counts of the job's metric (its `params` file: `{ metric_type }`). Written like the other downloads:
 * keyset over the participants, one part per chunk (claimed, so a retried step writes it once), assembled in the
 * database at the end. Counts and statuses only (app/features/decision-support/rules.ts).
 */

async function metricOf(ctx: JobContext): Promise<MetricType> {
  const { metric_type } = await readJobParams(ctx.db, ctx.job.id);
  if (!isMetricType(metric_type)) throw new JobInputError(storedText("storedTexts.jobs.stopped.unknownMetric", { metric: String(metric_type ?? "") }));
  return metric_type;
}

export const participantsReportHandler: JobHandler = cycleJobHandler({
  async begin(ctx) {
    await metricOf(ctx);
    const totalRows = await ctx.db.participant.count({ where: { cycleId: ctx.job.cycleId } });
    return { totalRows, phase: PHASE_TEXT.writing, first: { phase: "export", cursor: { row: 0, afterId: 0, part: 0 } } };
  },

  async step(ctx, step): Promise<StepResult> {
    const metric = await metricOf(ctx);
    const cursor = keysetCursor(step.cursor);
    const part = cursor.part ?? 0;
    const participants = await ctx.db.participant.findMany({
      where: { cycleId: ctx.job.cycleId, id: { gt: cursor.afterId } },
      select: reportParticipantSelect,
      orderBy: { id: "asc" },
      take: ctx.chunkRows,
    });
    const records = await reportRecords(ctx.db, ctx.job.cycleId, metric, participants);
    // Names and departments starting with = + - @ would run as a spreadsheet formula: escaped.
    await writeCsvPart(ctx, { part, fromRow: cursor.row, columns: metricColumns(metric), records });
    return { next: nextPart(ctx, participants, cursor.row, records.length, part) };
  },

  async finish(ctx) {
    const metric = await metricOf(ctx);
    // The metric's label as its message (METRIC_KEYS: the same words as METRICS' label in English, ADR 0100).
    const message = storedText("storedTexts.jobs.reportWritten", { metric: { key: METRIC_KEYS[metric].label }, written: ctx.job.processedRows });
    return assembleCsv(ctx, reportFileName(metric, ctx.job.cycleId, ctx.job.id), message);
  },
});
