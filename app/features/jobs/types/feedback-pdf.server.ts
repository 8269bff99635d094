import { ApiError } from "~/platform/api.server";
import { requireCycle } from "~/features/cycles/context.server";
import { summaryOf } from "~/features/summaries/service.server";
import { renderFeedbackSummaryPdf } from "~/features/summaries/pdf.server";
import { recipientReader } from "~/platform/i18n/recipient.server";
import { auditJob, CHUNK_TX, claimRows, cycleJobHandler, JobInputError, jobRefusal, type JobContext, type JobHandler } from "~/features/jobs/runner.server";
import { readLocalHeader, zipCentralDirectory, zipLocalEntry, ZIP_MAX_ENTRIES, type ZipEntryInfo } from "~/platform/zip-store.server";
import type { JobStep, StepResult } from "../../../../workflows/bulk-job-contract";
import { storedText } from "~/platform/i18n/stored-text.server";

/**
 * BULK_FEEDBACK_PDF (spec: bulk-participants-feedback-pdf-download; ADR 0023): one PDF per participant who
 * receives feedback (reviewer-only participants get none), all in one ZIP archive, the job's output file.
 *
 * Built on the bulk job framework (ADR 0015): a step renders up to PDF_CHUNK participants' summaries (the
 * admin's named view, as the job's creator — still a super admin — sees them) and stores each as a finished
 * ZIP entry (`part:<row>`: local header + PDF) in the same transaction as the watermark claim, so a retried
 * or resumed step writes nothing twice. `finish` reads only the entries' local headers, writes the central
 * directory as the last part and concatenates the parts into `output` inside the database.
 * Progress: processedRows / totalRows counts participants.
 */

/** Participants per step: a PDF takes ~10–40 ms, so a step stays within seconds and progress moves often. */
export const PDF_CHUNK = 10;
export const PDF_PHASE_TEXT = storedText("storedTexts.jobs.phase.writingPdfs");
/** The phase's English (Job.message; claimRows compares it). */
export const PDF_PHASE = PDF_PHASE_TEXT.text;
const PART_PREFIX = "part:";
const CENTRAL_PART = "part:~central";
const partKind = (row: number) => `${PART_PREFIX}${String(row).padStart(7, "0")}`;

type Cursor = { row: number; afterId: number };

function cursorOf(value: JobStep["cursor"]): Cursor {
  const c = value as unknown as Cursor;
  if (!c || typeof c.row !== "number" || typeof c.afterId !== "number") throw new Error("Malformed PDF step cursor");
  return c;
}

export function feedbackPdfArchiveName(job: { id: number; cycleId: number }): string {
  return `feedback-summaries-cycle-${job.cycleId}-job-${job.id}.zip`;
}

const receivesFeedback = (cycleId: number) => ({ cycleId, reviewerOnly: false });

/** The job's creator, who must (still) be a super admin: the PDFs hold named feedback. */
async function creatorOf(ctx: JobContext) {
  const id = ctx.job.createdById;
  const user = id ? await ctx.db.user.findUnique({ where: { id } }) : null;
  if (!user || user.role !== "SUPER_ADMIN" || !user.active) {
    throw new JobInputError(storedText("storedTexts.jobs.stopped.notSuperAdmin"));
  }
  return user;
}

