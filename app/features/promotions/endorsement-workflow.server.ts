import type { Client } from "@temporalio/client";
import { applicationFailureOf, isWorkflowGone, temporalOrUnavailable, updateOrRestart, workflowUnavailable } from "~/platform/workflow-calls.server";
import { getDb } from "~/platform/db.server";
import { ApiError, conflict, notFound } from "~/platform/api.server";
import type { Actor } from "~/platform/audit.server";
import { getTemporalClient, temporalSettings } from "~/platform/temporal.server";
import { isEndorsementOpen, parseEndorsementStatus, type EndorsementStatus } from "~/features/promotions/rules";
import {
  ENDORSEMENT_FAILURE,
  ENDORSEMENT_WORKFLOW,
  endorsementUpdate,
  endorsementWorkflowId,
  type EndorsementRequest,
  type EndorsementWorkflow,
  type EndorsementWorkflowInput,
} from "../../../workflows/endorsement-contract";
import { CycleIdKey, EndorsementStatusKey } from "../../../workflows/search-attributes-contract";

/**
 * Endorsement requests, the Temporal side (ADR 0028): each request has its workflow `endorsement-<id>`;
 * the endorser's answers are updates of it (validated there, written by its activities); at boot every
 * open request gets its workflow back.
 */

type EndorsementRef = { id: number; status: string; deadline: Date | null; createdAt: Date; cycleId: number };

function startOptions(row: EndorsementRef) {
  const status = parseEndorsementStatus(row.status);
  const deadline = (row.deadline ?? row.createdAt).toISOString();
  const input: EndorsementWorkflowInput = { endorsementId: row.id, cycleId: row.cycleId, status, deadline };
  return {
    workflowId: endorsementWorkflowId(row.id),
    taskQueue: temporalSettings().taskQueue,
    args: [input] as [EndorsementWorkflowInput],
    typedSearchAttributes: [
      { key: CycleIdKey, value: String(row.cycleId) },
      { key: EndorsementStatusKey, value: status },
    ],
  };
}

/** Start the workflow of a new (or renewed) request, replacing a leftover with the same id. */
export async function startEndorsementWorkflow(row: EndorsementRef, client?: Client): Promise<void> {
  const c = client ?? (await temporalOrUnavailable());
  await c.workflow.start<EndorsementWorkflow>(ENDORSEMENT_WORKFLOW, { ...startOptions(row), workflowIdConflictPolicy: "TERMINATE_EXISTING" });
}

function toApiError(err: unknown, endorsementId: number): unknown {
  if (err instanceof ApiError) return err;
  const failure = applicationFailureOf(err);
  if (failure) {
    switch (failure.type) {
      case ENDORSEMENT_FAILURE.invalidAction:
      case ENDORSEMENT_FAILURE.stateMismatch:
        return conflict(failure.message, { endorsement_id: endorsementId, reason: failure.type });
      case ENDORSEMENT_FAILURE.notFound:
        return notFound(`Endorsement request ${endorsementId} not found`);
    }
  }
  console.error(`Endorsement ${endorsementId}: workflow call failed`, err);
  return workflowUnavailable("Could not save the answer, please try again");
}

async function refOf(endorsementId: number): Promise<EndorsementRef | null> {
  const row = await (await getDb()).endorsement.findUnique({
    where: { id: endorsementId },
    select: { id: true, status: true, deadline: true, createdAt: true, nomination: { select: { participant: { select: { cycleId: true } } } } },
  });
  return row ? { ...row, cycleId: row.nomination.participant.cycleId } : null;
}

/** Send an answer (or a cancel) through the request's workflow: 409 when its status does not allow it. */
export async function updateEndorsement(endorsementId: number, request: EndorsementRequest): Promise<EndorsementStatus> {
  const res = await updateOrRestart({
    call: (client) => client.workflow.getHandle(endorsementWorkflowId(endorsementId)).executeUpdate(endorsementUpdate, { args: [request] }),
    restart: async (client) => {
      const fresh = await refOf(endorsementId);
      if (!fresh) throw notFound(`Endorsement request ${endorsementId} not found`);
      const status = parseEndorsementStatus(fresh.status);
      if (!isEndorsementOpen(status)) throw conflict(`Endorsement request ${endorsementId} is ${status}; it can no longer change`, { endorsement_id: endorsementId, status });
      await client.workflow.start<EndorsementWorkflow>(ENDORSEMENT_WORKFLOW, { ...startOptions(fresh), workflowIdConflictPolicy: "USE_EXISTING" });
    },
    toApiError: (err) => toApiError(err, endorsementId),
  });
  return res.status;
}

/** Cancel open requests (their nomination left the process); best effort, each on its own. */
export async function cancelEndorsements(actor: Actor, ids: readonly number[], reason: string): Promise<{ cancelled: number[]; failed: number[] }> {
  const out = { cancelled: [] as number[], failed: [] as number[] };
  for (const id of ids) {
    try {
      await updateEndorsement(id, { event: "cancel", actor, reason });
      out.cancelled.push(id);
    } catch (err) {
      // Already answered or expired meanwhile: nothing to cancel.
      if (err instanceof ApiError && err.status === 409) continue;
      console.error(`Endorsement ${id}: could not cancel`, err);
      out.failed.push(id);
    }
  }
  return out;
}

/** End a request's workflow (best effort: gone or unreachable is fine, the boot step reconciles). */
export async function terminateEndorsementWorkflow(endorsementId: number, reason: string): Promise<void> {
  try {
    const client = await getTemporalClient();
    await client.workflow.getHandle(endorsementWorkflowId(endorsementId)).terminate(reason);
  } catch (err) {
    if (!isWorkflowGone(err)) console.error(`Endorsement ${endorsementId}: could not terminate its workflow`, err);
  }
}

/**
 * Boot: every open request has its running workflow (idempotent); a running one is left alone (it may be
 * in the middle of an answer whose row is already written). Open requests whose session has closed or
 * whose nomination was withdrawn are cancelled through their workflows.
 */
export async function ensureEndorsementWorkflows(): Promise<{ started: number[]; running: number[] }> {
  const db = await getDb();
  const client = await getTemporalClient();
  const result = { started: [] as number[], running: [] as number[] };
  const rows = await db.endorsement.findMany({
    where: { status: { in: ["requested", "accepted"] } },
    select: {
      id: true,
      status: true,
      deadline: true,
      createdAt: true,
      session: { select: { state: true } },
      nomination: { select: { status: true, participant: { select: { cycleId: true } } } },
    },
    orderBy: { id: "asc" },
  });
  const moot: number[] = [];
  for (const r of rows) {
    if (r.session?.state === "closed" || r.nomination.status !== "nominated") moot.push(r.id);
    const row = { ...r, cycleId: r.nomination.participant.cycleId };
    const handle = client.workflow.getHandle(endorsementWorkflowId(row.id));
    let running = false;
    try {
      running = (await handle.describe()).status.name === "RUNNING";
    } catch (err) {
      if (!isWorkflowGone(err)) throw err;
    }
    if (running) {
      result.running.push(row.id);
      continue;
    }
    await client.workflow.start<EndorsementWorkflow>(ENDORSEMENT_WORKFLOW, { ...startOptions(row), workflowIdConflictPolicy: "USE_EXISTING" });
    result.started.push(row.id);
  }
  if (moot.length) await cancelEndorsements({ userId: null, realUserId: null, source: "system" }, moot, "The nomination left the promotion process");
  return result;
}
