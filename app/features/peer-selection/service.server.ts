import type { PageMessage } from "~/platform/i18n/page-message";
import { getDb } from "~/platform/db.server";
import type { Prisma } from "~/generated/prisma/client.ts";
import { notFound } from "~/platform/api.server";
import type { CurrentUser } from "~/platform/auth.server";
import { requireCycle, requireOwnParticipant, type ParticipantWithPeople } from "~/features/cycles/context.server";
import {
  addPeer,
  buildPanel,
  cycleRef,
  panelAfterWrite,
  personJson,
  removePeer,
  type CycleRefJson,
  type PanelJson,
  type PersonJson,
  type SubjectResolver,
} from "~/features/peer-selection/panels.server";

/**
 * Peer/stakeholder selection, the participant's own side (docs/decisions/0020-peer-selection.md): their
 * profile (my_info), the cycle's participants for pickers, and their panel with adding and removing peers.
 * The shared panel code is in panels.server.ts, the manager's side in manager-panel.server.ts, the requested
 * reviewers' answers in peer-requests.server.ts.
 */

// ---------------------------------------------------------------------------------------------
// my_info: the participant's company profile for the cycle

export type MyInfoJson = {
  email: string;
  name: string;
  job_title: string | null;
  department: string | null;
  location: string | null;
  profile_image_url: string | null;
  manager: PersonJson | null;
  secondary_manager: PersonJson | null;
  hr_partner: PersonJson | null;
  reviewer_only: boolean;
};

export function toMyInfo(p: ParticipantWithPeople): MyInfoJson {
  return {
    email: p.user.email,
    name: p.user.name,
    job_title: p.user.jobTitle,
    department: p.user.department,
    location: p.user.location,
    profile_image_url: p.user.profileImageUrl,
    manager: personJson(p.manager),
    secondary_manager: personJson(p.secondaryManager),
    hr_partner: personJson(p.hrPartner),
    reviewer_only: p.reviewerOnly,
  };
}

/** GET cycles/{cycle_id}/my_info: 404 for an unknown cycle or when the user is not a participant. */
export async function getMyInfo(current: CurrentUser, cycleId: number): Promise<{ cycle: CycleRefJson; my_info: MyInfoJson }> {
  const db = await getDb();
  const cycle = await requireCycle(db, cycleId);
  const participant = await requireOwnParticipant(db, cycleId, current.user.id);
  return { cycle: cycleRef(cycle), my_info: toMyInfo(participant) };
}

// ---------------------------------------------------------------------------------------------
// Cycle participants for pickers (limited fields)

export type ParticipantCardJson = {
  email: string;
  name: string;
  job_title: string | null;
  department: string | null;
  profile_image_url: string | null;
  reviewer_only: boolean;
};

export const PARTICIPANT_PICKER_LIMIT = 20;

const cardInclude = { user: { select: { email: true, name: true, jobTitle: true, department: true, profileImageUrl: true } } } satisfies Prisma.ParticipantInclude;

function toCard(p: Prisma.ParticipantGetPayload<{ include: typeof cardInclude }>): ParticipantCardJson {
  return {
    email: p.user.email,
    name: p.user.name,
    job_title: p.user.jobTitle,
    department: p.user.department,
    profile_image_url: p.user.profileImageUrl,
    reviewer_only: p.reviewerOnly,
  };
}

/** GET cycles/{cycle_id}/participants?q=: at most 20 participants whose name or email contains q, by name. */
export async function searchCycleParticipants(cycleId: number, q: string | undefined): Promise<{ participants: ParticipantCardJson[] }> {
  const db = await getDb();
  await requireCycle(db, cycleId);
  const text = q?.trim();
  const rows = await db.participant.findMany({
    where: {
      cycleId,
      user: { active: true },
      ...(text
        ? { OR: [{ user: { name: { contains: text, mode: "insensitive" } } }, { user: { email: { contains: text, mode: "insensitive" } } }] }
        : {}),
    },
    include: cardInclude,
    orderBy: [{ user: { name: "asc" } }, { user: { email: "asc" } }],
    take: PARTICIPANT_PICKER_LIMIT,
  });
  return { participants: rows.map(toCard) };
}

/** GET cycles/{cycle_id}/participants/{email}: one participant's card, 404 when not in the cycle. */
export async function getCycleParticipantCard(cycleId: number, email: string): Promise<{ participant: ParticipantCardJson }> {
  const db = await getDb();
  await requireCycle(db, cycleId);
  const row = await db.participant.findFirst({
    where: { cycleId, user: { email: { equals: email.trim(), mode: "insensitive" } } },
    include: cardInclude,
  });
  if (!row) throw notFound(`No participant ${email} in this cycle`);
  return { participant: toCard(row) };
}

// ---------------------------------------------------------------------------------------------
// The participant's panel

/** GET cycles/{cycle_id}/panels: the signed-in participant's panel. */
export async function getMyPanel(current: CurrentUser, cycleId: number): Promise<{ panel: PanelJson }> {
  const db = await getDb();
  const cycle = await requireCycle(db, cycleId);
  const subject = await requireOwnParticipant(db, cycleId, current.user.id);
  return { panel: await buildPanel(db, cycle, subject, "participant") };
}

const own = (current: CurrentUser, cycleId: number): SubjectResolver => (client) => requireOwnParticipant(client, cycleId, current.user.id);

/** POST cycles/{cycle_id}/panels/new: the participant asks a peer (400 rules; 409 stage, reviewer-only, Manager Approved). */
export async function addMyPeer(current: CurrentUser, cycleId: number, peerEmail: string): Promise<{ panel: PanelJson; warning: string | null; notice: PageMessage | null }> {
  const { warning, notice } = await addPeer(current, cycleId, own(current, cycleId), "participant", peerEmail);
  return { panel: await panelAfterWrite(cycleId, own(current, cycleId), "participant"), warning, notice };
}

/** DELETE cycles/{cycle_id}/panels/{email}: the participant withdraws a request not yet accepted. */
export async function removeMyPeer(current: CurrentUser, cycleId: number, peerEmail: string): Promise<{ panel: PanelJson }> {
  await removePeer(current, cycleId, own(current, cycleId), "participant", peerEmail);
  return { panel: await panelAfterWrite(cycleId, own(current, cycleId), "participant") };
}
