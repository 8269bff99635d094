import { redirect } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/platform/db.server";
import { CYCLE_STAGES, fromDbState, sortCycles } from "~/features/cycles/rules";
import { adminCurrentCycle, chosenCurrentCycleId, defaultCycle } from "~/features/cycles/current.server";
import { cycleAuditSnapshot, findCycle, listCyclesJson, parseDate, toCycleJson, type CycleJson } from "~/features/cycles/model.server";
import { ApiError, cycleNotFound, unprocessable } from "~/platform/api.server";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { ENDORSEMENT_RULES } from "~/features/promotions/rules";
import { mayChangeReviewerNames, NAME_VISIBILITIES } from "~/features/cycles/reviewer-names";

/**
 * Review cycles: the domain used by the admin pages and the /api/v1 routes.
 * Stage changes and deletes go through the cycle's Temporal workflow (workflows/cycle.ts), which
 * validates them and writes the database through an activity; this module never writes Cycle.state.
 * This module: schemas, reads, edits and the page helpers. Creating (with its workflow start), stage
 * changes, deletes and the boot check of the workflows are in workflow.server.ts.
 */

export type { CycleJson } from "~/features/cycles/model.server";

// ---------------------------------------------------------------------------------------------
// Schemas (shared by the API routes, the OpenAPI document and the page forms)

const isoDate = z.iso.date({ error: "Use the date format YYYY-MM-DD" });

export const CycleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(CYCLE_STAGES),
  stage_label: z.string(),
  start_date: z.string().nullable(),
  planned_end_date: z.string().nullable(),
  max_peers: z.number().int(),
  endorsement_rule: z.enum(ENDORSEMENT_RULES),
  endorsement_days: z.number().int(),
  peer_names: z.enum(NAME_VISIBILITIES),
  upward_names: z.enum(NAME_VISIBILITIES),
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
const endorsementRuleField = z
  .enum(ENDORSEMENT_RULES, { error: `Endorsement rule must be one of ${ENDORSEMENT_RULES.join(", ")}` })
  .describe("skip_level_manager: a nomination joining a promotion session also asks the nominee's manager's manager to endorse it");
const endorsementDaysField = z
  .number({ error: "Endorsement days must be a whole number" })
  .int("Endorsement days must be a whole number")
  .min(1, "Endorsement days must be at least 1")
  .max(60, "Endorsement days must be at most 60")
  .describe("Days an endorsement request stays open when no deadline is given");

const namesField = (group: string) =>
  z
    .enum(NAME_VISIBILITIES, { error: `${group} names must be one of ${NAME_VISIBILITIES.join(", ")}` })
    .describe(
      `Who sees ${group.toLowerCase()} reviewers' names besides super admins (ADR 0058): nobody, managers (the reviewee's manager), managers_and_calibration (also the calibration panel); everyone else reads those answers anonymised from 3 answers on. Default nobody; fixed once the cycle reaches spu_feedback (409 after)`,
    );
const peerNamesField = namesField("Peer");
const upwardNamesField = namesField("Upward");

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
    endorsement_rule: endorsementRuleField.optional(),
    endorsement_days: endorsementDaysField.optional(),
    peer_names: peerNamesField.optional(),
    upward_names: upwardNamesField.optional(),
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
    endorsement_rule: endorsementRuleField.optional(),
    endorsement_days: endorsementDaysField.optional(),
    peer_names: peerNamesField.optional(),
    upward_names: upwardNamesField.optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to change" })
  .refine(endNotBeforeStart, END_BEFORE_START)
  // The document says it too: an empty object is refused (ADR 0060).
  .meta({ minProperties: 1 });
export type CyclePatchInput = z.infer<typeof CyclePatchSchema>;

/** Page forms send strings: '' means no date, max_peers is a number in text. */
export function cycleFormValues(form: FormData) {
  const text = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" ? v.trim() : undefined;
  };
  const maxPeers = text("max_peers");
  const days = text("endorsement_days");
  return {
    name: text("name") ?? "",
    start_date: text("start_date") || null,
    planned_end_date: text("planned_end_date") || null,
    max_peers: maxPeers ? (/^-?\d+$/.test(maxPeers) ? Number(maxPeers) : Number.NaN) : undefined,
    endorsement_rule: text("endorsement_rule") || undefined,
    endorsement_days: days ? (/^-?\d+$/.test(days) ? Number(days) : Number.NaN) : undefined,
    peer_names: text("peer_names") || undefined,
    upward_names: text("upward_names") || undefined,
  };
}

/** The form's text as typed, to show it again next to its errors. */
export function formStrings(form: FormData): {
  name: string;
  start_date: string;
  planned_end_date: string;
  max_peers: string;
  endorsement_rule: string;
  endorsement_days: string;
  peer_names: string;
  upward_names: string;
} {
  const text = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" ? v : "";
  };
  return {
    name: text("name"),
    start_date: text("start_date"),
    planned_end_date: text("planned_end_date"),
    max_peers: text("max_peers"),
    endorsement_rule: text("endorsement_rule"),
    endorsement_days: text("endorsement_days"),
    peer_names: text("peer_names"),
    upward_names: text("upward_names"),
  };
}

