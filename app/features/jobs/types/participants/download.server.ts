import { stringify } from "csv-stringify/sync";
import { participantInclude, toParticipantJson } from "~/features/participants/model.server";
import { CHUNK_TX, claimRows, type JobHandler } from "~/features/jobs/runner.server";
import { PARTICIPANT_CSV_COLUMNS } from "~/features/participants/schemas";
import { keysetCursor, PHASE } from "~/features/jobs/types/participants/common.server";
import type { JobStep, StepResult } from "../../../../../workflows/bulk-job-contract";

/** Download of the cycle's participants as CSV: one part per chunk, assembled in the database at the end. */

/** Columns of the participants download: the upload columns, then read-only ones. */
export const PARTICIPANT_DOWNLOAD_COLUMNS = [...PARTICIPANT_CSV_COLUMNS, "name", "calibrated_rating", "promotion_decision"] as const;

const PART_PREFIX = "part:";
const partKind = (n: number) => `${PART_PREFIX}${String(n).padStart(6, "0")}`;

export const downloadHandler: JobHandler = {
  async begin(ctx) {
    const totalRows = await ctx.db.participant.count({ where: { cycleId: ctx.job.cycleId } });
    return { totalRows, phase: PHASE.writing, first: { phase: "export", cursor: { row: 0, afterId: 0, part: 0 } } };
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
    const csv = stringify(records, { header: part === 0, columns: [...PARTICIPANT_DOWNLOAD_COLUMNS] });
    const to = cursor.row + rows.length;
    const next: JobStep | null = rows.length < ctx.chunkRows ? null : { phase: "export", cursor: { row: to, afterId: rows[rows.length - 1]!.id, part: part + 1 } };
    ctx.checkCancelled();
    await ctx.db.$transaction(async (tx) => {
      if (!(await claimRows(tx, ctx.job.id, { phase: PHASE.writing, from: cursor.row, to }))) return;
      if (csv.length > 0) {
        await tx.jobFile.createMany({
          data: [{ jobId: ctx.job.id, kind: partKind(part), name: partKind(part), contentType: "text/csv", content: Buffer.from(csv, "utf8") }],
          skipDuplicates: true,
        });
      }
      await tx.job.update({ where: { id: ctx.job.id }, data: { succeededRows: { increment: rows.length } } });
    }, CHUNK_TX);
    return { next };
  },

  async finish(ctx) {
    const job = ctx.job;
    const name = `participants-cycle-${job.cycleId}-job-${job.id}.csv`;
    return {
      status: "SUCCEEDED",
      message: `${job.processedRows} participants written`,
      // Assemble the parts into the output file inside the database (no copy through Node).
      write: async (tx) => {
        await tx.$executeRaw`
          INSERT INTO "JobFile" ("jobId", kind, name, "contentType", content)
          SELECT ${job.id}, 'output', ${name}, 'text/csv; charset=utf-8', COALESCE(string_agg(content, ''::bytea ORDER BY kind), ''::bytea)
          FROM "JobFile" WHERE "jobId" = ${job.id} AND kind LIKE ${PART_PREFIX + "%"}
          ON CONFLICT ("jobId", kind) DO NOTHING`;
        await tx.jobFile.deleteMany({ where: { jobId: job.id, kind: { startsWith: PART_PREFIX } } });
        await tx.job.update({ where: { id: job.id }, data: { totalRows: job.processedRows } });
      },
    };
  },
};
