import { z } from "zod";
import { idCoerced, TYPED_EMAIL } from "~/platform/input";
import type { Db, Tx } from "~/platform/db.server";
import type { Prisma } from "~/generated/prisma/client.ts";
import { fromDbState, type CycleStage } from "~/features/cycles/rules";
import type { CycleRow } from "~/features/cycles/model.server";
import { conflict, forbidden, notFound, cycleNotFound } from "~/platform/api.server";

/**
 * The participant side of a cycle (issue [3/3]): resolving `cycles/{cycle_id}/...` calls to the cycle, the
 * signed-in user's participant record and the relationships that authorize reading or writing someone
 * else's data (manager of, secondary manager of). Every participant-facing route goes through these,
 * so authorization by relationship is decided in one place.
 */

type Client = Db | Tx;

/** Path parameters of `cycles/{cycle_id}/...` calls. */
export const CycleIdParam = z.object({ cycle_id: idCoerced });
/** `{cycle_id}` plus a person's email (`{participant_email}`, `{email}`), lower-cased. */
export const CycleEmailParams = z.object({
  cycle_id: idCoerced,
  email: z.string().trim().toLowerCase().pipe(z.email()).meta(TYPED_EMAIL),
});

/** The people a participant row is read with (user, managers, HR partner). */
export const participantInclude = {
  user: { select: { id: true, email: true, name: true, role: true, jobTitle: true, department: true, location: true, profileImageUrl: true, active: true } },
  manager: { select: { id: true, email: true, name: true } },
  secondaryManager: { select: { id: true, email: true, name: true } },
  hrPartner: { select: { id: true, email: true, name: true } },
} satisfies Prisma.ParticipantInclude;

export type ParticipantWithPeople = Prisma.ParticipantGetPayload<{ include: typeof participantInclude }>;

/** The cycle or 404. */
export async function requireCycle(client: Client, cycleId: number): Promise<CycleRow & { stage: CycleStage }> {
  const cycle = await client.cycle.findUnique({ where: { id: cycleId } });
  if (!cycle) throw cycleNotFound(cycleId);
  return { ...cycle, stage: fromDbState(cycle.state) };
}

/** A participant of the cycle by user id, or null. */
export async function findParticipantByUser(client: Client, cycleId: number, userId: number): Promise<ParticipantWithPeople | null> {
  return client.participant.findUnique({ where: { cycleId_userId: { cycleId, userId } }, include: participantInclude });
}

/** A participant of the cycle by email, or null. */
export async function findParticipantByEmail(client: Client, cycleId: number, email: string): Promise<ParticipantWithPeople | null> {
  return client.participant.findFirst({ where: { cycleId, user: { email: email.toLowerCase() } }, include: participantInclude });
}

/** The signed-in user's own participant record in the cycle; 404 'You are not a participant of this cycle' otherwise. */
export async function requireOwnParticipant(client: Client, cycleId: number, userId: number): Promise<ParticipantWithPeople> {
  const p = await findParticipantByUser(client, cycleId, userId);
  if (!p) throw notFound("You are not a participant of this cycle");
  return p;
}

/**
 * A direct report of `managerUserId` in the cycle (the participant's manager in THIS cycle). 404 when no
 * participant has that email; 403 when they are not the manager's report.
 */
export async function requireDirectReport(client: Client, cycleId: number, managerUserId: number, email: string): Promise<ParticipantWithPeople> {
  const p = await findParticipantByEmail(client, cycleId, email);
  if (!p) throw notFound(`No participant ${email} in this cycle`);
  if (p.managerId !== managerUserId) throw forbidden(`${email} is not your direct report in this cycle`);
  return p;
}

/** A secondary (matrix) report of `managerUserId` in the cycle: 404 unknown, 403 not theirs. */
export async function requireSecondaryReport(client: Client, cycleId: number, managerUserId: number, email: string): Promise<ParticipantWithPeople> {
  const p = await findParticipantByEmail(client, cycleId, email);
  if (!p) throw notFound(`No participant ${email} in this cycle`);
  if (p.secondaryManagerId !== managerUserId) throw forbidden(`${email} is not your secondary report in this cycle`);
  return p;
}

/** A stage as a sentence names it. */
export const STAGE_NAMES: Record<CycleStage, string> = {
  draft: "draft stage (not started)",
  start: "start stage",
  spu_feedback: "SPU feedback stage",
  manager_feedback: "manager feedback stage",
  calibration: "calibration stage",
  communication: "communication stage",
};

/** 409 unless the cycle is in one of `stages`; the message names the stage needed and the current one. */
export function assertStage(cycle: { stage: CycleStage }, stages: readonly CycleStage[], what: string): void {
  if (stages.includes(cycle.stage)) return;
  const needed = stages.map((s) => STAGE_NAMES[s]).join(" or the ");
  throw conflict(`${what} is possible only in the ${needed}; this cycle is in the ${STAGE_NAMES[cycle.stage]}`, {
    stage: cycle.stage,
    allowed_stages: stages,
  });
}