// ---------------------------------------------------------------------------------------------
// Reads

/** All cycles in list order (spec §4), or by start date (latest first). */
export async function listCycles(opts: { byStartDate?: boolean } = {}): Promise<CycleJson[]> {
  return listCyclesJson(await getDb(), opts);
}

/**
 * The admin list: cycles plus the current cycle, the one a super admin chose (current_cycle_chosen) or else the first
 * started cycle before communication in list order (current.server.ts, ADR 0059).
 */
export async function listAdminCycles(
  opts: { byStartDate?: boolean } = {},
): Promise<{ cycles: CycleJson[]; current_cycle: CycleJson | null; current_cycle_chosen: boolean }> {
  const [all, chosenId] = await Promise.all([listCycles(), chosenCurrentCycleId()]);
  const current = adminCurrentCycle(all, chosenId);
  return { cycles: opts.byStartDate ? sortCycles(all, { byStartDate: true }) : all, current_cycle: current.cycle, current_cycle_chosen: current.chosen };
}

export async function getCycle(id: number): Promise<CycleJson> {
  const row = await findCycle(await getDb(), id);
  if (!row) throw cycleNotFound(id);
  return toCycleJson(row);
}

// ---------------------------------------------------------------------------------------------
// Writes

export async function updateCycle(actor: Actor, id: number, patch: CyclePatchInput): Promise<CycleJson> {
  const parsed = CyclePatchSchema.parse(patch);
  const db = await getDb();
  const row = await db.$transaction(async (tx) => {
    const changesNames = parsed.peer_names !== undefined || parsed.upward_names !== undefined;
    // The stage's writer locks the row too: the setting cannot change in the moment feedback opens (ADR 0058).
    if (changesNames) await tx.$queryRaw`SELECT "id" FROM "Cycle" WHERE "id" = ${id} FOR UPDATE`;
    const before = await tx.cycle.findUnique({ where: { id } });
    if (!before) throw cycleNotFound(id);
    const namesChanged = (parsed.peer_names !== undefined && parsed.peer_names !== before.peerNames) || (parsed.upward_names !== undefined && parsed.upward_names !== before.upwardNames);
    if (namesChanged && !mayChangeReviewerNames(fromDbState(before.state))) {
      throw new ApiError(409, "reviewer_names_fixed", "Who sees reviewers' names cannot change once feedback has opened", { stage: fromDbState(before.state) });
    }
    const data = {
      ...(parsed.name !== undefined ? { name: parsed.name } : {}),
      ...(parsed.start_date !== undefined ? { startDate: parseDate(parsed.start_date) } : {}),
      ...(parsed.planned_end_date !== undefined ? { plannedEndDate: parseDate(parsed.planned_end_date) } : {}),
      ...(parsed.max_peers !== undefined ? { maxPeers: parsed.max_peers } : {}),
      ...(parsed.endorsement_rule !== undefined ? { endorsementRule: parsed.endorsement_rule } : {}),
      ...(parsed.endorsement_days !== undefined ? { endorsementDays: parsed.endorsement_days } : {}),
      ...(parsed.peer_names !== undefined ? { peerNames: parsed.peer_names } : {}),
      ...(parsed.upward_names !== undefined ? { upwardNames: parsed.upward_names } : {}),
    };
    const start = "startDate" in data ? data.startDate : before.startDate;
    const end = "plannedEndDate" in data ? data.plannedEndDate : before.plannedEndDate;
    if (start && end && end < start) {
      throw unprocessable("Invalid input", { formErrors: [], fieldErrors: { planned_end_date: [END_BEFORE_START.message] } });
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

// ---------------------------------------------------------------------------------------------
// Pages: the selected cycle (query parameter cycle_id, spec §2)

export type SelectedCycle =
  | { kind: "selected"; cycle: CycleJson; cycles: CycleJson[] }
  | { kind: "invalid"; message: "Invalid Cycle ID"; cycles: CycleJson[] }
  | { kind: "none"; message: "No cycles present"; cycles: CycleJson[] };

/**
 * The cycle chosen by `?cycle_id=`. Without it, redirects to the same address with the current cycle (the one a
 * super admin chose, else the first of the sorted list) written in. 'No cycles present' when there are none; 'Invalid Cycle ID' when it
 * matches no cycle.
 */
export async function resolveSelectedCycle(request: Request): Promise<SelectedCycle> {
  const cycles = await listCycles();
  if (cycles.length === 0) return { kind: "none", message: "No cycles present", cycles };
  const url = new URL(request.url);
  const raw = url.searchParams.get("cycle_id");
  if (raw === null || raw === "") {
    // The current cycle a super admin chose, else the first of the sorted list (spec §2; ADR 0059).
    url.searchParams.set("cycle_id", String(defaultCycle(cycles, await chosenCurrentCycleId())!.id));
    throw redirect(url.pathname + url.search);
  }
  const cycle = /^\d+$/.test(raw) ? cycles.find((c) => c.id === Number(raw)) : undefined;
  if (!cycle) return { kind: "invalid", message: "Invalid Cycle ID", cycles };
  return { kind: "selected", cycle, cycles };
}
