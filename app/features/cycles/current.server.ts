import { getDb, type Db, type Tx } from "~/platform/db.server";
import { conflict, cycleNotFound } from "~/platform/api.server";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { COMPANY_SETTINGS_ID, readCompanySettings, writeCompanySettings } from "~/platform/company-settings.server";
import { currentCycle } from "~/features/cycles/rules";
import { findCycle, toCycleJson, type CycleJson } from "~/features/cycles/model.server";

/**
 * The current cycle (docs/decisions/0059-current-cycle-and-company-wide-confirmations.md): the cycle every page
 * opens when its address names none. A super admin chooses it (CompanySettings.currentCycleId, audited); starting
 * a cycle no longer changes it. Until one is chosen, the spec's rule stands: the first cycle of the sorted list for
 * the pages, and the admin list's "current cycle" is the first started one before communication.
 */

/** The chosen current cycle's id, or null when none is chosen (or it was deleted: the foreign key sets null). */
export async function chosenCurrentCycleId(db?: Db | Tx): Promise<number | null> {
  const client = db ?? (await getDb());
  const row = await readCompanySettings(client, { currentCycleId: true });
  return row?.currentCycleId ?? null;
}

/** The chosen cycle among `sorted`, if it is there. */
const chosenIn = (sorted: readonly CycleJson[], chosenId: number | null) => (chosenId === null ? undefined : sorted.find((c) => c.id === chosenId));

/** The admin list's current cycle: the chosen one, else the first started cycle before communication. */
export function adminCurrentCycle(sorted: readonly CycleJson[], chosenId: number | null): { cycle: CycleJson | null; chosen: boolean } {
  const chosen = chosenIn(sorted, chosenId);
  if (chosen) return { cycle: chosen, chosen: true };
  return { cycle: currentCycle(sorted), chosen: false };
}

/** The cycle a page opens without ?cycle_id=: the chosen current cycle, else the first of the sorted list (spec §2). */
export function defaultCycle(sorted: readonly CycleJson[], chosenId: number | null): CycleJson | null {
  return chosenIn(sorted, chosenId) ?? sorted[0] ?? null;
}

/**
 * Makes `cycleId` the current cycle (null: none chosen, back to the list order). Only a started cycle may be
 * current: a draft is not yet anyone's to open. Audited `company.current_cycle` with the ids before and after.
 */
export async function setCurrentCycle(actor: Actor, cycleId: number | null): Promise<CycleJson | null> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    let cycle: CycleJson | null = null;
    if (cycleId !== null) {
      const row = await findCycle(tx, cycleId);
      if (!row) throw cycleNotFound(cycleId);
      // The cycle is not in a state that can be current: 409 (ADR 0060, "Statuses of refusals").
      if (row.state === "DRAFT") throw conflict("Start the cycle before making it the current cycle", { field: "cycle_id" }, "bad_request");
      cycle = toCycleJson(row);
    }
    const before = await chosenCurrentCycleId(tx);
    await writeCompanySettings(tx, { currentCycleId: cycleId });
    await recordAudit(tx, actor, {
      action: "company.current_cycle",
      entityType: "CompanySettings",
      entityId: COMPANY_SETTINGS_ID,
      before: { current_cycle_id: before },
      after: { current_cycle_id: cycleId },
    });
    return cycle;
  });
}
