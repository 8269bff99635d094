import { recordAudits } from "~/platform/audit.server";
import { participantAuditSnapshot, participantInclude, toParticipantJson } from "~/features/participants/model.server";
import { auditJob, CHUNK_TX, claimRows, cycleJobHandler, type JobHandler } from "~/features/jobs/runner.server";
import { openWorkOfCurrentStage } from "~/features/cycles/stage-effects.server";
import { keysetCursor, PHASE, PHASE_TEXT } from "~/features/jobs/types/participants/common.server";
import { populateFiltersOf } from "~/features/jobs/types/participants/populate-filters";
import { populateUserWhere } from "~/features/jobs/types/participants/populate-filters.server";
import type { JobStep, StepResult } from "../../../../../workflows/bulk-job-contract";
import { storedText } from "~/platform/i18n/stored-text.server";

/**
 * Populate a cycle's participants from the directory: active employees and people partners, all of them or those the
 * job's params select (department, location, level, start date before a cut-off; populate-filters.ts), with their
 * manager, secondary manager and HR partner from the directory; insert only.
 */

export const populateHandler: JobHandler = cycleJobHandler({
  async begin(ctx) {
    const totalRows = await ctx.db.user.count({ where: populateUserWhere(populateFiltersOf(ctx.job.params)) });
    return { totalRows, phase: PHASE_TEXT.populating, first: { phase: "populate", cursor: { row: 0, afterId: 0 } } };
  },

  async step(ctx, step): Promise<StepResult> {
    const cursor = keysetCursor(step.cursor);
    const users = await ctx.db.user.findMany({
      where: { ...populateUserWhere(populateFiltersOf(ctx.job.params)), id: { gt: cursor.afterId } },
      select: { id: true, managerId: true, secondaryManagerId: true, hrPartnerId: true },
      orderBy: { id: "asc" },
      take: ctx.chunkRows,
    });
    const to = cursor.row + users.length;
    const next: JobStep | null = users.length < ctx.chunkRows ? null : { phase: "populate", cursor: { row: to, afterId: users[users.length - 1]!.id } };
    ctx.checkCancelled();
    await ctx.db.$transaction(async (tx) => {
      if (!(await claimRows(tx, ctx.job.id, { phase: PHASE.populating, from: cursor.row, to }))) return;
      if (users.length === 0) return;
      const inserted = await tx.participant.createManyAndReturn({
        data: users.map((u) => ({
          cycleId: ctx.job.cycleId,
          userId: u.id,
          managerId: u.managerId,
          secondaryManagerId: u.secondaryManagerId,
          hrPartnerId: u.hrPartnerId,
        })),
        skipDuplicates: true, // idempotent: existing participants are left as they are
        select: { id: true },
      });
      if (inserted.length) {
        const created = await tx.participant.findMany({ where: { id: { in: inserted.map((r) => r.id) } }, include: participantInclude });
        await recordAudits(
          tx,
          ctx.actor,
          created.map((row) => ({
            action: "participant.create",
            entityType: "Participant",
            entityId: row.id,
            after: { cycle_id: ctx.job.cycleId, ...participantAuditSnapshot(toParticipantJson(row)) },
          })),
        );
      }
      // New participants of a cycle in a feedback stage get its requests, as a single create would.
      const opened = await openWorkOfCurrentStage(tx, ctx.job.cycleId, inserted.map((r) => r.id), ctx.actor);
      await tx.job.update({ where: { id: ctx.job.id }, data: { succeededRows: { increment: inserted.length } } });
      await auditJob(tx, ctx.actor, ctx.job, "job.rows_committed", {
        from_user_id: users[0]!.id,
        to_user_id: users[users.length - 1]!.id,
        rows: users.length,
        created: inserted.length,
        already_participants: users.length - inserted.length,
        ...(opened ? { requests_opened: opened.created } : {}),
      });
    }, CHUNK_TX);
    return { next };
  },

  async finish(ctx) {
    const job = ctx.job;
    return {
      status: "SUCCEEDED",
      message: storedText("storedTexts.jobs.populated", { created: job.succeededRows, already: job.processedRows - job.succeededRows }),
      // Users may have joined or left meanwhile: the total is what was processed.
      write: async (tx) => void (await tx.job.update({ where: { id: job.id }, data: { totalRows: job.processedRows } })),
    };
  },
});
