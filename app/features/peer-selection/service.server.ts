import { getDb, type Db, type Tx } from "~/platform/db.server";
import type { Prisma } from "~/generated/prisma/client.ts";
import { stageLabel, type CycleStage } from "~/features/cycles/rules";
import { deriveMandatoryPanel, type PanelMember, type PanelPerson, type PanelReviewer } from "~/features/participants/rules";
import {
  acceptedLoadWarning,
  ADVISED_MAX_ACCEPTED_REQUESTS,
  addPeerRefusal,
  busyPeerWarning,
  editRefusal,
  fromDbPanelStatus,
  fromDbPeerStatus,
  PANEL_STATUS_LABELS,
  panelStatusAfterEdit,
  PEER_REQUEST_STATUS_LABELS,
  removePeerRefusal,
  respondRefusal,
  SELECTION_ADVICE,
  selectionCounters,
  statusAfterDecision,
  toDbPanelStatus,
  type Editor,
  type PanelStatusValue,
  type PeerDecision,
  type PeerRequestStatusValue,
  type Refusal,
} from "~/features/peer-selection/rules";
import { ApiError, badRequest, conflict, forbidden, notFound } from "~/platform/api.server";
import { recordAudit } from "~/platform/audit.server";
import { assertNotSpoofing, type CurrentUser } from "~/platform/auth.server";
import {
  requireCycle,
  requireDirectReport,
  requireOwnParticipant,
  type ParticipantWithPeople,
} from "~/features/cycles/context.server";
import { lockCycleStage } from "~/features/cycles/stage-effects.server";

/**
 * Peer/stakeholder selection (issue [3/3] items 1–3; docs/decisions/0020-peer-selection.md): the
 * participant's profile (my_info), their panel (mandatory reviewers derived from the org plus the peers
 * they asked), adding and removing peers, the requested reviewers' answers, and the manager's changes
 * to a direct report's selection. The rules are the pure functions of app/features/peer-selection/rules.ts;
 * this module loads the facts, locks what a write depends on and writes with an audit record, all in
 * one transaction. API routes and pages call the same functions with the signed-in user.
 */

type Client = Db | Tx;

export type CycleRefJson = { id: number; name: string; state: CycleStage; stage_label: string };
export type PersonJson = { email: string; name: string };

function cycleRef(cycle: { id: number; name: string; stage: CycleStage }): CycleRefJson {
  return { id: cycle.id, name: cycle.name, state: cycle.stage, stage_label: stageLabel(cycle.stage) };
}

function personJson(p: { email: string; name: string } | null | undefined): PersonJson | null {
  return p ? { email: p.email, name: p.name } : null;
}

/** Turn a rule's refusal into the API error (400 carries the field it is about). */
function refusalError(r: Refusal, field?: string): ApiError {
  switch (r.status) {
    case 400:
      return badRequest(r.message, field ? { formErrors: [], fieldErrors: { [field]: [r.message] } } : null);
    case 403:
      return forbidden(r.message);
    case 404:
      return notFound(r.message);
    default:
      return conflict(r.message);
  }
}

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
// Panels

/** The subject's mandatory reviewers (deriveMandatoryPanel over the cycle's participant records). */
export async function mandatoryReviewersOf(client: Client, subject: ParticipantWithPeople): Promise<PanelReviewer[]> {
  if (subject.reviewerOnly) return [];
  const related = await client.participant.findMany({
    where: { cycleId: subject.cycleId, OR: [{ managerId: subject.userId }, { secondaryManagerId: subject.userId }] },
    include: { user: { select: { id: true, email: true, name: true } } },
  });
  const member = (p: { userId: number; managerId: number | null; secondaryManagerId: number | null; reviewerOnly: boolean; user: { email: string; name: string } }): PanelMember => ({
    userId: p.userId,
    email: p.user.email,
    name: p.user.name,
    managerId: p.managerId,
    secondaryManagerId: p.secondaryManagerId,
    reviewerOnly: p.reviewerOnly,
  });
  const person = (u: { id: number; email: string; name: string } | null): PanelPerson | null => (u ? { userId: u.id, email: u.email, name: u.name } : null);
  return deriveMandatoryPanel(member(subject), related.map(member), { manager: person(subject.manager), secondaryManager: person(subject.secondaryManager) });
}

