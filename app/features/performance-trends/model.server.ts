import type { Db, Tx } from "~/platform/db.server";
import type { Cycle, User } from "~/generated/prisma/client.ts";
import { forbidden, notFound } from "~/platform/api.server";
import type { CurrentUser } from "~/platform/auth.server";
import { fromDbState, stageLabel, type CycleStage } from "~/features/cycles/rules";
import { formatDate } from "~/features/cycles/model.server";
import { reviewerNamesOf } from "~/features/cycles/reviewer-names";
import type { SummaryAccess, SummaryViewer } from "~/features/summaries/visibility";
import { chronological, relationshipOf, trendAccess } from "~/features/performance-trends/rules";
import type { TrendCycle, TrendPerson, TrendRelationship } from "~/features/performance-trends/types";

/**
 * Data access of the performance trends (ADR 0030): the person whose trends are read, their participations, the
 * relationship that lets the caller read them (403 otherwise), and the cycles each door opens.
 */

export type Client = Db | Tx;

export type Participation = {
  id: number;
  userId: number;
  managerId: number | null;
  secondaryManagerId: number | null;
  reviewerOnly: boolean;
  calibratedRating: string | null;
  cycle: Cycle;
};

export function cycleRef(cycle: Cycle): TrendCycle {
  const state = fromDbState(cycle.state);
  return {
    id: cycle.id,
    name: cycle.name,
    state,
    stage_label: stageLabel(state),
    start_date: formatDate(cycle.startDate),
    planned_end_date: formatDate(cycle.plannedEndDate),
  };
}

export const viewerOf = (current: Pick<CurrentUser, "user">): SummaryViewer => ({ userId: current.user.id, isSuperAdmin: current.user.role === "SUPER_ADMIN" });

/** The person whose trends are read: what the header shows and what decides the relationship. */
export type Person = Pick<
  User,
  "id" | "email" | "name" | "jobTitle" | "department" | "level" | "location" | "profileImageUrl" | "managerId" | "secondaryManagerId"
> & { manager: { email: string; name: string } | null };

/** The person by email (any case) with their manager, or 404. */
export async function findPerson(client: Client, email: string): Promise<Person> {
  const user = await client.user.findUnique({ where: { email: email.trim().toLowerCase() }, include: { manager: { select: { email: true, name: true } } } });
  if (!user) throw notFound(`No user ${email}`);
  return user;
}

export const personJson = (u: { email: string; name: string }): TrendPerson => ({ email: u.email, name: u.name });

/** The person's participations in cycles that have started (a draft cycle has nothing to show). */
export async function participationsOf(client: Client, userId: number): Promise<Participation[]> {
  return client.participant.findMany({
    where: { userId, cycle: { state: { not: "DRAFT" } } },
    select: { id: true, userId: true, managerId: true, secondaryManagerId: true, reviewerOnly: true, calibratedRating: true, cycle: true },
  });
}

export type Related = { person: Person; participations: Participation[]; relationship: TrendRelationship };

/**
 * The person of `email` and how the caller may read them: themselves, their manager or secondary manager (now,
 * on the user record, or in any cycle), or a super admin. 404 for an unknown person, 403 for anyone else.
 */
export async function requireRelated(client: Client, current: Pick<CurrentUser, "user">, email: string): Promise<Related> {
  const person = await findPerson(client, email);
  return relatedOf(current, person, await participationsOf(client, person.id));
}

/** requireRelated on what was read: the relationship of the caller to `person`, or 403. PURE. */
export function relatedOf(current: Pick<CurrentUser, "user">, person: Person, participations: Participation[]): Related {
  const me = current.user.id;
  const relationship = relationshipOf({
    self: person.id === me,
    manager: person.managerId === me || participations.some((p) => p.managerId === me),
    secondaryManager: person.secondaryManagerId === me || participations.some((p) => p.secondaryManagerId === me),
    superAdmin: current.user.role === "SUPER_ADMIN",
  });
  if (!relationship) throw forbidden(`You can read the performance trends of yourself and of your direct and secondary reports only`);
  return { person, participations, relationship };
}

export type ReadableCycle = { participation: Participation; cycle: TrendCycle; stage: CycleStage; access: Extract<SummaryAccess, { ok: true }> };

/**
 * The person's cycles the viewer may read, oldest first: cycles where the person receives feedback and a door of
 * the feedback summaries opens for the viewer in the cycle's stage (trendAccess).
 */
export function readableCycles(viewer: SummaryViewer, participations: readonly Participation[]): ReadableCycle[] {
  const out: ReadableCycle[] = [];
  for (const p of participations) {
    if (p.reviewerOnly) continue;
    const stage = fromDbState(p.cycle.state);
    const access = trendAccess(viewer, { userId: p.userId, managerId: p.managerId, secondaryManagerId: p.secondaryManagerId }, stage, reviewerNamesOf(p.cycle));
    if (access.ok) out.push({ participation: p, cycle: cycleRef(p.cycle), stage, access });
  }
  const order = new Map(chronological(out.map((r) => r.cycle)).map((c, i) => [c.id, i]));
  return out.sort((a, b) => order.get(a.cycle.id)! - order.get(b.cycle.id)!);
}

/** Whether the person manages anyone (on the user record or in a cycle): upward feedback can exist. */
export async function managesAnyone(client: Client, userId: number): Promise<boolean> {
  const [users, participants] = await Promise.all([client.user.count({ where: { managerId: userId } }), client.participant.count({ where: { managerId: userId } })]);
  return users + participants > 0;
}
