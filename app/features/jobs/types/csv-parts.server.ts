import { toCsv } from "~/platform/csv";
import { CHUNK_TX, claimRows, type JobContext, type JobVerdict } from "~/features/jobs/runner.server";
import { PHASE } from "~/features/jobs/types/participants/common.server";
import type { JobStep } from "../../../../workflows/bulk-job-contract";

/**
 * CSV downloads written in parts: each step writes one part (a JobFile row `part:NNNNNN`, claimed so a
 * retried step writes it once) and counts its rows, in one transaction; the finish assembles the parts
 * into the output file inside the database (no copy through Node) and removes them.
 */

const PART_PREFIX = "part:";
const partKind = (n: number) => `${PART_PREFIX}${String(n).padStart(6, "0")}`;

/** Write part `part` (rows from `fromRow`); the header only in the first part; cells neutralised (app/platform/csv.ts). */
export async function writeCsvPart(
  ctx: JobContext,
  input: { part: number; fromRow: number; columns: readonly string[]; records: unknown[][] },
): Promise<void> {
  const { part, fromRow, records } = input;
  const csv = toCsv(records, { header: part === 0, columns: input.columns });
  const to = fromRow + records.length;
  ctx.checkCancelled();
  await ctx.db.$transaction(async (tx) => {
    if (!(await claimRows(tx, ctx.job.id, { phase: PHASE.writing, from: fromRow, to }))) return;
    if (csv.length > 0) {
      await tx.jobFile.createMany({
        data: [{ jobId: ctx.job.id, kind: partKind(part), name: partKind(part), contentType: "text/csv", content: Buffer.from(csv, "utf8") }],
        skipDuplicates: true,
      });
    }
    await tx.job.update({ where: { id: ctx.job.id }, data: { succeededRows: { increment: records.length } } });
  }, CHUNK_TX);
}

/** The next step of a keyset export, or null after a short chunk. */
export function nextPart(ctx: JobContext, got: Array<{ id: number }>, fromRow: number, rowsWritten: number, part: number): JobStep | null {
  return got.length < ctx.chunkRows ? null : { phase: "export", cursor: { row: fromRow + rowsWritten, afterId: got[got.length - 1]!.id, part: part + 1 } };
}

/** The finish: the parts joined into the output file `name`. */
export function assembleCsv(ctx: JobContext, name: string, message: JobVerdict["message"]): JobVerdict {
  const job = ctx.job;
  return {
    status: "SUCCEEDED",
    message,
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
}
