/**
 * What the endorsement workflow (workflows/endorsement.ts), its activities (worker/activities/endorsements.ts)
 * and the promotions service agree on: name, id, input, result, the update and query, the activity
 * interface and the failure types. Pure module (no Temporal runtime import), safe everywhere.
 */
import type { QueryDefinition, UpdateDefinition } from "@temporalio/common";
import type { EndorsementAction, EndorsementEvent, EndorsementOutcome, EndorsementStatus } from "../app/features/promotions/rules";
import type { Actor } from "../app/platform/actor";

export const ENDORSEMENT_WORKFLOW = "endorsementWorkflow";
export type EndorsementWorkflow = (input: EndorsementWorkflowInput) => Promise<EndorsementWorkflowResult>;

/** Workflow id of a request: `endorsement-<id>`. */
export function endorsementWorkflowId(endorsementId: number): string {
  return `endorsement-${endorsementId}`;
}

export type EndorsementWorkflowInput = {
  endorsementId: number;
  cycleId: number;
  status: EndorsementStatus;
  /** ISO time: the request expires then. */
  deadline: string;
  /** Messages already sent ("requested", "due_soon"): never twice, also across continue-as-new. */
  sent?: string[];
};
export type EndorsementWorkflowResult = { endorsementId: number; status: EndorsementStatus };

/** The endorser's answer (accept, reject, endorse) or the service's cancel. */
export type EndorsementRequest = {
  event: EndorsementAction | "cancel";
  actor: Actor;
  /** endorse: the written endorsement and its outcome. */
  body?: string | null;
  outcome?: EndorsementOutcome | null;
  /** reject: why (optional). cancel: why the request ended. */
  reason?: string | null;
};
export type EndorsementUpdateResult = { endorsementId: number; from: EndorsementStatus; status: EndorsementStatus };

export const ENDORSEMENT_FAILURE = {
  /** The action is not allowed in the request's status (validator: nothing written). */
  invalidAction: "InvalidEndorsementAction",
  notFound: "EndorsementNotFound",
  stateMismatch: "EndorsementStateMismatch",
} as const;

export const endorsementUpdate = { type: "update", name: "respond" } as UpdateDefinition<EndorsementUpdateResult, [EndorsementRequest], "respond">;
export const endorsementStatusQuery = { type: "query", name: "status" } as QueryDefinition<EndorsementStatus, [], "status">;

export type ApplyEndorsementInput = {
  endorsementId: number;
  event: EndorsementEvent;
  from: EndorsementStatus;
  to: EndorsementStatus;
  actor: Actor;
  body?: string | null;
  outcome?: EndorsementOutcome | null;
  reason?: string | null;
};
export type ApplyEndorsementResult = { endorsementId: number; status: EndorsementStatus; alreadyApplied: boolean };
export type NotifyEndorsementInput = { endorsementId: number; kind: "requested" | "due_soon" | "expired" };
export type NotifyEndorsementResult = { notified: number; emailed: number };

/** The activities the endorsement workflow calls. */
export interface EndorsementActivities {
  /** Conditional UPDATE of the status (and the endorsement's text), with its audit record, in one transaction. */
  applyEndorsementEvent(input: ApplyEndorsementInput): Promise<ApplyEndorsementResult>;
  /** Tell the endorser of the request or remind them (in-app and email), or tell the session's admins it expired; never twice. */
  notifyEndorsement(input: NotifyEndorsementInput): Promise<NotifyEndorsementResult>;
}
