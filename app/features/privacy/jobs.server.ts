import type { JobType } from "~/generated/prisma/client.ts";
import { ApiError } from "~/platform/api.server";
import { CHUNK_TX, claimRows, JobInputError, jobRefusal, type JobContext, type JobHandler, type JobText, type JobVerdict } from "~/features/jobs/runner.server";
import { OUTPUT_FILE } from "~/features/jobs/files.server";
import { collectPersonData, personExportZip } from "~/features/privacy/export.server";
import { erasePerson } from "~/features/privacy/erase.server";
import type { StepResult } from "../../../workflows/bulk-job-contract";
import { storedText } from "~/platform/i18n/stored-text.server";

/**
 * The two company-wide job types of a person's data (ADR 0053), run by the generic bulk job workflow (ADR 0015):
 * each is one step that claims the job's single "row" and does its work in that claim's transaction, so a retried or
 * resumed step does nothing twice.
 *  - EXPORT_PERSON: everything held about `Job.subjectUserId` as a ZIP (the job's output file).
 *  - ERASE_PERSON: the erasure of `Job.subjectUserId` (re-checked inside the transaction: still deactivated, not erased).
 */

const EXPORT_PHASE_TEXT = storedText("storedTexts.jobs.phase.collecting");
const ERASE_PHASE_TEXT = storedText("storedTexts.jobs.phase.erasing");
/** The phases' English (Job.message; claimRows compares it); their codes above (ADR 0096). */
export const EXPORT_PHASE = EXPORT_PHASE_TEXT.text;
export const ERASE_PHASE = ERASE_PHASE_TEXT.text;

export const exportFileName = (job: { id: number; subjectUserId: number | null }) => `personal-data-user-${job.subjectUserId}-job-${job.id}.zip`;

function subjectOf(ctx: JobContext): number {
  if (!ctx.job.subjectUserId) throw new JobInputError(storedText("storedTexts.jobs.stopped.personGone"));
  return ctx.job.subjectUserId;
}

/** A job whose one step either ran (claimed and counted) or was already done. */
function singleStepVerdict(ctx: JobContext, done: JobText): JobVerdict {
  return ctx.job.succeededRows === 1 ? { status: "SUCCEEDED", message: done } : { status: "FAILED", message: storedText("storedTexts.jobs.notCompleted") };
}

export const exportPersonHandler: JobHandler = {
  async begin(ctx) {
    subjectOf(ctx);
    return { totalRows: 1, phase: EXPORT_PHASE_TEXT, first: { phase: "export", cursor: null } };
  },

  async step(ctx): Promise<StepResult> {
    const userId = subjectOf(ctx);
    ctx.checkCancelled();
    await ctx.db.$transaction(async (tx) => {
      if (!(await claimRows(tx, ctx.job.id, { phase: EXPORT_PHASE, from: 0, to: 1 }))) return;
      const zip = personExportZip(await collectPersonData(tx, userId));
      await tx.jobFile.create({
        data: { jobId: ctx.job.id, kind: OUTPUT_FILE, name: exportFileName(ctx.job), contentType: "application/zip", content: new Uint8Array(zip) },
      });
      await tx.job.update({ where: { id: ctx.job.id }, data: { succeededRows: 1, fileName: exportFileName(ctx.job) } });
    }, CHUNK_TX);
    return { next: null };
  },

  async finish(ctx) {
    return singleStepVerdict(ctx, storedText("storedTexts.jobs.exportReady"));
  },
};

export const erasePersonHandler: JobHandler = {
  async begin(ctx) {
    subjectOf(ctx);
    return { totalRows: 1, phase: ERASE_PHASE_TEXT, first: { phase: "erase", cursor: null } };
  },

  async step(ctx): Promise<StepResult> {
    const userId = subjectOf(ctx);
    ctx.checkCancelled();
    try {
      await ctx.db.$transaction(
        async (tx) => {
          if (!(await claimRows(tx, ctx.job.id, { phase: ERASE_PHASE, from: 0, to: 1 }))) return;
          await erasePerson(tx, ctx.actor, userId, { heartbeat: () => ctx.heartbeat() });
          await tx.job.update({ where: { id: ctx.job.id }, data: { succeededRows: 1 } });
        },
        { timeout: 9 * 60_000, maxWait: 60_000 },
      );
    } catch (err) {
      // The person was re-activated, erased or removed meanwhile: the job fails with the reason, nothing was written.
      if (err instanceof ApiError && (err.status === 409 || err.status === 404)) throw jobRefusal(err);
      throw err;
    }
    return { next: null };
  },

  async finish(ctx) {
    return singleStepVerdict(ctx, storedText("storedTexts.jobs.erased"));
  },
};

export const personJobHandlers: Partial<Record<JobType, JobHandler>> = {
  EXPORT_PERSON: exportPersonHandler,
  ERASE_PERSON: erasePersonHandler,
};
