import { sqlRows } from "~/platform/sql.server";
import { sortCycles } from "~/features/cycles/rules";
import { toCycleJson, type CycleJson } from "~/features/cycles/model.server";
import { cycleJsonSql, cycleRowOf, type CycleJsonRow } from "~/features/cycles/cycle-sql.server";
import { adminCurrentCycle } from "~/features/cycles/current.server";
import type { StartPreview } from "~/features/cycles/start-preview";

/**
 * The admin cycle list's read (/app/admin/cycles) in ONE prepared statement (issue 27: at most 3 round trips a page; it
 * made 4: the cycles, the chosen current cycle, then the draft cycles' participants and reminder schedules): every
 * cycle with, for a draft, what Start Cycle will do (ADR 0059), and the chosen current cycle. The JSON is the API's
 * own (toCycleJson, sortCycles, adminCurrentCycle as listAdminCycles; startPreviews' counts), which
 * tests/integration/admin-cycle-pages-reads.test.ts compares with the old reads.
 */

type Row = {
  cycles: Array<{ cycle: CycleJsonRow; participants: number; receiving: number; schedules: number }>;
  chosen: number | null;
};

const ADMIN_CYCLE_LIST_SQL = `
SELECT
  (SELECT COALESCE(json_agg(json_build_object('cycle', ${cycleJsonSql("c")},
     'participants', CASE WHEN c."state" = 'DRAFT' THEN (SELECT count(*) FROM "Participant" p WHERE p."cycleId" = c."id") ELSE 0 END,
     'receiving', CASE WHEN c."state" = 'DRAFT' THEN (SELECT count(*) FROM "Participant" p WHERE p."cycleId" = c."id" AND NOT p."reviewerOnly") ELSE 0 END,
     'schedules', CASE WHEN c."state" = 'DRAFT' THEN (SELECT count(*) FROM "NudgeSchedule" n WHERE n."cycleId" = c."id" AND n."cancelledAt" IS NULL) ELSE 0 END)
   ), '[]'::json) FROM "Cycle" c) AS "cycles",
  (SELECT s."currentCycleId" FROM "CompanySettings" s WHERE s."id" = 1) AS "chosen"`;

export type AdminCycleList = {
  cycles: CycleJson[];
  current_cycle: CycleJson | null;
  current_cycle_chosen: boolean;
  /** What starting each draft cycle does, by cycle id. */
  previews: Record<number, StartPreview>;
};

export async function readAdminCycleList(): Promise<AdminCycleList> {
  const [row] = await sqlRows<Row>("admin_cycle_list", ADMIN_CYCLE_LIST_SQL, []);
  const entries = row?.cycles ?? [];
  const cycles = sortCycles(entries.map((e) => toCycleJson(cycleRowOf(e.cycle))));
  const current = adminCurrentCycle(cycles, row?.chosen ?? null);
  const previews: Record<number, StartPreview> = {};
  for (const e of entries) {
    if (e.cycle.state !== "DRAFT") continue;
    previews[e.cycle.id] = { participants: Number(e.participants), receivingFeedback: Number(e.receiving), reminderSchedules: Number(e.schedules) };
  }
  return { cycles, current_cycle: current.cycle, current_cycle_chosen: current.chosen, previews };
}
