import type { Client } from "@temporalio/client";
import { applicationFailureOf, isWorkflowGone, temporalOrUnavailable, workflowUnavailable } from "~/platform/workflow-calls.server";
import { getDb } from "~/platform/db.server";
import { canDelete, stageLabel, fromDbState, type CycleStage, type CycleTransition } from "~/features/cycles/rules";
import { cycleAuditSnapshot, findCycle, insertCycle, parseDate, toCycleJson, type CycleJson, type CycleRow } from "~/features/cycles/model.server";
import { CycleCreateSchema, getCycle, type CycleCreateInput } from "~/features/cycles/service.server";
import { ApiError, conflict, cycleNotFound } from "~/platform/api.server";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { ensureSearchAttributes, getTemporalClient, temporalSettings } from "~/platform/temporal.server";
import { CYCLE_FAILURE, CYCLE_WORKFLOW, deleteUpdate, transitionUpdate, type CycleWorkflow } from "../../../workflows/cycle-contract";
import { CycleIdKey, CycleStageKey } from "../../../workflows/search-attributes-contract";

/**
 * Review cycles, the Temporal side: creating a cycle starts its workflow (workflows/cycle.ts); stage
 * changes and deletes are updates of that workflow, which validates them and writes the database
 * through an activity (this module never writes Cycle.state); at boot every cycle gets its workflow.
 * Reads, edits and the page helpers are in service.server.ts.
 */

// ---------------------------------------------------------------------------------------------
// Workflow plumbing

/** How long an API call waits for the workflow to accept and finish a change. */
const UPDATE_DEADLINE_MS = 60_000;



function startOptions(row: Pick<CycleRow, "id" | "workflowId">, stage: CycleStage) {
  return {
    workflowId: row.workflowId,
    taskQueue: temporalSettings().taskQueue,
    args: [{ cycleId: row.id, stage }] as [{ cycleId: number; stage: CycleStage }],
    typedSearchAttributes: [
      { key: CycleIdKey, value: String(row.id) },
      { key: CycleStageKey, value: stage },
    ],
  };
}



function toApiError(err: unknown, cycleId: number): unknown {
  if (err instanceof ApiError) return err;
  const failure = applicationFailureOf(err);
  if (failure) {
    switch (failure.type) {
      case CYCLE_FAILURE.invalidTransition:
      case CYCLE_FAILURE.notDraft:
      case CYCLE_FAILURE.deleted:
      case CYCLE_FAILURE.stateMismatch:
      case CYCLE_FAILURE.calibrationOpen:
        return conflict(failure.message, { cycle_id: cycleId, reason: failure.type });
      case CYCLE_FAILURE.notFound:
        return cycleNotFound(cycleId);
    }
  }
  console.error(`Cycle ${cycleId}: workflow call failed`, err);
  return workflowUnavailable("Could not save the change, please try again");
}

/**
 * Run an update on the cycle's workflow. If the workflow is missing (e.g. the Temporal store was
 * reset) it is started again from the database row and the update is retried once.
 */
async function runUpdate<T>(row: CycleRow, call: (client: Client) => Promise<T>): Promise<T> {
  const client = await temporalOrUnavailable();
  const attempt = () => client.withDeadline(Date.now() + UPDATE_DEADLINE_MS, () => call(client));
  try {
    return await attempt();
  } catch (err) {
    if (!isWorkflowGone(err)) throw toApiError(err, row.id);
  }
  const fresh = await findCycle(await getDb(), row.id);
  if (!fresh) throw cycleNotFound(row.id);
  try {
    await client.workflow.start<CycleWorkflow>(CYCLE_WORKFLOW, { ...startOptions(fresh, fromDbState(fresh.state)), workflowIdConflictPolicy: "USE_EXISTING" });
    return await attempt();
  } catch (err) {
    throw toApiError(err, row.id);
  }
}

// ---------------------------------------------------------------------------------------------
// Writes

