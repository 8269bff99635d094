import type { Db } from "~/platform/db.server";
import { listCoachmarks } from "~/features/shell/coachmarks.server";
import { ACTIVE_CYCLE_STATES, isTourType, type TourState } from "~/features/tours/rules";

/**
 * What the guided tours need to know about the signed-in user (ADR 0031), read with the /app layout:
 * the tours the user has dismissed (coachmarks with is_dismissed, through the coachmarks service) and how many
 * cycles are active (started, not yet in communication: the cycle switcher then matters).
 */
export async function loadTourState(db: Db, userId: number): Promise<TourState> {
  const [coachmarks, activeCycles] = await Promise.all([
    listCoachmarks(db, userId),
    db.cycle.count({ where: { state: { in: [...ACTIVE_CYCLE_STATES] } } }),
  ]);
  const dismissed = coachmarks.filter((c) => c.is_dismissed).map((c) => c.coachmark_type).filter(isTourType);
  return { dismissed, activeCycles };
}
