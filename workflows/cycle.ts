/**
 * One long-running workflow per review cycle (id `cycle-<cycleId>`). It owns the cycle's stage:
 *  - update `transition`: its validator rejects an out-of-order move before anything is recorded;
 *    the handler writes the database through an activity (conditional UPDATE + audit, one transaction)
 *    and only then changes the in-workflow stage and the CycleStage search attribute;
 *  - update `delete`: only while draft; the activity deletes the row, then the workflow completes;
 *  - query `stage`.
 * Updates run one at a time. When the history grows, the workflow continues as new once all
 * handlers have finished. Deterministic code only: no I/O, no Node imports.
 */
import {
  ApplicationFailure,
  allHandlersFinished,
  condition,
  makeContinueAsNewFunc,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from "@temporalio/workflow";
import { turnstile } from "./turnstile";
import { canDelete, stageLabel, validateTransition, type CycleStage } from "../app/features/cycles/rules";
import { CycleIdKey, CycleStageKey } from "./search-attributes-contract";
import {
  CYCLE_FAILURE,
  deleteUpdate,
  stageQuery,
  transitionUpdate,
  type CycleActivities,
  type CycleWorkflowInput,
  type CycleWorkflowResult,
  type DeleteRequest,
  type TransitionRequest,
} from "./cycle-contract";

const { applyCycleTransition, deleteDraftCycle } = proxyActivities<CycleActivities>({
  // Entering a feedback stage opens every feedback request in the same transaction (ADR 0021): about 30 s
  // for 50,000 participants on a busy machine. A timed-out attempt that still commits is harmless: the
  // retry finds the state already moved (alreadyApplied).
  startToCloseTimeout: "2 minutes",
  // The activity heartbeats while its transaction runs: a worker killed in the middle is noticed after this,
  // and the move retried on another worker (ADR 0044), instead of after the whole start-to-close timeout.
  heartbeatTimeout: "15 seconds",
  // A database outage fails the update after about a minute instead of holding the caller forever.
  retry: { initialInterval: "1 second", backoffCoefficient: 2, maximumInterval: "20 seconds", maximumAttempts: 5 },
});

export async function cycleWorkflow(input: CycleWorkflowInput): Promise<CycleWorkflowResult> {
  const { cycleId } = input;
  let stage: CycleStage = input.stage;
  let deleted = false;
  // Update handlers run one after the other; each re-checks the state once it has the turn.
  const { exclusive, busy: isBusy } = turnstile();


  function assertNotDeleted(): void {
    if (deleted) throw ApplicationFailure.nonRetryable(`Cycle ${cycleId} has been deleted`, CYCLE_FAILURE.deleted);
  }

  function checkTransition(req: TransitionRequest) {
    assertNotDeleted();
    const check = validateTransition(stage, req.transition, cycleId);
    if (!check.ok) {
      throw ApplicationFailure.create({
        message: check.message,
        type: CYCLE_FAILURE.invalidTransition,
        nonRetryable: true,
        details: [{ code: check.code, stage, transition: req.transition }],
      });
    }
    return check;
  }

  function checkDelete(): void {
    assertNotDeleted();
    if (!canDelete(stage)) {
      throw ApplicationFailure.create({
        message: `Cycle ${cycleId} is in stage '${stageLabel(stage)}'; only a cycle that has not started can be deleted`,
        type: CYCLE_FAILURE.notDraft,
        nonRetryable: true,
        details: [{ stage }],
      });
    }
  }

  setHandler(stageQuery, () => stage);

  setHandler(
    transitionUpdate,
    (req) =>
      exclusive(async () => {
        const check = checkTransition(req); // again: an earlier update may have moved the stage meanwhile
        await applyCycleTransition({ cycleId, transition: req.transition, from: check.from, to: check.to, actor: req.actor });
        stage = check.to;
        upsertSearchAttributes([{ key: CycleStageKey, value: stage }]);
        return { cycleId, from: check.from, stage };
      }),
    { validator: (req) => void checkTransition(req), description: "Move the cycle to its next stage" },
  );

  setHandler(
    deleteUpdate,
    (req) =>
      exclusive(async () => {
        checkDelete();
        await deleteDraftCycle({ cycleId, actor: req.actor });
        deleted = true;
        return { cycleId, deleted: true as const };
      }),
    { validator: (_req: DeleteRequest) => checkDelete(), description: "Delete the cycle (draft only); the workflow then completes" },
  );

  await condition(() => deleted || (workflowInfo().continueAsNewSuggested && !isBusy()));
  await condition(allHandlersFinished);
  if (deleted) return { cycleId, stage, deleted: true };

  const continueAsNew = makeContinueAsNewFunc<typeof cycleWorkflow>({
    typedSearchAttributes: [
      { key: CycleIdKey, value: String(cycleId) },
      { key: CycleStageKey, value: stage },
    ],
  });
  return continueAsNew({ cycleId, stage });
}
