import type { Client } from "@temporalio/client";
import { applicationFailureOf, isWorkflowGone, temporalOrUnavailable, updateOrRestart, workflowUnavailable } from "~/platform/workflow-calls.server";
import { getDb } from "~/platform/db.server";
import { ApiError, conflict, notFound } from "~/platform/api.server";
import type { Actor } from "~/platform/audit.server";
import { getTemporalClient, temporalSettings } from "~/platform/temporal.server";
import type { SessionState, SessionTransition } from "~/features/calibration/rules";
import { stateOf } from "~/features/calibration/model.server";
import {
  CALIBRATION_FAILURE,
  CALIBRATION_SESSION_WORKFLOW,
  calibrationSessionWorkflowId,
  sessionDeadlineUpdate,
  sessionTransitionUpdate,
  type CalibrationSessionWorkflow,
  type CloseGapNote,
  type CalibrationSessionWorkflowInput,
} from "../../../workflows/calibration-session-contract";
import { CycleIdKey, SessionStateKey } from "../../../workflows/search-attributes-contract";

/**
 * Calibration sessions, the Temporal side (ADR 0026): each session has its workflow
 * `calibration-session-<id>`; state changes and deadlines are updates of it (validated there, written
 * by its activities); at boot every open session gets its workflow back.
 */

type SessionRef = { id: number; cycleId: number; state: string; deadline: Date | null };



function startOptions(row: SessionRef) {
  const state = stateOf(row);
  const input: CalibrationSessionWorkflowInput = { sessionId: row.id, cycleId: row.cycleId, state, deadline: row.deadline?.toISOString() ?? null };
  return {
    workflowId: calibrationSessionWorkflowId(row.id),
    taskQueue: temporalSettings().taskQueue,
    args: [input] as [CalibrationSessionWorkflowInput],
    typedSearchAttributes: [
      { key: CycleIdKey, value: String(row.cycleId) },
      { key: SessionStateKey, value: state },
    ],
  };
}

/** Start the workflow of a new session (replacing a leftover of another database with the same id). */
export async function startSessionWorkflow(row: SessionRef): Promise<void> {
  const client = await temporalOrUnavailable();
  await client.workflow.start<CalibrationSessionWorkflow>(CALIBRATION_SESSION_WORKFLOW, { ...startOptions(row), workflowIdConflictPolicy: "TERMINATE_EXISTING" });
}



function toApiError(err: unknown, sessionId: number): unknown {
  if (err instanceof ApiError) return err;
  const failure = applicationFailureOf(err);
  if (failure) {
    switch (failure.type) {
      case CALIBRATION_FAILURE.invalidTransition:
      case CALIBRATION_FAILURE.cycleNotInCalibration:
      case CALIBRATION_FAILURE.closed:
      case CALIBRATION_FAILURE.stateMismatch:
      case CALIBRATION_FAILURE.undecided:
        return conflict(failure.message, { session_id: sessionId, reason: failure.type });
      case CALIBRATION_FAILURE.notFound:
        return notFound(`Calibration session ${sessionId} not found`);
    }
  }
  console.error(`Calibration session ${sessionId}: workflow call failed`, err);
  return workflowUnavailable("Could not save the change, please try again");
}

const closedConflict = (id: number) => conflict(`Calibration session ${id} is closed; nothing in it changes any more`, { session_id: id, reason: CALIBRATION_FAILURE.closed });

/** Run an update; a missing workflow of an open session is started again from the row and the update retried once. */
function runUpdate<T>(sessionId: number, call: (client: Client) => Promise<T>): Promise<T> {
  return updateOrRestart({
    call,
    restart: async (client) => {
      const fresh = await (await getDb()).calibrationSession.findUnique({ where: { id: sessionId } });
      if (!fresh) throw notFound(`Calibration session ${sessionId} not found`);
      if (stateOf(fresh) === "closed") throw closedConflict(sessionId);
      await client.workflow.start<CalibrationSessionWorkflow>(CALIBRATION_SESSION_WORKFLOW, { ...startOptions(fresh), workflowIdConflictPolicy: "USE_EXISTING" });
    },
    toApiError: (err) => toApiError(err, sessionId),
  });
}

/** Move a session through its workflow (409 out of order or when closed); a close may carry the significant gaps its reason answers (ADR 0114). */
export async function transitionSession(actor: Actor, sessionId: number, transition: SessionTransition, comment?: string | null, gaps?: CloseGapNote[]): Promise<SessionState> {
  const request = { transition, actor, comment: comment ?? null, ...(gaps?.length ? { gaps } : {}) };
  const res = await runUpdate(sessionId, (client) => client.workflow.getHandle(calibrationSessionWorkflowId(sessionId)).executeUpdate(sessionTransitionUpdate, { args: [request] }));
  return res.state;
}

/** Set the session's deadline through its workflow (reminders restart). */
export async function setDeadlineThroughWorkflow(actor: Actor, sessionId: number, deadline: string | null): Promise<void> {
  await runUpdate(sessionId, (client) =>
    client.workflow.getHandle(calibrationSessionWorkflowId(sessionId)).executeUpdate(sessionDeadlineUpdate, { args: [{ deadline, actor }] }),
  );
}

/** Boot: every session not closed (rating and promotion) has its running workflow (idempotent). */
export async function ensureCalibrationWorkflows(): Promise<{ started: number[]; running: number[] }> {
  const db = await getDb();
  const client = await getTemporalClient();
  const result = { started: [] as number[], running: [] as number[] };
  const rows = await db.calibrationSession.findMany({ where: { state: { not: "closed" } }, orderBy: { id: "asc" } });
  for (const row of rows) {
    const handle = client.workflow.getHandle(calibrationSessionWorkflowId(row.id));
    let stateAttr: string | undefined;
    let running = false;
    try {
      const desc = await handle.describe();
      running = desc.status.name === "RUNNING";
      stateAttr = desc.typedSearchAttributes.get(SessionStateKey);
    } catch (err) {
      if (!isWorkflowGone(err)) throw err;
    }
    if (running && stateAttr === stateOf(row)) {
      result.running.push(row.id);
      continue;
    }
    if (running) await handle.terminate(`State '${stateAttr}' does not match the database ('${stateOf(row)}')`).catch(() => {});
    await client.workflow.start<CalibrationSessionWorkflow>(CALIBRATION_SESSION_WORKFLOW, { ...startOptions(row), workflowIdConflictPolicy: "USE_EXISTING" });
    result.started.push(row.id);
  }
  return result;
}
