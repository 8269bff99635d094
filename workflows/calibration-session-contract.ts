/**
 * What the calibration session workflow (workflows/calibration-session.ts), its activities (the worker's
 * calibration activities) and the calibration service agree on: name, input, result, updates, query,
 * the activity interface and the failure types. Pure module (no Temporal runtime import), safe everywhere.
 */
import type { QueryDefinition, UpdateDefinition } from "@temporalio/common";
import type { SessionState, SessionTransition } from "../app/features/calibration/rules";
import type { Actor } from "../app/platform/actor";

export const CALIBRATION_SESSION_WORKFLOW = "calibrationSessionWorkflow";
export type CalibrationSessionWorkflow = (input: CalibrationSessionWorkflowInput) => Promise<CalibrationSessionWorkflowResult>;

/** Workflow id of a session: `calibration-session-<id>`. */
export function calibrationSessionWorkflowId(sessionId: number): string {
  return `calibration-session-${sessionId}`;
}

export type CalibrationSessionWorkflowInput = {
  sessionId: number;
  cycleId: number;
  state: SessionState;
  /** ISO time or null. */
  deadline: string | null;
  /** Reminder round: bumped on every state or deadline change (part of the reminders' dedupe keys). */
  round?: number;
  /** Reminders already sent in this round ("due_soon", "overdue"). */
  sent?: string[];
};
export type CalibrationSessionWorkflowResult = { sessionId: number; state: SessionState };

/**
 * A ratings gap after calibration that was significant when the sign-off party closed the session (ADR 0114): the
 * close's audit record keeps them beside the written reason (the comment). Group: the attribute's value (null: not set).
 */
export type CloseGapNote = { attribute: string; group: string | null; p: number; effect: number };

export type SessionTransitionRequest = { transition: SessionTransition; actor: Actor; comment?: string | null; gaps?: CloseGapNote[] | null };
export type SessionTransitionResult = { sessionId: number; from: SessionState; state: SessionState };
export type SessionDeadlineRequest = { deadline: string | null; actor: Actor };
export type SessionDeadlineResult = { sessionId: number; deadline: string | null };

export const CALIBRATION_FAILURE = {
  /** Move out of order or unknown (validator: nothing written). */
  invalidTransition: "InvalidSessionTransition",
  /** Activate while the cycle is not in its calibration stage. */
  cycleNotInCalibration: "CycleNotInCalibration",
  /** The session is closed: nothing changes any more. */
  closed: "SessionClosed",
  notFound: "SessionNotFound",
  /** A promotion session goes to review only once every nomination in it has a decision. */
  undecided: "PromotionUndecided",
  stateMismatch: "SessionStateMismatch",
} as const;

export const sessionTransitionUpdate = { type: "update", name: "transition" } as UpdateDefinition<
  SessionTransitionResult,
  [SessionTransitionRequest],
  "transition"
>;
export const sessionDeadlineUpdate = { type: "update", name: "deadline" } as UpdateDefinition<SessionDeadlineResult, [SessionDeadlineRequest], "deadline">;
export const sessionStateQuery = { type: "query", name: "state" } as QueryDefinition<SessionState, [], "state">;

export type ApplySessionTransitionInput = {
  sessionId: number;
  transition: SessionTransition;
  from: SessionState;
  to: SessionState;
  actor: Actor;
  comment?: string | null;
  /** The significant gaps a close was given its reason for (ADR 0114); absent or empty: none. */
  gaps?: CloseGapNote[] | null;
};
export type ApplySessionTransitionResult = { sessionId: number; state: SessionState; alreadyApplied: boolean };
export type SetSessionDeadlineInput = { sessionId: number; deadline: string | null; actor: Actor };
export type RemindSessionInput = { sessionId: number; state: SessionState; kind: "due_soon" | "overdue"; round: number };
export type RemindSessionResult = { notified: number; emailed: number };

/** The activities the calibration session workflow calls (the worker's calibration activities). */
export interface CalibrationActivities {
  /** Conditional UPDATE of the state, its audit record, its comment and (on close) the outcome, in one transaction. */
  applySessionTransition(input: ApplySessionTransitionInput): Promise<ApplySessionTransitionResult>;
  /** Store the deadline (audited). */
  setSessionDeadline(input: SetSessionDeadlineInput): Promise<{ sessionId: number }>;
  /** Remind whoever must act next (in-app notification and email, never twice for the same key). */
  remindCalibrationSession(input: RemindSessionInput): Promise<RemindSessionResult>;
}
