/**
 * Demo data of the performance trends (issue 15 item 2, docs/decisions/0030-performance-trends.md). The rest of the
 * seed has one finished cycle ("2026 Mid-Year Review", communication) and one in calibration, so a trend would have
 * a single point. This adds an earlier finished cycle, "2025 Year-End Review" (communication), for the Engineering
 * department (Eli, Morgan and their colleagues, Morgan's manager and peers): accepted peers, every 360 answer and
 * the manager feedback submitted, calibrated ratings and promotion decisions, made by the same code as the other
 * cycles (prisma/seed-review.ts). Then Eli has ratings and peer statistics in two cycles, Morgan upward statistics
 * (eight direct reports) and his reports' ratings in three (one provisional, in calibration).
 *
 * Deterministic (the caller's seeded random stream) and idempotent (nothing happens when the cycle exists).
 */
import type { Prisma } from "~/generated/prisma/client.ts";
import { seedCycleReviewData } from "./seed-review";

type Tx = Prisma.TransactionClient;

export const TRENDS_CYCLE = { name: "2025 Year-End Review", department: "Engineering", startDate: "2025-10-01", plannedEndDate: "2025-12-19" } as const;

const day = (s: string) => new Date(`${s}T00:00:00.000Z`);

export async function seedPerformanceTrends(tx: Tx, input: { rand: () => number }): Promise<boolean> {
  if (await tx.cycle.findFirst({ where: { name: TRENDS_CYCLE.name }, select: { id: true } })) return false;
  const people = await tx.user.findMany({
    where: { role: "EMPLOYEE", department: TRENDS_CYCLE.department },
    select: { id: true, department: true, managerId: true, secondaryManagerId: true, hrPartnerId: true },
    orderBy: { id: "asc" },
  });
  if (people.length === 0) return false;
  const cycle = await tx.cycle.create({
    data: {
      name: TRENDS_CYCLE.name,
      state: "COMMUNICATION",
      startDate: day(TRENDS_CYCLE.startDate),
      plannedEndDate: day(TRENDS_CYCLE.plannedEndDate),
      maxPeers: 10,
      workflowId: `pending-${TRENDS_CYCLE.name}`,
    },
  });
  await tx.cycle.update({ where: { id: cycle.id }, data: { workflowId: `cycle-${cycle.id}` } });
  await tx.participant.createMany({
    data: people.map((p) => ({ cycleId: cycle.id, userId: p.id, managerId: p.managerId, secondaryManagerId: p.secondaryManagerId, hrPartnerId: p.hrPartnerId })),
  });
  await seedCycleReviewData(tx, {
    cycleId: cycle.id,
    stage: "COMMUNICATION",
    departmentOf: new Map(people.map((p) => [p.id, p.department ?? ""])),
    protect: new Set(),
    rand: input.rand,
  });
  return true;
}
