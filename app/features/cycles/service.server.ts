import { redirect } from "@remix-run/node";
import {
  ActivityFailure,
  ApplicationFailure,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  isGrpcServiceError,
  type Client,
} from "@temporalio/client";
import { z } from "zod";
import { getDb } from "~/platform/db.server";
import { canDelete, currentCycle, sortCycles, stageLabel, fromDbState, type CycleStage, type CycleTransition } from "~/features/cycles/rules";
import {
  cycleAuditSnapshot,
  findCycle,
  insertCycle,
  listCyclesJson,
  parseDate,
  toCycleJson,
  type CycleJson,
  type CycleRow,
} from "~/features/cycles/model.server";
import { ApiError, badRequest, conflict, notFound } from "~/platform/api.server";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { ensureSearchAttributes, getTemporalClient, temporalSettings } from "~/platform/temporal.server";
import { CYCLE_FAILURE, CYCLE_WORKFLOW, deleteUpdate, transitionUpdate, type CycleWorkflow } from "../../../workflows/cycle-contract";
import { CycleIdKey, CycleStageKey } from "../../../workflows/search-attributes-contract";

/**
 * Review cycles: the domain used by the admin pages and the /api/v1 routes.
 * Stage changes and deletes go through the cycle's Temporal workflow (workflows/cycle.ts), which
 * validates them and writes the database through an activity; this module never writes Cycle.state.
 */

export type { CycleJson } from "~/features/cycles/model.server";

// ---------------------------------------------------------------------------------------------
// Schemas (shared by the API routes, the OpenAPI document and the page forms)

const isoDate = z.iso.date({ error: "Use the date format YYYY-MM-DD" });

export const CycleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(["draft", "start", "spu_feedback", "manager_feedback", "calibration", "communication"]),
  stage_label: z.string(),
  start_date: z.string().nullable(),
  planned_end_date: z.string().nullable(),
  max_peers: z.number().int(),
  workflow_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

const nameField = z.string().trim().min(1, "Name is required").max(200, "Name must be at most 200 characters");
const maxPeersField = z
  .number({ error: "Max peers must be a whole number" })
  .int("Max peers must be a whole number")
  .positive("Max peers must be a positive number")
  .max(100, "Max peers must be at most 100");

function endNotBeforeStart(v: { start_date?: string | null; planned_end_date?: string | null }) {
  return !v.start_date || !v.planned_end_date || v.planned_end_date >= v.start_date;
}
const END_BEFORE_START = { message: "Planned end date must not be before the start date", path: ["planned_end_date"] };

export const CycleCreateSchema = z
  .object({
    name: nameField,
    start_date: isoDate.nullable().optional(),
    planned_end_date: isoDate.nullable().optional(),
    max_peers: maxPeersField.optional(),
  })
  .strict()
  .refine(endNotBeforeStart, END_BEFORE_START);
export type CycleCreateInput = z.infer<typeof CycleCreateSchema>;

export const CyclePatchSchema = z
  .object({
    name: nameField.optional(),
    start_date: isoDate.nullable().optional(),
    planned_end_date: isoDate.nullable().optional(),
    max_peers: maxPeersField.optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to change" })
  .refine(endNotBeforeStart, END_BEFORE_START);
export type CyclePatchInput = z.infer<typeof CyclePatchSchema>;

/** Page forms send strings: '' means no date, max_peers is a number in text. */
export function cycleFormValues(form: FormData) {
  const text = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" ? v.trim() : undefined;
  };
  const maxPeers = text("max_peers");
  return {
    name: text("name") ?? "",
    start_date: text("start_date") || null,
    planned_end_date: text("planned_end_date") || null,
    max_peers: maxPeers ? (/^-?\d+$/.test(maxPeers) ? Number(maxPeers) : Number.NaN) : undefined,
  };
}

/** The form's text as typed, to show it again next to its errors. */
export function formStrings(form: FormData): { name: string; start_date: string; planned_end_date: string; max_peers: string } {
  const text = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" ? v : "";
  };
  return { name: text("name"), start_date: text("start_date"), planned_end_date: text("planned_end_date"), max_peers: text("max_peers") };
}