export async function createCycle(actor: Actor, input: CycleCreateInput): Promise<CycleJson> {
  const parsed = CycleCreateSchema.parse(input);
  const db = await getDb();
  const row = await db.$transaction(async (tx) => {
    const created = await insertCycle(tx, {
      name: parsed.name,
      startDate: parseDate(parsed.start_date),
      plannedEndDate: parseDate(parsed.planned_end_date),
      maxPeers: parsed.max_peers ?? 10,
      endorsementRule: parsed.endorsement_rule,
      endorsementDays: parsed.endorsement_days,
      peerNames: parsed.peer_names,
      upwardNames: parsed.upward_names,
    });
    await recordAudit(tx, actor, { action: "cycle.create", entityType: "Cycle", entityId: created.id, after: cycleAuditSnapshot(created) });
    return created;
  });
  try {
    const client = await getTemporalClient();
    // A running workflow with this id can only be left over from another database: replace it.
    await client.workflow.start<CycleWorkflow>(CYCLE_WORKFLOW, { ...startOptions(row, "draft"), workflowIdConflictPolicy: "TERMINATE_EXISTING" });
  } catch (err) {
    console.error(`Cycle ${row.id}: could not start its workflow; removing the row`, err);
    await db.$transaction(async (tx) => {
      const removed = await tx.cycle.deleteMany({ where: { id: row.id, state: "DRAFT" } });
      if (removed.count === 1) {
        await recordAudit(tx, { ...actor, source: "system" }, {
          action: "cycle.create_rolled_back",
          entityType: "Cycle",
          entityId: row.id,
          before: cycleAuditSnapshot(row),
        });
      }
    });
    throw workflowUnavailable("The workflow service is unavailable; the cycle was not created");
  }
  return toCycleJson(row);
}

/** Delete a cycle that has not started (409 otherwise). The workflow deletes the row and completes. */
export async function deleteCycle(actor: Actor, id: number): Promise<void> {
  const row = await findCycle(await getDb(), id);
  if (!row) throw cycleNotFound(id);
  const stage = fromDbState(row.state);
  if (!canDelete(stage)) {
    throw conflict(`Cycle ${id} is in stage '${stageLabel(stage)}'; only a cycle that has not started can be deleted`, {
      cycle_id: id,
      reason: CYCLE_FAILURE.notDraft,
      stage,
    });
  }
  await runUpdate(row, (client) => client.workflow.getHandle(row.workflowId).executeUpdate(deleteUpdate, { args: [{ actor }] }));
}

/** Move a cycle to its next stage through its workflow; out-of-order moves are 409 and change nothing. */
export async function transitionCycle(actor: Actor, id: number, transition: CycleTransition): Promise<CycleJson> {
  const row = await findCycle(await getDb(), id);
  if (!row) throw cycleNotFound(id);
  await runUpdate(row, (client) =>
    client.workflow.getHandle(row.workflowId).executeUpdate(transitionUpdate, { args: [{ transition, actor }] }),
  );
  return getCycle(id);
}

// ---------------------------------------------------------------------------------------------
// Boot

/**
 * Make sure every cycle in the database has its running workflow (idempotent; called at boot after
 * seeding). A missing or closed workflow is started from the row's state; a running one whose
 * CycleStage differs from the database (left over from another database) is replaced.
 */
export async function ensureCycleWorkflows(): Promise<{ started: number[]; replaced: number[]; running: number[] }> {
  const db = await getDb();
  const client = await getTemporalClient();
  try {
    const added = await ensureSearchAttributes(client);
    if (added.length) console.log(`Registered Temporal search attributes: ${added.join(", ")}`);
  } catch (err) {
    console.warn("Could not check the Temporal search attributes (register CycleId, CycleStage, JobType, SessionState as Keyword)", err);
  }
  const result = { started: [] as number[], replaced: [] as number[], running: [] as number[] };
  const rows = await db.cycle.findMany({ orderBy: { id: "asc" } });
  for (const row of rows) {
    const handle = client.workflow.getHandle(row.workflowId);
    let running = false;
    let stageAttr: string | undefined;
    try {
      const desc = await handle.describe();
      running = desc.status.name === "RUNNING";
      stageAttr = desc.typedSearchAttributes.get(CycleStageKey);
    } catch (err) {
      if (!isWorkflowGone(err)) throw err;
    }
    if (running && stageAttr === fromDbState(row.state)) {
      result.running.push(row.id);
      continue;
    }
    if (running) {
      await handle.terminate(`Stage '${stageAttr}' does not match the database ('${fromDbState(row.state)}')`).catch(() => {});
    }
    const fresh = await findCycle(db, row.id); // the row may have moved meanwhile
    if (!fresh) continue;
    await client.workflow.start<CycleWorkflow>(CYCLE_WORKFLOW, { ...startOptions(fresh, fromDbState(fresh.state)), workflowIdConflictPolicy: "USE_EXISTING" });
    (running ? result.replaced : result.started).push(row.id);
  }
  return result;
}
