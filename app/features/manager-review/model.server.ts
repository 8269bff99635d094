import type { Db, Tx } from "~/platform/db.server";
import { stageLabel, type CycleStage } from "~/features/cycles/rules";
import { requireCycle, type ParticipantWithPeople } from "~/features/cycles/context.server";
import { lockCycleStage } from "~/features/cycles/stage-effects.server";
import type { CycleRef, ReportPersonJson } from "~/features/manager-review/types";

/**
 * What the manager's services share (service.server.ts, manager-feedback.server.ts, nominations.server.ts):
 * the database client type, the cycle and report JSON helpers and the cycle of a write.
 */

export type Client = Db | Tx;

export function cycleRef(cycle: { id: number; name: string; stage: CycleStage }): CycleRef {
  return { id: cycle.id, name: cycle.name, state: cycle.stage, stage_label: stageLabel(cycle.stage) };
}

/** What a page about a direct report reads of the participant (ParticipantWithPeople has it all). */
export type ReportParticipant = Pick<ParticipantWithPeople, "id" | "userId" | "managerId" | "reviewerOnly"> & {
  user: Pick<ParticipantWithPeople["user"], "email" | "name" | "jobTitle" | "profileImageUrl">;
};

export function reportPerson(p: ReportParticipant): ReportPersonJson {
  return {
    email: p.user.email,
    name: p.user.name,
    job_title: p.user.jobTitle,
    profile_image_url: p.user.profileImageUrl,
    reviewer_only: p.reviewerOnly,
  };
}

/**
 * The cycle of a write, its stage read under a FOR SHARE lock of the cycle row (as 360 feedback does): a
 * stage change waits for this transaction, and a write after the change sees the new stage.
 */
export async function requireCycleForWrite(tx: Tx, cycleId: number) {
  const stage = await lockCycleStage(tx, cycleId);
  const cycle = await requireCycle(tx, cycleId);
  return { ...cycle, stage };
}