const requestInclude = {
  reviewer: { select: { id: true, email: true, name: true, jobTitle: true, department: true } },
  requestedBy: { select: { email: true, name: true } },
} satisfies Prisma.PeerRequestInclude;
type RequestRow = Prisma.PeerRequestGetPayload<{ include: typeof requestInclude }>;

/** One peer request as the panel lists it. */
export type PeerRequestJson = {
  id: number;
  email: string;
  name: string;
  job_title: string | null;
  department: string | null;
  status: PeerRequestStatusValue;
  status_label: string;
  requested_by: PersonJson | null;
  requested_at: string;
  responded_at: string | null;
};

function toRequestJson(r: RequestRow): PeerRequestJson {
  const status = fromDbPeerStatus(r.status);
  return {
    id: r.id,
    email: r.reviewer.email,
    name: r.reviewer.name,
    job_title: r.reviewer.jobTitle,
    department: r.reviewer.department,
    status,
    status_label: PEER_REQUEST_STATUS_LABELS[status],
    requested_by: personJson(r.requestedBy),
    requested_at: r.createdAt.toISOString(),
    responded_at: r.respondedAt?.toISOString() ?? null,
  };
}

async function requestRowsOf(client: Client, participantId: number): Promise<RequestRow[]> {
  return client.peerRequest.findMany({ where: { participantId }, include: requestInclude, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

/** A participant's peer requests with their status (also listed by the admin panel page). */
export async function peerRequestsOf(client: Client, participantId: number): Promise<PeerRequestJson[]> {
  return (await requestRowsOf(client, participantId)).map(toRequestJson);
}

/** How many requests each reviewer accepted in the cycle. */
async function acceptedCounts(client: Client, cycleId: number, reviewerIds: number[]): Promise<Map<number, number>> {
  if (reviewerIds.length === 0) return new Map();
  const groups = await client.peerRequest.groupBy({
    by: ["reviewerId"],
    where: { cycleId, status: "ACCEPTED", reviewerId: { in: reviewerIds } },
    _count: { _all: true },
  });
  return new Map(groups.map((g) => [g.reviewerId, g._count._all]));
}

export type PanelJson = {
  cycle: CycleRefJson;
  participant: PersonJson & { reviewer_only: boolean; manager: PersonJson | null };
  receives_feedback: boolean;
  panel_status: PanelStatusValue;
  panel_status_label: string;
  max_peers: number;
  counters: ReturnType<typeof selectionCounters>;
  /** Whether the viewer (participant or manager) may change the selection now. */
  can_edit: boolean;
  /** Why not, when can_edit is false. */
  edit_blocked_reason: string | null;
  mandatory_reviewers: Array<{ reviewer_type: PanelReviewer["reviewerType"]; reviewer_type_label: string; email: string; name: string }>;
  peers: Array<PeerRequestJson & { can_remove: boolean; warning: string | null }>;
  advice: string[];
};

async function buildPanel(client: Client, cycle: { id: number; name: string; stage: CycleStage; maxPeers: number }, subject: ParticipantWithPeople, viewer: Editor): Promise<PanelJson> {
  const [mandatory, rows] = [await mandatoryReviewersOf(client, subject), await requestRowsOf(client, subject.id)];
  const counts = await acceptedCounts(client, cycle.id, rows.map((r) => r.reviewerId));
  const panelStatus = fromDbPanelStatus(subject.panelStatus);
  const refusal = editRefusal({ stage: cycle.stage, reviewerOnly: subject.reviewerOnly, panelStatus }, viewer);
  const requests = rows.map(toRequestJson);
  return {
    cycle: cycleRef(cycle),
    participant: { email: subject.user.email, name: subject.user.name, reviewer_only: subject.reviewerOnly, manager: personJson(subject.manager) },
    receives_feedback: !subject.reviewerOnly,
    panel_status: panelStatus,
    panel_status_label: PANEL_STATUS_LABELS[panelStatus],
    max_peers: cycle.maxPeers,
    counters: selectionCounters(requests, cycle.maxPeers),
    can_edit: refusal === null,
    edit_blocked_reason: refusal?.message ?? null,
    mandatory_reviewers: mandatory.map((r) => ({ reviewer_type: r.reviewerType, reviewer_type_label: r.label, email: r.email, name: r.name })),
    peers: requests.map((r, i) => ({
      ...r,
      can_remove: refusal === null && removePeerRefusal(r, r.email) === null,
      warning: r.status === "requested" ? busyPeerWarning(r.name, counts.get(rows[i]!.reviewerId) ?? 0) : null,
    })),
    advice: subject.reviewerOnly ? [] : [...SELECTION_ADVICE],
  };
}

/** GET cycles/{cycle_id}/panels: the signed-in participant's panel. */
export async function getMyPanel(current: CurrentUser, cycleId: number): Promise<{ panel: PanelJson }> {
  const db = await getDb();
  const cycle = await requireCycle(db, cycleId);
  const subject = await requireOwnParticipant(db, cycleId, current.user.id);
  return { panel: await buildPanel(db, cycle, subject, "participant") };
}

/** GET cycles/{cycle_id}/direct_reports/{email}/panel: a direct report's panel as their manager sees it (404/403). */
export async function getReportPanel(current: CurrentUser, cycleId: number, email: string): Promise<{ panel: PanelJson }> {
  const db = await getDb();
  const cycle = await requireCycle(db, cycleId);
  const subject = await requireDirectReport(db, cycleId, current.user.id, email);
  return { panel: await buildPanel(db, cycle, subject, "manager") };
}

// ---------------------------------------------------------------------------------------------
// Writes

/** The participant's panel status and reviewer-only flag, locked: edits of one selection run one at a time. */
async function lockSelection(tx: Tx, participantId: number): Promise<{ panelStatus: PanelStatusValue; reviewerOnly: boolean }> {
  const rows = await tx.$queryRaw<Array<{ panelStatus: string; reviewerOnly: boolean }>>`
    SELECT "panelStatus"::text AS "panelStatus", "reviewerOnly" FROM "Participant" WHERE id = ${participantId} FOR UPDATE`;
  if (!rows[0]) throw notFound("Participant not found");
  return { panelStatus: fromDbPanelStatus(rows[0].panelStatus), reviewerOnly: rows[0].reviewerOnly };
}

type SubjectResolver = (client: Client) => Promise<ParticipantWithPeople>;

/** Set the panel status after `editor`'s change, with its audit record, when it changes. */
async function applyPanelStatus(tx: Tx, current: CurrentUser, subject: ParticipantWithPeople, before: PanelStatusValue, after: PanelStatusValue, cycleId: number) {
  if (before === after) return;
  await tx.participant.update({ where: { id: subject.id }, data: { panelStatus: toDbPanelStatus(after) } });
  await recordAudit(tx, current.actor, {
    action: "participant.panel_status",
    entityType: "Participant",
    entityId: subject.id,
    before: { cycle_id: cycleId, email: subject.user.email, panel_status: before },
    after: { cycle_id: cycleId, email: subject.user.email, panel_status: after },
  });
}

async function addPeer(current: CurrentUser, cycleId: number, resolve: SubjectResolver, editor: Editor, peerEmailRaw: string) {
  assertNotSpoofing(current);
  const peerEmail = peerEmailRaw.trim().toLowerCase();
  const db = await getDb();
  const { subjectId, warning } = await db.$transaction(async (tx) => {
    const cycle = await requireCycle(tx, cycleId);
    const subject = await resolve(tx);
    const stage = await lockCycleStage(tx, cycleId);
    const state = await lockSelection(tx, subject.id);
    const blocked = editRefusal({ stage, reviewerOnly: state.reviewerOnly, panelStatus: state.panelStatus }, editor);
    if (blocked) throw refusalError(blocked);
    const peer = await tx.user.findFirst({
      where: { email: { equals: peerEmail, mode: "insensitive" }, active: true },
      select: { id: true, email: true, name: true },
      orderBy: { id: "asc" },
    });
    const mandatory = await mandatoryReviewersOf(tx, subject);
    const requests = await tx.peerRequest.findMany({ where: { participantId: subject.id }, select: { reviewerId: true, status: true } });
    const refusal = addPeerRefusal({
      subject: { userId: subject.userId, email: subject.user.email },
      peerEmail,
      peer: peer ? { userId: peer.id, email: peer.email } : null,
      mandatory,
      requests: requests.map((r) => ({ reviewerId: r.reviewerId, status: fromDbPeerStatus(r.status) })),
      maxPeers: cycle.maxPeers,
    });
    if (refusal || !peer) throw refusalError(refusal ?? { status: 400, message: `No active user with the email ${peerEmail}` }, "peer_email");
    const created = await tx.peerRequest.create({ data: { cycleId, participantId: subject.id, reviewerId: peer.id, requestedById: current.user.id } });
    await recordAudit(tx, current.actor, {
      action: "peer_request.create",
      entityType: "PeerRequest",
      entityId: created.id,
      after: { cycle_id: cycleId, participant_email: subject.user.email, reviewer_email: peer.email, status: "requested", by: editor },
    });
    await applyPanelStatus(tx, current, subject, state.panelStatus, panelStatusAfterEdit(state.panelStatus, editor), cycleId);
    const accepted = (await acceptedCounts(tx, cycleId, [peer.id])).get(peer.id) ?? 0;
    return { subjectId: subject.id, warning: busyPeerWarning(peer.name, accepted) };
  });
  return { subjectId, warning };
}

async function removePeer(current: CurrentUser, cycleId: number, resolve: SubjectResolver, editor: Editor, peerEmailRaw: string) {
  assertNotSpoofing(current);
  const peerEmail = peerEmailRaw.trim().toLowerCase();
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await requireCycle(tx, cycleId);
    const subject = await resolve(tx);
    const stage = await lockCycleStage(tx, cycleId);
    const state = await lockSelection(tx, subject.id);
    const blocked = editRefusal({ stage, reviewerOnly: state.reviewerOnly, panelStatus: state.panelStatus }, editor);
    if (blocked) throw refusalError(blocked);
    const request = await tx.peerRequest.findFirst({
      where: { participantId: subject.id, reviewer: { email: { equals: peerEmail, mode: "insensitive" } } },
      include: { reviewer: { select: { email: true } } },
    });
    const refusal = removePeerRefusal(request ? { status: fromDbPeerStatus(request.status) } : null, peerEmail);
    if (refusal || !request) throw refusalError(refusal ?? { status: 404, message: `${peerEmail} is not in the peer list` });
    // Conditional on the status: an acceptance committed meanwhile keeps the reviewer (spec §4).
    const deleted = await tx.peerRequest.deleteMany({ where: { id: request.id, status: { not: "ACCEPTED" } } });
    if (deleted.count === 0) throw refusalError(removePeerRefusal({ status: "accepted" }, peerEmail)!);
    await recordAudit(tx, current.actor, {
      action: "peer_request.delete",
      entityType: "PeerRequest",
      entityId: request.id,
      before: { cycle_id: cycleId, participant_email: subject.user.email, reviewer_email: request.reviewer.email, status: fromDbPeerStatus(request.status) },
      after: { by: editor },
    });
    await applyPanelStatus(tx, current, subject, state.panelStatus, panelStatusAfterEdit(state.panelStatus, editor), cycleId);
  });
}

async function panelAfterWrite(cycleId: number, resolve: SubjectResolver, viewer: Editor): Promise<PanelJson> {
  const db = await getDb();
  const cycle = await requireCycle(db, cycleId);
  return buildPanel(db, cycle, await resolve(db), viewer);
}

const own = (current: CurrentUser, cycleId: number): SubjectResolver => (client) => requireOwnParticipant(client, cycleId, current.user.id);
const report = (current: CurrentUser, cycleId: number, email: string): SubjectResolver => (client) => requireDirectReport(client, cycleId, current.user.id, email);

/** POST cycles/{cycle_id}/panels/new: the participant asks a peer (400 rules; 409 stage, reviewer-only, Manager Approved). */
export async function addMyPeer(current: CurrentUser, cycleId: number, peerEmail: string): Promise<{ panel: PanelJson; warning: string | null }> {
  const { warning } = await addPeer(current, cycleId, own(current, cycleId), "participant", peerEmail);
  return { panel: await panelAfterWrite(cycleId, own(current, cycleId), "participant"), warning };
}

/** DELETE cycles/{cycle_id}/panels/{email}: the participant withdraws a request not yet accepted. */
export async function removeMyPeer(current: CurrentUser, cycleId: number, peerEmail: string): Promise<{ panel: PanelJson }> {
  await removePeer(current, cycleId, own(current, cycleId), "participant", peerEmail);
  return { panel: await panelAfterWrite(cycleId, own(current, cycleId), "participant") };
}

/** POST cycles/{cycle_id}/direct_reports/{email}/panel/new: the manager asks a peer for a report (→ Manager Approved). */
export async function addReportPeer(current: CurrentUser, cycleId: number, email: string, peerEmail: string): Promise<{ panel: PanelJson; warning: string | null }> {
  const { warning } = await addPeer(current, cycleId, report(current, cycleId, email), "manager", peerEmail);
  return { panel: await panelAfterWrite(cycleId, report(current, cycleId, email), "manager"), warning };
}

/** DELETE cycles/{cycle_id}/direct_reports/{email}/panel/{peer_email}: the manager withdraws a request not yet accepted (→ Manager Approved). */
export async function removeReportPeer(current: CurrentUser, cycleId: number, email: string, peerEmail: string): Promise<{ panel: PanelJson }> {
  await removePeer(current, cycleId, report(current, cycleId, email), "manager", peerEmail);
  return { panel: await panelAfterWrite(cycleId, report(current, cycleId, email), "manager") };
}

/** PATCH cycles/{cycle_id}/direct_reports/{email}/panel/approve: the manager approves the selection as it is (→ Manager Approved). */
export async function approveReportPanel(current: CurrentUser, cycleId: number, email: string): Promise<{ panel: PanelJson }> {
  assertNotSpoofing(current);
  const resolve = report(current, cycleId, email);
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await requireCycle(tx, cycleId);
    const subject = await resolve(tx);
    const stage = await lockCycleStage(tx, cycleId);
    const state = await lockSelection(tx, subject.id);
    const blocked = editRefusal({ stage, reviewerOnly: state.reviewerOnly, panelStatus: state.panelStatus }, "manager");
    if (blocked) throw refusalError(blocked);
    await applyPanelStatus(tx, current, subject, state.panelStatus, "manager_approved", cycleId);
  });
  return { panel: await panelAfterWrite(cycleId, resolve, "manager") };
}

