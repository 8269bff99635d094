import { Context } from "@temporalio/activity";
import { ApplicationFailure } from "@temporalio/common";
import { getDb, type Tx } from "~/platform/db.server";
import { fromDbState, toDbState } from "~/features/cycles/rules";
import { cycleAuditSnapshot } from "~/features/cycles/model.server";
import { recordAudit } from "~/platform/audit.server";
import { applyStageEffects } from "~/features/cycles/stage-effects.server";
import {
  CYCLE_FAILURE,
  type ApplyCycleTransitionInput,
  type ApplyCycleTransitionResult,
  type DeleteDraftCycleInput,
  type DeleteDraftCycleResult,
} from "../../workflows/cycle-contract";

/**
 * Activities of the cycle workflow (workflows/cycle.ts). They are the only code that writes
 * Cycle.state or deletes a cycle. Each write is conditional on the state the workflow expects,
 * happens in one transaction with its audit record, and is idempotent when Temporal retries it.
 * The stage's effects (feedback requests, ADR 0021) are part of that same transaction.
 */

/** A large cycle's stage effects insert hundreds of thousands of rows: more than Prisma's 5 s default. */
const TRANSITION_TX = { timeout: 120_000, maxWait: 30_000 };

/** ADR 0026: the cycle cannot reach communication while one of its calibration sessions is not closed. */
async function assertCalibrationClosed(tx: Tx, cycleId: number): Promise<void> {
  // The cycle row's lock first: a session created meanwhile (it takes this row FOR SHARE) waits or is counted.
  await tx.$queryRaw`SELECT "id" FROM "Cycle" WHERE "id" = ${cycleId} FOR UPDATE`;
  // Rating and promotion sessions alike: the report shows both outcomes (ADR 0028).
  const open = await tx.calibrationSession.count({ where: { cycleId, state: { not: "closed" } } });
  if (open > 0) {
    throw ApplicationFailure.create({
      message: `${open} calibration session${open === 1 ? " is" : "s are"} (rating or promotion) not closed yet; close ${open === 1 ? "it" : "them"} before moving the cycle to communication`,
      type: CYCLE_FAILURE.calibrationOpen,
      nonRetryable: true,
      details: [{ open_sessions: open }],
    });
  }
}

/**
 * Heartbeats every few seconds while `work` runs (the workflow gives the activity a heartbeat timeout), so that
 * a worker killed in the middle of a stage move is noticed in seconds and the move retried on another worker,
 * not after the whole start-to-close timeout (ADR 0044). Nothing to do outside an activity (direct calls in tests).
 */
async function whileAlive<T>(work: () => Promise<T>): Promise<T> {
  let ctx: Context | null = null;
  try {
    ctx = Context.current();
  } catch {
    return work();
  }
  ctx.heartbeat();
  const timer = setInterval(() => ctx.heartbeat(), 3000);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

export async function applyCycleTransition(input: ApplyCycleTransitionInput): Promise<ApplyCycleTransitionResult> {
  const { cycleId, transition, from, to, actor } = input;
  const db = await getDb();
  return whileAlive(() => db.$transaction(async (tx) => {
    if (to === "communication") await assertCalibrationClosed(tx, cycleId);
    const res = await tx.cycle.updateMany({
      where: { id: cycleId, state: toDbState(from) },
      data: { state: toDbState(to) },
    });
    if (res.count === 1) {
      const after = cycleAuditSnapshot(await tx.cycle.findUniqueOrThrow({ where: { id: cycleId } }));
      await recordAudit(tx, actor, {
        action: "cycle.transition",
        entityType: "Cycle",
        entityId: cycleId,
        before: { ...after, state: from },
        after: { ...after, transition },
      });
      await applyStageEffects(tx, cycleId, to, actor);
      return { cycleId, stage: to, alreadyApplied: false };
    }
    const row = await tx.cycle.findUnique({ where: { id: cycleId }, select: { state: true } });
    if (!row) throw ApplicationFailure.nonRetryable(`Cycle ${cycleId} not found`, CYCLE_FAILURE.notFound);
    // A retry after a commit whose reply was lost: the row (and its audit record) are already there.
    if (fromDbState(row.state) === to) return { cycleId, stage: to, alreadyApplied: true };
    throw ApplicationFailure.nonRetryable(
      `Cycle ${cycleId} is '${fromDbState(row.state)}' in the database but the workflow expected '${from}'`,
      CYCLE_FAILURE.stateMismatch,
    );
  }, TRANSITION_TX));
}

export async function deleteDraftCycle(input: DeleteDraftCycleInput): Promise<DeleteDraftCycleResult> {
  const { cycleId, actor } = input;
  const db = await getDb();
  // The same heartbeat timeout applies (one set of options): a draft with many participants deletes them by cascade.
  return whileAlive(() => db.$transaction(async (tx) => {
    const row = await tx.cycle.findUnique({ where: { id: cycleId } });
    if (!row) return { cycleId, alreadyDeleted: true };
    const res = await tx.cycle.deleteMany({ where: { id: cycleId, state: "DRAFT" } });
    if (res.count !== 1) {
      throw ApplicationFailure.nonRetryable(
        `Cycle ${cycleId} is '${fromDbState(row.state)}'; only a cycle that has not started can be deleted`,
        CYCLE_FAILURE.notDraft,
      );
    }
    await recordAudit(tx, actor, {
      action: "cycle.delete",
      entityType: "Cycle",
      entityId: cycleId,
      before: cycleAuditSnapshot(row),
    });
    return { cycleId, alreadyDeleted: false };
  }));
}