export const feedbackPdfJobHandler: JobHandler = cycleJobHandler({
  async begin(ctx) {
    await creatorOf(ctx);
    const totalRows = await ctx.db.participant.count({ where: receivesFeedback(ctx.job.cycleId) });
    if (totalRows > ZIP_MAX_ENTRIES) throw new JobInputError(storedText("storedTexts.jobs.stopped.archiveTooLarge", { max: ZIP_MAX_ENTRIES, total: totalRows }));
    return { totalRows, phase: PDF_PHASE_TEXT, first: { phase: "pdf", cursor: { row: 0, afterId: 0 } } };
  },

  async step(ctx, step): Promise<StepResult> {
    const cursor = cursorOf(step.cursor);
    const take = Math.min(ctx.chunkRows, PDF_CHUNK);
    const creator = await creatorOf(ctx);
    const cycle = await requireCycle(ctx.db, ctx.job.cycleId);
    const participants = await ctx.db.participant.findMany({
      where: { ...receivesFeedback(ctx.job.cycleId), id: { gt: cursor.afterId } },
      include: {
        user: { select: { id: true, email: true, name: true, role: true, jobTitle: true, department: true, location: true, profileImageUrl: true, active: true } },
        manager: { select: { id: true, email: true, name: true } },
        secondaryManager: { select: { id: true, email: true, name: true } },
        hrPartner: { select: { id: true, email: true, name: true } },
      },
      orderBy: { id: "asc" },
      take,
    });
    const entries: Array<{ kind: string; name: string; content: Buffer }> = [];
    for (const [i, p] of participants.entries()) {
      let summary;
      try {
        summary = await summaryOf(ctx.db, { user: creator }, "admin", cycle, p);
      } catch (err) {
        if (err instanceof ApiError) throw jobRefusal(err);
        throw err;
      }
      // In the language of the person who asked for the archive (their choice, else en: a job has no browser).
      const pdf = await renderFeedbackSummaryPdf(summary, ctx.job.createdAt, recipientReader(creator).language);
      const name = `${p.user.email}.pdf`;
      entries.push({ kind: partKind(cursor.row + i), name, content: zipLocalEntry(name, pdf, ctx.job.createdAt) });
      ctx.heartbeat({ row: cursor.row + i + 1 });
    }
    const to = cursor.row + participants.length;
    const next: JobStep | null = participants.length < take ? null : { phase: "pdf", cursor: { row: to, afterId: participants[participants.length - 1]!.id } };
    ctx.checkCancelled();
    await ctx.db.$transaction(async (tx) => {
      if (!(await claimRows(tx, ctx.job.id, { phase: PDF_PHASE, from: cursor.row, to }))) return;
      if (entries.length === 0) return;
      await tx.jobFile.createMany({
        data: entries.map((e) => ({ jobId: ctx.job.id, kind: e.kind, name: e.name, contentType: "application/pdf", content: new Uint8Array(e.content) })),
        skipDuplicates: true,
      });
      await tx.job.update({ where: { id: ctx.job.id }, data: { succeededRows: { increment: entries.length } } });
      await auditJob(tx, ctx.actor, ctx.job, "job.rows_committed", {
        from_row: cursor.row + 1,
        to_row: to,
        from_participant_id: participants[0]!.id,
        to_participant_id: participants[participants.length - 1]!.id,
        pdfs: entries.length,
      });
    }, CHUNK_TX);
    return { next };
  },

  async finish(ctx) {
    const job = ctx.job;
    // Only the local headers are read back (name, CRC, size); the PDFs stay in the database.
    const heads = await ctx.db.$queryRaw<Array<{ kind: string; length: number; head: Uint8Array }>>`
      SELECT kind, length(content)::int AS length, substring(content FROM 1 FOR 1100) AS head
      FROM "JobFile" WHERE "jobId" = ${job.id} AND kind LIKE ${PART_PREFIX + "%"} AND kind <> ${CENTRAL_PART}
      ORDER BY kind COLLATE "C"`;
    let offset = 0;
    const entries: ZipEntryInfo[] = [];
    for (const h of heads) {
      entries.push(readLocalHeader(h.head, offset));
      offset += Number(h.length);
    }
    const central = zipCentralDirectory(entries, offset);
    const name = feedbackPdfArchiveName(job);
    return {
      status: "SUCCEEDED",
      message: storedText("storedTexts.jobs.pdfsWritten", { written: entries.length }),
      write: async (tx) => {
        await tx.jobFile.createMany({
          data: [{ jobId: job.id, kind: CENTRAL_PART, name: "central directory", contentType: "application/zip", content: new Uint8Array(central) }],
          skipDuplicates: true,
        });
        await tx.$executeRaw`
          INSERT INTO "JobFile" ("jobId", kind, name, "contentType", content)
          SELECT ${job.id}, 'output', ${name}, 'application/zip', string_agg(content, ''::bytea ORDER BY kind COLLATE "C")
          FROM "JobFile" WHERE "jobId" = ${job.id} AND kind LIKE ${PART_PREFIX + "%"}
          ON CONFLICT ("jobId", kind) DO NOTHING`;
        await tx.jobFile.deleteMany({ where: { jobId: job.id, kind: { startsWith: PART_PREFIX } } });
        await tx.job.update({ where: { id: job.id }, data: { totalRows: job.processedRows } });
      },
    };
  },
});

export const feedbackPdfJobHandlers = { BULK_FEEDBACK_PDF: feedbackPdfJobHandler } satisfies Record<string, JobHandler>;
