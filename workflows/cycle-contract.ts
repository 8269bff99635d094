/**
 * What the cycle workflow (workflows/cycle.ts), its activities (the worker's cycle activities) and the
 * cycle service agree on: the workflow's name, input and result, its updates and query, the interface
 * of the activities it calls, and the failure types they raise. Callers start and update the workflow
 * through these names and types, never by importing the workflow's code.
 * Pure module (no Temporal runtime import), safe everywhere.
 */
import type { QueryDefinition, UpdateDefinition } from "@temporalio/common";
import type { CycleStage, CycleTransition } from "../app/features/cycles/rules";
import type { Actor } from "../app/platform/actor";

/** The workflow type (the exported function's name in workflows/cycle.ts). */
export const CYCLE_WORKFLOW = "cycleWorkflow";
export type CycleWorkflow = (input: CycleWorkflowInput) => Promise<CycleWorkflowResult>;

export type CycleWorkflowInput = { cycleId: number; stage: CycleStage };
export type CycleWorkflowResult = { cycleId: number; stage: CycleStage; deleted: boolean };

export type TransitionRequest = { transition: CycleTransition; actor: Actor };
export type TransitionResult = { cycleId: number; from: CycleStage; stage: CycleStage };

export type DeleteRequest = { actor: Actor };
export type DeleteResult = { cycleId: number; deleted: true };

/** ApplicationFailure types raised by the workflow's validators/handlers and by its activities. */
export const CYCLE_FAILURE = {
  /** Transition out of order (or unknown); raised by the update validator, so nothing is written. */
  invalidTransition: "InvalidCycleTransition",
  /** Delete of a cycle that has started. */
  notDraft: "CycleNotDraft",
  /** The cycle was deleted; the workflow is finishing. */
  deleted: "CycleDeleted",
  /** Move to communication while a calibration session of the cycle is not closed (ADR 0026). */
  calibrationOpen: "CalibrationSessionsOpen",
  /** The database row is missing. */
  notFound: "CycleNotFound",
  /** The database row's state differs from the workflow's stage (should never happen). */
  stateMismatch: "CycleStateMismatch",
} as const;

export type CycleFailureType = (typeof CYCLE_FAILURE)[keyof typeof CYCLE_FAILURE];

/** Update `transition`: its validator refuses an out-of-order move before anything is written. */
export const transitionUpdate = { type: "update", name: "transition" } as UpdateDefinition<TransitionResult, [TransitionRequest], "transition">;
/** Update `delete`: only while the cycle has not started. */
export const deleteUpdate = { type: "update", name: "delete" } as UpdateDefinition<DeleteResult, [DeleteRequest], "delete">;
/** Query `stage`: the stage the workflow holds. */
export const stageQuery = { type: "query", name: "stage" } as QueryDefinition<CycleStage, [], "stage">;

export type ApplyCycleTransitionInput = {
  cycleId: number;
  transition: CycleTransition;
  from: CycleStage;
  to: CycleStage;
  actor: Actor;
};
export type ApplyCycleTransitionResult = { cycleId: number; stage: CycleStage; alreadyApplied: boolean };
export type DeleteDraftCycleInput = { cycleId: number; actor: Actor };
export type DeleteDraftCycleResult = { cycleId: number; alreadyDeleted: boolean };

/** The activities the cycle workflow calls (implemented by the worker's cycle activities). */
export interface CycleActivities {
  /** Conditional UPDATE of the stage, its audit record and the stage's effects, in one transaction. */
  applyCycleTransition(input: ApplyCycleTransitionInput): Promise<ApplyCycleTransitionResult>;
  /** Deletes a cycle that has not started. */
  deleteDraftCycle(input: DeleteDraftCycleInput): Promise<DeleteDraftCycleResult>;
}