export type FieldErrors = Partial<Record<"name" | "start_date" | "planned_end_date" | "max_peers", string[]>> & { form?: string[] };

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const flat = z.flattenError(error);
  return { ...(flat.fieldErrors as FieldErrors), ...(flat.formErrors.length ? { form: flat.formErrors } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Reads

/** All cycles in list order (spec §4), or by start date (latest first). */
export async function listCycles(opts: { byStartDate?: boolean } = {}): Promise<CycleJson[]> {
  return listCyclesJson(await getDb(), opts);
}

/** The admin list: cycles plus the current cycle (first started cycle before communication in list order). */
export async function listAdminCycles(opts: { byStartDate?: boolean } = {}): Promise<{ cycles: CycleJson[]; current_cycle: CycleJson | null }> {
  const all = await listCycles();
  return { cycles: opts.byStartDate ? sortCycles(all, { byStartDate: true }) : all, current_cycle: currentCycle(all) };
}

export async function getCycle(id: number): Promise<CycleJson> {
  const row = await findCycle(await getDb(), id);
  if (!row) throw notFound(`Cycle ${id} not found`);
  return toCycleJson(row);
}

// ---------------------------------------------------------------------------------------------
// Workflow plumbing

/** How long an API call waits for the workflow to accept and finish a change. */
const UPDATE_DEADLINE_MS = 60_000;

function unavailable(message = "The workflow service is unavailable, please try again") {
  return new ApiError(503, "service_unavailable", message);
}

async function temporal(): Promise<Client> {
  try {
    return await getTemporalClient();
  } catch (err) {
    console.error("Temporal connection failed", err);
    throw unavailable();
  }
}

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

/** The ApplicationFailure behind a failed update (raised by the validator, the handler or an activity). */
function applicationFailureOf(err: unknown): ApplicationFailure | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    if (e instanceof ApplicationFailure) return e;
    if (e instanceof WorkflowUpdateFailedError || e instanceof ActivityFailure || e instanceof Error) e = (e as Error).cause;
    else break;
  }
  return undefined;
}

function isWorkflowGone(err: unknown): boolean {
  if (err instanceof WorkflowNotFoundError) return true;
  // NOT_FOUND (5): no such workflow, or it has completed.
  return isGrpcServiceError(err) && err.code === 5;
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
        return conflict(failure.message, { cycle_id: cycleId, reason: failure.type });
      case CYCLE_FAILURE.notFound:
        return notFound(`Cycle ${cycleId} not found`);
    }
  }
  console.error(`Cycle ${cycleId}: workflow call failed`, err);
  return unavailable("Could not save the change, please try again");
}

/**
 * Run an update on the cycle's workflow. If the workflow is missing (e.g. the Temporal store was
 * reset) it is started again from the database row and the update is retried once.
 */
async function runUpdate<T>(row: CycleRow, call: (client: Client) => Promise<T>): Promise<T> {
  const client = await temporal();
  const attempt = () => client.withDeadline(Date.now() + UPDATE_DEADLINE_MS, () => call(client));
  try {
    return await attempt();
  } catch (err) {
    if (!isWorkflowGone(err)) throw toApiError(err, row.id);
  }
  const fresh = await findCycle(await getDb(), row.id);
  if (!fresh) throw notFound(`Cycle ${row.id} not found`);
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
    throw unavailable("The workflow service is unavailable; the cycle was not created");
  }
  return toCycleJson(row);
}

export async function updateCycle(actor: Actor, id: number, patch: CyclePatchInput): Promise<CycleJson> {
  const parsed = CyclePatchSchema.parse(patch);
  const db = await getDb();
  const row = await db.$transaction(async (tx) => {
    const before = await tx.cycle.findUnique({ where: { id } });
    if (!before) throw notFound(`Cycle ${id} not found`);
    const data = {
      ...(parsed.name !== undefined ? { name: parsed.name } : {}),
      ...(parsed.start_date !== undefined ? { startDate: parseDate(parsed.start_date) } : {}),
      ...(parsed.planned_end_date !== undefined ? { plannedEndDate: parseDate(parsed.planned_end_date) } : {}),
      ...(parsed.max_peers !== undefined ? { maxPeers: parsed.max_peers } : {}),
    };
    const start = "startDate" in data ? data.startDate : before.startDate;
    const end = "plannedEndDate" in data ? data.plannedEndDate : before.plannedEndDate;
    if (start && end && end < start) {
      throw badRequest("Invalid input", { formErrors: [], fieldErrors: { planned_end_date: [END_BEFORE_START.message] } });
    }
    // Only the columns above: the stage belongs to the workflow.
    const after = await tx.cycle.update({ where: { id }, data });
    await recordAudit(tx, actor, {
      action: "cycle.update",
      entityType: "Cycle",
      entityId: id,
      before: cycleAuditSnapshot(before),
      after: cycleAuditSnapshot(after),
    });
    return after;
  });
  return toCycleJson(row);
}

