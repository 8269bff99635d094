import type { Db } from "~/platform/db.server";

/** What the signed-in user has to do with one cycle, for the home page. */
export async function cycleOverviewFor(db: Db, userId: number, cycleId: number) {
  const [participant, directReports, secondaryReports, participants] = await Promise.all([
    db.participant.findUnique({
      where: { cycleId_userId: { cycleId, userId } },
      select: { reviewerOnly: true, manager: { select: { name: true, email: true } }, hrPartner: { select: { name: true, email: true } } },
    }),
    db.participant.count({ where: { cycleId, managerId: userId } }),
    db.participant.count({ where: { cycleId, secondaryManagerId: userId } }),
    db.participant.count({ where: { cycleId } }),
  ]);
  return {
    participant: participant
      ? { reviewer_only: participant.reviewerOnly, manager: participant.manager, hr_partner: participant.hrPartner }
      : null,
    direct_reports: directReports,
    secondary_reports: secondaryReports,
    participants,
  };
}
