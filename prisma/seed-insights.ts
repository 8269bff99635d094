/**
 * Demo people attributes for the fairness insights (issue 29, ADR 0112): every person's gender and employment type
 * (the built-in attributes whose values live in AttributeValue; level, location and department are User columns),
 * drawn from a seeded random stream so that the company's figures are plausible — two large gender groups and a third
 * of 3 people that the privacy floor (5) merges into Other, mostly full-time people — and set by design in two
 * rating calibration sessions of "2026 Q3 Review" of twelve people each (prisma/seed-calibration.ts; the first in
 * review, its sign-off party to give a reason for closing it over the gap (ADR 0114), the second closed):
 *
 *  - GAP_SESSION ("Marketing calibration"): the six people rated lowest in the session are women, so its insight page
 *    shows a visible, significant gap by gender;
 *  - EVEN_SESSION ("Design systems calibration"): women and men alternate along the session's ratings (W M M W …), so
 *    the groups' ratings are alike and no gap is significant.
 *
 * In both, everyone is full-time, so that no employment-type group nests inside a gender group with fewer than 5
 * people between them (the floor's rule 4 would withdraw one). Pure data, inside the seed's transaction.
 */
import type { Prisma } from "~/generated/prisma/client.ts";

type Tx = Prisma.TransactionClient;

export const GAP_SESSION = "Marketing calibration";
export const EVEN_SESSION = "Design systems calibration";

const WOMAN = "Woman";
const MAN = "Man";
const NON_BINARY = "Non-binary";

export async function seedInsights(tx: Tx, input: { cycleId: number; rand: () => number }): Promise<void> {
  const { cycleId, rand } = input;
  const defs = await tx.attributeDefinition.findMany({ where: { key: { in: ["gender", "employment_type"] } }, select: { id: true, key: true } });
  const gender = defs.find((d) => d.key === "gender");
  const employment = defs.find((d) => d.key === "employment_type");
  if (!gender || !employment) throw new Error("Insights seed: the built-in gender and employment type attributes are missing");

  const users = await tx.user.findMany({ orderBy: { id: "asc" }, select: { id: true } });
  const genderOf = new Map<number, string>();
  const employmentOf = new Map<number, string>();
  for (const u of users) {
    const r = rand();
    genderOf.set(u.id, r < 0.08 ? NON_BINARY : r < 0.5 ? WOMAN : MAN);
    employmentOf.set(u.id, rand() < 0.15 ? "Part-time" : "Full-time");
  }

  // The two sessions: their people in the order of their rating in the session (then by id, for a stable order).
  const sessions = await tx.calibrationSession.findMany({
    where: { cycleId, kind: "RATING", name: { in: [GAP_SESSION, EVEN_SESSION] } },
    select: { name: true, participants: { select: { rating: true, participant: { select: { userId: true } } } } },
  });
  for (const s of sessions) {
    const people = s.participants
      .map((p) => ({ userId: p.participant.userId, rating: p.rating ?? 3 }))
      .sort((a, b) => a.rating - b.rating || a.userId - b.userId);
    people.forEach((p, i) => {
      // Gap: the lower half women. Even: W M M W W M M W … along the ratings (each pair of neighbours split).
      const woman = s.name === GAP_SESSION ? i < Math.ceil(people.length / 2) : i % 4 === 0 || i % 4 === 3;
      genderOf.set(p.userId, woman ? WOMAN : MAN);
      employmentOf.set(p.userId, "Full-time");
    });
  }

  await tx.attributeValue.createMany({
    data: users.flatMap((u) => [
      { userId: u.id, attributeId: gender.id, value: genderOf.get(u.id)! },
      { userId: u.id, attributeId: employment.id, value: employmentOf.get(u.id)! },
    ]),
  });
}
