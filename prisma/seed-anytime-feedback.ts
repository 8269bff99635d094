/**
 * Demo anytime feedback (ADR 0029): Eli Employee and Morgan Manager have received (read and unread) and sent items,
 * Morgan's reports (direct and secondary) have given and received some among themselves and with others, and one item
 * is between people Morgan does not manage (he never sees it). Times are relative to `now`, so the period filters
 * (7, 30, 90 days) always have something to show; the content is the same on every run. Skips when any exists.
 */
import type { Prisma } from "~/generated/prisma/client.ts";

type Tx = Prisma.TransactionClient;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export type AnytimeFeedbackCast = { employee: string; manager: string; ceo: string; peoplePartner: string };

export async function seedAnytimeFeedback(tx: Tx, input: { cast: AnytimeFeedbackCast; now?: Date }): Promise<number> {
  if ((await tx.realtimeFeedback.count()) > 0) return 0;
  const now = input.now ?? new Date();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const one = async (email: string) => (await tx.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;
  const eli = await one(input.cast.employee);
  const morgan = await one(input.cast.manager);
  const carmen = await one(input.cast.ceo);
  const priya = await one(input.cast.peoplePartner);
  const reports = (await tx.user.findMany({ where: { managerId: morgan, id: { not: eli } }, orderBy: { id: "asc" }, select: { id: true } })).map((u) => u.id);
  const secondary = (await tx.user.findMany({ where: { secondaryManagerId: morgan }, orderBy: { id: "asc" }, select: { id: true } })).map((u) => u.id);
  const r = (i: number) => reports[i % reports.length]!;
  const s = secondary[0] ?? r(6);

  // [reviewer, reviewee, days ago, viewed by the reviewee, text]
  const items: Array<[number, number, number, boolean, string]> = [
    [morgan, eli, 45, true, "Thank you for taking the lead on the billing migration plan. The risk list you wrote up made the review with Finance easy."],
    [r(0), eli, 12, true, "Your code review on the invoice exporter caught two edge cases I had missed. Clear comments, and quick too."],
    [r(1), eli, 2, false, "The demo on Tuesday was great. Next time, maybe start with the customer problem before the architecture diagram; a few people got lost early."],
    [r(2), eli, 0.25, false, "Thanks for pairing with me on the flaky test yesterday. I learned a lot about how you narrow a problem down."],
    [eli, r(0), 8, true, "Thanks for the help with the on-call handover. Your checklist is now the one the team uses."],
    [eli, morgan, 20, true, "Our 1:1s have been really useful this quarter, especially the time you made for career planning."],
    [eli, r(3), 3, false, "Your write-up of the incident was clear and blameless. It would help to add the follow-up owners next time."],
    [r(4), morgan, 4, false, "The planning session ran smoothly. Sharing the agenda a day earlier would let us prepare better."],
    [carmen, morgan, 30, true, "Your team's delivery on the payments launch was excellent. Thank you for keeping the stakeholders informed."],
    [morgan, r(4), 10, true, "You handled the customer escalation calmly and kept everyone informed. Well done."],
    [morgan, r(5), 1, false, "Great first month. Keep asking questions in the design reviews; they help everyone."],
    [r(3), r(4), 15, true, "Thanks for reviewing my design doc so thoroughly."],
    [r(5), r(6), 5, false, "Your dashboard made our stand-ups much faster."],
    [s, r(6), 9, true, "Thanks for jumping in on the release on Friday evening."],
    [r(6), s, 60, true, "I appreciated your patience explaining the data model to me."],
    [carmen, priya, 7, false, "Thank you for running the calibration preparation so carefully."],
  ];
  await tx.realtimeFeedback.createMany({
    data: items.map(([reviewerId, revieweeId, days, viewed, body]) => {
      const createdAt = ago(days);
      return { reviewerId, revieweeId, body, createdAt, hasBeenViewedByReviewee: viewed, viewedAt: viewed ? new Date(Math.min(createdAt.getTime() + 3 * HOUR, now.getTime())) : null };
    }),
  });
  return items.length;
}