// ---------------------------------------------------------------------------------------------
// Requests to the signed-in user (peers)

export type IncomingRequestJson = {
  id: number;
  status: PeerRequestStatusValue;
  status_label: string;
  participant: PersonJson & { job_title: string | null; department: string | null };
  requested_by: PersonJson | null;
  requested_at: string;
  responded_at: string | null;
  can_respond: boolean;
};

const incomingInclude = {
  participant: { include: { user: { select: { email: true, name: true, jobTitle: true, department: true } } } },
  requestedBy: { select: { email: true, name: true } },
} satisfies Prisma.PeerRequestInclude;
type IncomingRow = Prisma.PeerRequestGetPayload<{ include: typeof incomingInclude }>;

function toIncoming(r: IncomingRow, userId: number, stage: CycleStage): IncomingRequestJson {
  const status = fromDbPeerStatus(r.status);
  return {
    id: r.id,
    status,
    status_label: PEER_REQUEST_STATUS_LABELS[status],
    participant: { email: r.participant.user.email, name: r.participant.user.name, job_title: r.participant.user.jobTitle, department: r.participant.user.department },
    requested_by: personJson(r.requestedBy),
    requested_at: r.createdAt.toISOString(),
    responded_at: r.respondedAt?.toISOString() ?? null,
    can_respond: respondRefusal({ reviewerId: r.reviewerId, status }, userId, stage) === null,
  };
}

