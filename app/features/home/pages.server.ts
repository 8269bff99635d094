import { requireUser } from "~/platform/auth.server";
import { resolveSelectedCycle } from "~/features/cycles/service.server";
import { readHomes } from "~/features/home/lean.server";
import type { HomePageData } from "~/features/home/types";

/**
 * /app/home?cycle_id= (spec §2 'Home', ADR 0036): the greeting, the selected cycle and what waits for the user in
 * it, then what waits in every other started cycle, by cycle (ADR 0059). The same cycle selection as every cycle page ('Invalid Cycle ID', 'No cycles present'), and the same
 * rules as GET /api/v1/cycles/{cycle_id}/home. Its own reads are two round trips (issue 27): the cycles, then one
 * statement for the selected cycle and every other started one (./lean.server.ts).
 */
export async function loadHomePage(request: Request): Promise<HomePageData> {
  const current = await requireUser(request);
  const selection = await resolveSelectedCycle(request);
  const cycles = selection.cycles.map((c) => ({ id: c.id, name: c.name }));
  const name = current.user.name;
  if (selection.kind !== "selected") return { kind: selection.kind, message: selection.message, cycles, name };
  const cycleId = selection.cycle.id;
  // Every other started cycle's to-do items too, grouped by cycle (issue 26 §4: a sign-off waiting in another
  // cycle must not hide behind "You're all caught up").
  const others = selection.cycles.filter((c) => c.id !== cycleId && c.state !== "draft");
  const view = (c: typeof selection.cycle) => ({ id: c.id, name: c.name, state: c.state, stage_label: c.stage_label, start_date: c.start_date, planned_end_date: c.planned_end_date });
  const { homes, overview } = await readHomes(current.user, [view(selection.cycle), ...others.map(view)]);
  const [home, ...elsewhere] = homes;
  return {
    kind: "selected",
    cycles,
    name,
    home: home!,
    overview,
    elsewhere: elsewhere.filter((h) => h.items.length > 0).map((h) => ({ cycle: h.cycle, items: h.items, counts: h.counts })),
  };
}
