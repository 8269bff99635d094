import { getDb } from "~/platform/db.server";
import type { StartPreview } from "~/features/cycles/start-preview";

/**
 * What starting a cycle does, for the confirmation the Start Cycle button asks for (issue 26 §4, ADR 0059): how many
 * participants it opens to (and how many of them receive feedback), and how many reminder schedules will then email
 * people with pending work. Starting itself emails nobody.
 */

/** The preview of each draft cycle among `cycleIds`, by cycle id (two grouped reads for the whole list). */
export async function startPreviews(cycleIds: number[]): Promise<Record<number, StartPreview>> {
  if (cycleIds.length === 0) return {};
  const db = await getDb();
  const [participants, schedules] = await Promise.all([
    db.participant.groupBy({ by: ["cycleId", "reviewerOnly"], where: { cycleId: { in: cycleIds } }, _count: { _all: true } }),
    db.nudgeSchedule.groupBy({ by: ["cycleId"], where: { cycleId: { in: cycleIds }, cancelledAt: null }, _count: { _all: true } }),
  ]);
  const previews: Record<number, StartPreview> = {};
  for (const id of cycleIds) previews[id] = { participants: 0, receivingFeedback: 0, reminderSchedules: 0 };
  for (const row of participants) {
    previews[row.cycleId]!.participants += row._count._all;
    if (!row.reviewerOnly) previews[row.cycleId]!.receivingFeedback += row._count._all;
  }
  for (const row of schedules) previews[row.cycleId]!.reminderSchedules = row._count._all;
  return previews;
}