export type IncomingRequestsJson = {
  cycle: CycleRefJson;
  requests: IncomingRequestJson[];
  accepted_count: number;
  advised_max_accepted: number;
  warning: string | null;
};

/**
 * GET cycles/{cycle_id}/peers: the feedback requests in the cycle where the signed-in user is the
 * requested reviewer (any active user may be asked, participant of the cycle or not); open ones first.
 */
export async function listMyPeerRequests(current: CurrentUser, cycleId: number): Promise<IncomingRequestsJson> {
  const db = await getDb();
  const cycle = await requireCycle(db, cycleId);
  const rows = await db.peerRequest.findMany({
    where: { cycleId, reviewerId: current.user.id },
    include: incomingInclude,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const order: Record<string, number> = { REQUESTED: 0, ACCEPTED: 1, DECLINED: 2 };
  rows.sort((a, b) => order[a.status]! - order[b.status]!);
  const accepted = rows.filter((r) => r.status === "ACCEPTED").length;
  return {
    cycle: cycleRef(cycle),
    requests: rows.map((r) => toIncoming(r, current.user.id, cycle.stage)),
    accepted_count: accepted,
    advised_max_accepted: ADVISED_MAX_ACCEPTED_REQUESTS,
    warning: acceptedLoadWarning(accepted),
  };
}

/**
 * PATCH|POST cycles/{cycle_id}/peers/{peer_id}/accept|decline: the requested reviewer answers once, in
 * the start stage. 404 unknown request (or of another cycle), 403 someone else's request or while
 * spoofing, 409 already answered or selection closed. Accepting more than 7 requests is allowed with a warning.
 */
export async function respondToPeerRequest(
  current: CurrentUser,
  cycleId: number,
  requestId: number,
  decision: PeerDecision,
): Promise<{ request: IncomingRequestJson; accepted_count: number; warning: string | null }> {
  assertNotSpoofing(current);
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await requireCycle(tx, cycleId);
    const stage = await lockCycleStage(tx, cycleId);
    const request = await tx.peerRequest.findFirst({ where: { id: requestId, cycleId }, include: incomingInclude });
    if (!request) throw notFound(`Feedback request ${requestId} not found in this cycle`);
    const refusal = respondRefusal({ reviewerId: request.reviewerId, status: fromDbPeerStatus(request.status) }, current.user.id, stage);
    if (refusal) throw refusalError(refusal);
    const next = statusAfterDecision(decision);
    // Conditional on the status: two answers at once leave one winner, the other gets 409.
    const updated = await tx.peerRequest.updateMany({
      where: { id: request.id, status: "REQUESTED" },
      data: { status: next === "accepted" ? "ACCEPTED" : "DECLINED", respondedAt: new Date() },
    });
    if (updated.count === 0) {
      const now = await tx.peerRequest.findUnique({ where: { id: request.id }, select: { status: true } });
      throw refusalError(now ? respondRefusal({ reviewerId: request.reviewerId, status: fromDbPeerStatus(now.status) }, current.user.id, stage)! : { status: 404, message: "Feedback request not found" });
    }
    await recordAudit(tx, current.actor, {
      action: `peer_request.${decision}`,
      entityType: "PeerRequest",
      entityId: request.id,
      before: { cycle_id: cycleId, participant_email: request.participant.user.email, status: "requested" },
      after: { cycle_id: cycleId, participant_email: request.participant.user.email, status: next },
    });
  });
  const cycle = await requireCycle(db, cycleId);
  const row = await db.peerRequest.findUniqueOrThrow({ where: { id: requestId }, include: incomingInclude });
  const accepted = await db.peerRequest.count({ where: { cycleId, reviewerId: current.user.id, status: "ACCEPTED" } });
  return { request: toIncoming(row, current.user.id, cycle.stage), accepted_count: accepted, warning: decision === "accept" ? acceptedLoadWarning(accepted) : null };
}

