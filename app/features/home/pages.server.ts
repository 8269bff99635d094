import { getDb } from "~/platform/db.server";
import { requireUser } from "~/platform/auth.server";
import { pageRead } from "~/platform/page-errors.server";
import { resolveSelectedCycle } from "~/features/cycles/service.server";
import { cycleOverviewFor, getHome } from "~/features/home/service.server";
import type { HomePageData } from "~/features/home/types";

/**
 * /app/home?cycle_id= (spec §2 'Home', ADR 0036): the greeting, the selected cycle and what waits for the user in
 * it, then what waits in every other started cycle, by cycle (ADR 0059). The same cycle selection as every cycle page ('Invalid Cycle ID', 'No cycles present'), and the same
 * service as GET /api/v1/cycles/{cycle_id}/home.
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
  const [home, overview, elsewhere] = await Promise.all([
    pageRead(() => getHome(current, cycleId)),
    cycleOverviewFor(await getDb(), current.user.id, cycleId),
    Promise.all(others.map((c) => getHome(current, c.id))),
  ]);
  return {
    kind: "selected",
    cycles,
    name,
    home,
    overview,
    elsewhere: elsewhere.filter((h) => h.items.length > 0).map((h) => ({ cycle: h.cycle, items: h.items, counts: h.counts })),
  };
}
