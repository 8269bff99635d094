import { getDb, type Db, type Tx } from "~/platform/db.server";
import { notFound } from "~/platform/api.server";
import { fromDbState, type CycleStage } from "~/features/cycles/rules";
import { FEEDBACK_STAGE_OF, REVIEWER_TYPES, toDbReviewerType } from "~/features/participants/rules";
import { pendingWorkFor } from "~/features/nudges/pending-work.server";
import { INACTIVE_STAGES, inactiveRule, type InactiveParticipantJson, type InactiveParticipantsJson } from "~/features/decision-support/rules";

/**
 * The inactive participants of a cycle (ADR 0032): participants who have done nothing the current stage
 * asks of them. Built on the nudges' pending-work rules (app/features/nudges/pending-work.server.ts), so
 * the two never disagree: an inactive participant is always someone a nudge would remind now, and then
 * one with no progress at all on that work:
 *
 *  - start: no peer or stakeholder request for them (any status, whoever asked) and no request addressed
 *    to them answered (accepted or declined);
 *  - spu_feedback / manager_feedback: no feedback of the stage's reviewer types submitted by them and none
 *    saved with an answer (a draft the stage opened and nobody touched is not progress);
 *  - draft, calibration, communication: nobody (the stage asks nothing of participants).
 *
 * Ordered as the nudge orders its recipients (name, then email).
 */

type Client = Db | Tx;

/** Users among `userIds` who made some progress on the stage's work. */
async function usersWithProgress(client: Client, cycleId: number, stage: CycleStage, people: Array<{ participantId: number; userId: number }>): Promise<Set<number>> {
  const userIds = people.map((p) => p.userId);
  const done = new Set<number>();
  if (stage === "start") {
    const [asked, answered] = await Promise.all([
      client.peerRequest.findMany({ where: { cycleId, participantId: { in: people.map((p) => p.participantId) } }, select: { participantId: true }, distinct: ["participantId"] }),
      client.peerRequest.findMany({
        where: { cycleId, reviewerId: { in: userIds }, status: { in: ["ACCEPTED", "DECLINED"] } },
        select: { reviewerId: true },
        distinct: ["reviewerId"],
      }),
    ]);
    const userOf = new Map(people.map((p) => [p.participantId, p.userId]));
    for (const r of asked) done.add(userOf.get(r.participantId)!);
    for (const r of answered) done.add(r.reviewerId);
    return done;
  }
  const types = REVIEWER_TYPES.filter((t) => FEEDBACK_STAGE_OF[t] === stage).map(toDbReviewerType);
  const rows = await client.feedback.findMany({
    where: {
      cycleId,
      reviewerId: { in: userIds },
      reviewerType: { in: types },
      OR: [{ status: "SUBMITTED" }, { NOT: { answers: { equals: {} } } }],
    },
    select: { reviewerId: true },
    distinct: ["reviewerId"],
  });
  for (const r of rows) done.add(r.reviewerId);
  return done;
}

/** Every inactive participant of an already-loaded cycle. */
export async function inactiveParticipantsFor(client: Client, cycle: { id: number; name: string; state: string }): Promise<InactiveParticipantJson[]> {
  const stage = fromDbState(cycle.state);
  if (!(INACTIVE_STAGES as readonly CycleStage[]).includes(stage)) return [];
  const pending = await pendingWorkFor(client, cycle);
  if (pending.length === 0) return [];
  const participants = await client.participant.findMany({
    where: { cycleId: cycle.id, userId: { in: pending.map((p) => p.userId) } },
    select: { id: true, userId: true, reviewerOnly: true, user: { select: { department: true } }, manager: { select: { email: true } } },
  });
  const byUser = new Map(participants.map((p) => [p.userId, p]));
  const progressed = await usersWithProgress(
    client,
    cycle.id,
    stage,
    participants.map((p) => ({ participantId: p.id, userId: p.userId })),
  );
  const out: InactiveParticipantJson[] = [];
  for (const person of pending) {
    const p = byUser.get(person.userId);
    if (!p || progressed.has(person.userId)) continue;
    out.push({
      participant_id: p.id,
      email: person.email,
      name: person.name,
      department: p.user.department,
      manager_email: p.manager?.email ?? null,
      reviewer_only: p.reviewerOnly,
      pending_work: person.reason,
    });
  }
  return out;
}

/** A page of the cycle's inactive participants with the stage's rule. 404 for an unknown cycle. */
export async function listInactiveParticipants(cycleId: number, page: { limit: number; offset: number }): Promise<InactiveParticipantsJson> {
  const db = await getDb();
  const cycle = await db.cycle.findUnique({ where: { id: cycleId }, select: { id: true, name: true, state: true } });
  if (!cycle) throw notFound(`Cycle ${cycleId} not found`);
  const all = await inactiveParticipantsFor(db, cycle);
  const stage = fromDbState(cycle.state);
  return {
    cycle_id: cycle.id,
    stage,
    rule: inactiveRule(stage),
    total: all.length,
    limit: page.limit,
    offset: page.offset,
    participants: all.slice(page.offset, page.offset + page.limit),
  };
}
