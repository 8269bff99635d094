import { participantInclude, toParticipantJson } from "~/features/participants/model.server";
import { cycleJobHandler, type JobHandler } from "~/features/jobs/runner.server";
import { assembleCsv, nextPart, writeCsvPart } from "~/features/jobs/types/csv-parts.server";
import { PARTICIPANT_CSV_COLUMNS } from "~/features/participants/schemas";
import { keysetCursor, PHASE_TEXT } from "~/features/jobs/types/participants/common.server";
import type { StepResult } from "../../../../../workflows/bulk-job-contract";
import { storedText } from "~/platform/i18n/stored-text.server";

/** Download of the cycle's participants as CSV: one part per chunk, assembled in the database at the end. */

/** Columns of the participants download: the upload columns, then read-only ones. */
export const PARTICIPANT_DOWNLOAD_COLUMNS = [...PARTICIPANT_CSV_COLUMNS, "name", "calibrated_rating", "promotion_decision"] as const;

export const downloadHandler: JobHandler = cycleJobHandler({
  async begin(ctx) {
    const totalRows = await ctx.db.participant.count({ where: { cycleId: ctx.job.cycleId } });
    return { totalRows, phase: PHASE_TEXT.writing, first: { phase: "export", cursor: { row: 0, afterId: 0, part: 0 } } };
  },

  async step(ctx, step): Promise<StepResult> {
    const cursor = keysetCursor(step.cursor);
    const part = cursor.part ?? 0;
    const rows = await ctx.db.participant.findMany({
      where: { cycleId: ctx.job.cycleId, id: { gt: cursor.afterId } },
      include: participantInclude,
      orderBy: { id: "asc" },
      take: ctx.chunkRows,
    });
    const records = rows.map((row) => {
      const p = toParticipantJson(row);
      return [p.email, p.manager_email ?? "", p.secondary_manager_email ?? "", p.hr_partner_email ?? "", p.reviewer_only ? "true" : "false", p.name, p.calibrated_rating ?? "", p.promotion_decision ?? ""];
    });
    await writeCsvPart(ctx, { part, fromRow: cursor.row, columns: PARTICIPANT_DOWNLOAD_COLUMNS, records });
    return { next: nextPart(ctx, rows, cursor.row, rows.length, part) };
  },

  async finish(ctx) {
    return assembleCsv(ctx, `participants-cycle-${ctx.job.cycleId}-job-${ctx.job.id}.csv`, storedText("storedTexts.jobs.participantsWritten", { written: ctx.job.processedRows }));
  },
});