// ---------------------------------------------------------------------------------------------
// The manager's team list

export type TeamSelectionJson = {
  email: string;
  name: string;
  job_title: string | null;
  reviewer_only: boolean;
  panel_status: PanelStatusValue;
  panel_status_label: string;
  counters: ReturnType<typeof selectionCounters>;
};

/** The signed-in manager's direct reports in the cycle with the state of each one's selection. */
export async function listTeamSelections(current: CurrentUser, cycleId: number): Promise<{ cycle: CycleRefJson; max_peers: number; can_edit_stage: boolean; direct_reports: TeamSelectionJson[] }> {
  const db = await getDb();
  const cycle = await requireCycle(db, cycleId);
  const reports = await db.participant.findMany({
    where: { cycleId, managerId: current.user.id },
    include: { user: { select: { email: true, name: true, jobTitle: true } }, peerRequests: { select: { status: true } } },
    orderBy: [{ user: { name: "asc" } }, { user: { email: "asc" } }],
  });
  return {
    cycle: cycleRef(cycle),
    max_peers: cycle.maxPeers,
    can_edit_stage: cycle.stage === "start",
    direct_reports: reports.map((r) => {
      const status = fromDbPanelStatus(r.panelStatus);
      return {
        email: r.user.email,
        name: r.user.name,
        job_title: r.user.jobTitle,
        reviewer_only: r.reviewerOnly,
        panel_status: status,
        panel_status_label: PANEL_STATUS_LABELS[status],
        counters: selectionCounters(r.peerRequests.map((p) => ({ status: fromDbPeerStatus(p.status) })), cycle.maxPeers),
      };
    }),
  };
}