/** Delete a cycle that has not started (409 otherwise). The workflow deletes the row and completes. */
export async function deleteCycle(actor: Actor, id: number): Promise<void> {
  const row = await findCycle(await getDb(), id);
  if (!row) throw notFound(`Cycle ${id} not found`);
  const stage = fromDbState(row.state);
  if (!canDelete(stage)) {
    throw conflict(`Cycle ${id} is in stage '${stageLabel(stage)}'; only a cycle that has not started can be deleted`, {
      cycle_id: id,
      reason: CYCLE_FAILURE.notDraft,
    });
  }
  await runUpdate(row, (client) => client.workflow.getHandle(row.workflowId).executeUpdate(deleteUpdate, { args: [{ actor }] }));
}

/** Move a cycle to its next stage through its workflow; out-of-order moves are 409 and change nothing. */
export async function transitionCycle(actor: Actor, id: number, transition: CycleTransition): Promise<CycleJson> {
  const row = await findCycle(await getDb(), id);
  if (!row) throw notFound(`Cycle ${id} not found`);
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
    console.warn("Could not check the Temporal search attributes (register CycleId, CycleStage, JobType as Keyword)", err);
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

// ---------------------------------------------------------------------------------------------
// Pages: the selected cycle (query parameter cycle_id, spec §2)

export type SelectedCycle =
  | { kind: "selected"; cycle: CycleJson; cycles: CycleJson[] }
  | { kind: "invalid"; message: "Invalid Cycle ID"; cycles: CycleJson[] }
  | { kind: "none"; message: "No cycles present"; cycles: CycleJson[] };

/**
 * The cycle chosen by `?cycle_id=`. Without it, redirects to the same address with the first cycle of
 * the sorted list written in. 'No cycles present' when there are none; 'Invalid Cycle ID' when it
 * matches no cycle.
 */
export async function resolveSelectedCycle(request: Request): Promise<SelectedCycle> {
  const cycles = await listCycles();
  if (cycles.length === 0) return { kind: "none", message: "No cycles present", cycles };
  const url = new URL(request.url);
  const raw = url.searchParams.get("cycle_id");
  if (raw === null || raw === "") {
    url.searchParams.set("cycle_id", String(cycles[0]!.id));
    throw redirect(url.pathname + url.search);
  }
  const cycle = /^\d+$/.test(raw) ? cycles.find((c) => c.id === Number(raw)) : undefined;
  if (!cycle) return { kind: "invalid", message: "Invalid Cycle ID", cycles };
  return { kind: "selected", cycle, cycles };
}

// ---------------------------------------------------------------------------------------------
// Pages: turning failures into what a form shows

export type CycleFormFailure = { status: number; formError: string | null; fieldErrors: FieldErrors };

/** A page action's failure: field errors for invalid input, a message (Alert) for everything else. */
export function cycleFormFailure(err: unknown): CycleFormFailure {
  if (err instanceof z.ZodError) return { status: 400, formError: null, fieldErrors: fieldErrorsOf(err) };
  if (err instanceof ApiError) {
    const details = err.details as { fieldErrors?: FieldErrors } | null;
    const fieldErrors = details && typeof details === "object" && details.fieldErrors ? details.fieldErrors : {};
    const hasFieldErrors = Object.keys(fieldErrors).length > 0;
    return { status: err.status, formError: hasFieldErrors ? null : err.message, fieldErrors };
  }
  throw err;
}
