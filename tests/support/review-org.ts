/**
 * A small organisation in a new cycle for review-cycle tests (ADR 0021), built through the real
 * cycle service (workflow started) and Prisma for participants and peer requests:
 *
 *   M  manager of A and B (no manager of their own)
 *   A  reports to M, matrix manager S; peers: P accepted, Q requested (pending), M accepted (already manager)
 *   B  reports to M; peer R declined
 *   S  matrix manager of A
 *   C  reviewer-only, reports to A
 *   P, Q, R are users but not participants
 */
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import type { CycleStage } from "~/features/cycles/rules";
import { CYCLE_TRANSITIONS, TRANSITION_TABLE } from "~/features/cycles/rules";
import type { Actor } from "~/platform/audit.server";
import { createCycle, transitionCycle } from "~/features/cycles/workflow.server";
import { createTestUser } from "./api";

export type ReviewOrg = {
  cycleId: number;
  admin: User;
  adminActor: Actor;
  M: User;
  A: User;
  B: User;
  S: User;
  C: User;
  P: User;
  Q: User;
  R: User;
  participantId: Record<"M" | "A" | "B" | "S" | "C", number>;
};

export async function createReviewOrg(label: string, admin?: User): Promise<ReviewOrg> {
  const db = await getDb();
  admin ??= await createTestUser({ role: "SUPER_ADMIN", name: `${label} Admin` });
  const adminActor: Actor = { userId: admin.id, realUserId: admin.id, source: "api" };
  const user = (n: string) => createTestUser({ name: `${label} ${n}` });
  const [M, A, B, S, C, P, Q, R] = await Promise.all(["Manager", "Alice", "Bob", "Sam", "Carl", "Peer", "Quinn", "Rita"].map(user));
  const cycle = await createCycle(adminActor, { name: `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, max_peers: 10 });
  const part = (u: User, extra: { managerId?: number; secondaryManagerId?: number; reviewerOnly?: boolean } = {}) =>
    db.participant.create({ data: { cycleId: cycle.id, userId: u.id, ...extra } });
  const pM = await part(M!);
  const pA = await part(A!, { managerId: M!.id, secondaryManagerId: S!.id });
  const pB = await part(B!, { managerId: M!.id });
  const pS = await part(S!);
  const pC = await part(C!, { managerId: A!.id, reviewerOnly: true });
  await db.peerRequest.createMany({
    data: [
      { cycleId: cycle.id, participantId: pA.id, reviewerId: P!.id, status: "ACCEPTED", requestedById: A!.id, respondedAt: new Date() },
      { cycleId: cycle.id, participantId: pA.id, reviewerId: Q!.id, status: "REQUESTED", requestedById: A!.id },
      { cycleId: cycle.id, participantId: pA.id, reviewerId: M!.id, status: "ACCEPTED", requestedById: A!.id, respondedAt: new Date() },
      { cycleId: cycle.id, participantId: pB.id, reviewerId: R!.id, status: "DECLINED", requestedById: B!.id, respondedAt: new Date() },
    ],
  });
  return {
    cycleId: cycle.id,
    admin,
    adminActor,
    M: M!,
    A: A!,
    B: B!,
    S: S!,
    C: C!,
    P: P!,
    Q: Q!,
    R: R!,
    participantId: { M: pM.id, A: pA.id, B: pB.id, S: pS.id, C: pC.id },
  };
}

/** Move the cycle forward through the real workflow until it is in `target`. */
export async function moveCycleTo(org: { cycleId: number; adminActor: Actor }, target: CycleStage): Promise<void> {
  const db = await getDb();
  for (const t of CYCLE_TRANSITIONS) {
    const current = (await db.cycle.findUniqueOrThrow({ where: { id: org.cycleId } })).state.toLowerCase();
    if (current === target) return;
    if (TRANSITION_TABLE[t].from !== current) continue;
    await transitionCycle(org.adminActor, org.cycleId, t);
  }
  const final = (await db.cycle.findUniqueOrThrow({ where: { id: org.cycleId } })).state.toLowerCase();
  if (final !== target) throw new Error(`Cycle ${org.cycleId} is ${final}, not ${target}`);
}
