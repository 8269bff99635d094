/**
 * What the cycle workflow, its activities and its callers agree on: input/request/result types and
 * the failure types they raise. Pure module (no Temporal runtime import), safe everywhere.
 */
import type { CycleStage, CycleTransition } from "../app/features/cycles/rules";
import type { Actor } from "../app/platform/audit.server";

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
  /** The database row is missing. */
  notFound: "CycleNotFound",
  /** The database row's state differs from the workflow's stage (should never happen). */
  stateMismatch: "CycleStateMismatch",
} as const;

export type CycleFailureType = (typeof CYCLE_FAILURE)[keyof typeof CYCLE_FAILURE];
