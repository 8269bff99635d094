import { getDb, type Db, type Tx } from "~/platform/db.server";
import type { Prisma } from "~/generated/prisma/client.ts";
import { stageLabel, type CycleStage } from "~/features/cycles/rules";
import { deriveMandatoryPanel, type PanelMember, type PanelPerson, type PanelReviewer } from "~/features/participants/rules";
import {
  addPeerRefusal,
  busyPeerNotice,
  busyPeerWarning,
  editRefusal,
  fromDbPanelStatus,
  fromDbPeerStatus,
  PANEL_STATUS_LABELS,
  panelStatusAfterEdit,
  PEER_REQUEST_STATUS_LABELS,
  removePeerRefusal,
  SELECTION_ADVICE,
  selectionCounters,
  toDbPanelStatus,
  type Editor,
  type PanelStatusValue,
  type PeerRequestStatusValue,
  type Refusal,
  unknownPeerRefusal,
} from "~/features/peer-selection/rules";
import type { PageMessage } from "~/platform/i18n/page-message";
import { withNotice } from "~/platform/refusal-notice.server";
import { ApiError, conflict, forbidden, notFound, unprocessable } from "~/platform/api.server";
import { recordAudit } from "~/platform/audit.server";
import { assertNotSpoofing, type CurrentUser } from "~/platform/auth.server";
import { requireCycle, type ParticipantWithPeople } from "~/features/cycles/context.server";
import { lockCycleStage } from "~/features/cycles/stage-effects.server";

/**
 * Peer/stakeholder selection (issue [3/3] items 1–3; docs/decisions/0020-peer-selection.md): the
 * participant's profile (my_info), their panel (mandatory reviewers derived from the org plus the peers
 * they asked), adding and removing peers, the requested reviewers' answers, and the manager's changes
 * to a direct report's selection. The rules are the pure functions of app/features/peer-selection/rules.ts;
 * this module loads the facts, locks what a write depends on and writes with an audit record, all in
 * one transaction. API routes and pages call the same functions with the signed-in user.
 *
 * This file holds what the participant's side (service.server.ts) and the manager's side
 * (manager-panel.server.ts) share: the JSON helpers, a panel as a viewer sees it, and the locked
 * add/remove of a peer for an editor. The peers' answers are in peer-requests.server.ts.
 */

type Client = Db | Tx;

export type CycleRefJson = { id: number; name: string; state: CycleStage; stage_label: string };
export type PersonJson = { email: string; name: string };

export function cycleRef(cycle: { id: number; name: string; stage: CycleStage }): CycleRefJson {
  return { id: cycle.id, name: cycle.name, state: cycle.stage, stage_label: stageLabel(cycle.stage) };
}

export function personJson(p: { email: string; name: string } | null | undefined): PersonJson | null {
  return p ? { email: p.email, name: p.name } : null;
}

/** Turn a rule's refusal into the API error (a 422, a rule over well-formed input, carries the field it is about; ADR 0060). */
export function refusalError(r: Refusal, field?: string): ApiError {
  return withNotice(apiErrorOf(r, field), r.notice);
}

function apiErrorOf(r: Refusal, field?: string): ApiError {
  switch (r.status) {
    case 422:
      return unprocessable(r.message, field ? { formErrors: [], fieldErrors: { [field]: [r.message] } } : null);
    case 403:
      return forbidden(r.message);
    case 404:
      return notFound(r.message);
    default:
      return conflict(r.message);
  }
}

// ---------------------------------------------------------------------------------------------
// Panels

/** The subject's mandatory reviewers (deriveMandatoryPanel over the cycle's participant records). */
export async function mandatoryReviewersOf(client: Client, subject: ParticipantWithPeople): Promise<PanelReviewer[]> {
  if (subject.reviewerOnly) return [];
  return derivedReviewersOf(client, subject);
}

type PanelSubject = {
  cycleId: number;
  userId: number;
  managerId: number | null;
  secondaryManagerId: number | null;
  reviewerOnly: boolean;
  user: { email: string; name: string };
  manager: { id: number; email: string; name: string } | null;
  secondaryManager: { id: number; email: string; name: string } | null;
};

/** deriveMandatoryPanel over the cycle's participant records, whatever the subject's reviewer-only flag (the admin's panel page shows them as derived). */
export async function derivedReviewersOf(client: Client, subject: PanelSubject): Promise<PanelReviewer[]> {
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
export async function acceptedCounts(client: Client, cycleId: number, reviewerIds: number[]): Promise<Map<number, number>> {
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
  /** The same as a translation key (pages only; the API's schemas strip it). */
  edit_blocked_notice: PageMessage | null;
  mandatory_reviewers: Array<{ reviewer_type: PanelReviewer["reviewerType"]; reviewer_type_label: string; email: string; name: string }>;
  /** warning_notice: the warning as a translation key (pages only; the API's schemas strip it). */
  peers: Array<PeerRequestJson & { can_remove: boolean; warning: string | null; warning_notice: PageMessage | null }>;
  advice: string[];
};

export async function buildPanel(client: Client, cycle: { id: number; name: string; stage: CycleStage; maxPeers: number }, subject: ParticipantWithPeople, viewer: Editor): Promise<PanelJson> {
  const [mandatory, rows] = [await mandatoryReviewersOf(client, subject), await requestRowsOf(client, subject.id)];
  const counts = await acceptedCounts(client, cycle.id, rows.map((r) => r.reviewerId));
  return panelOf({ cycle, subject, mandatory, requests: rows.map((r) => ({ ...toRequestJson(r), reviewerId: r.reviewerId })), accepted: counts }, viewer);
}

/** What a panel is made of, however it was read (buildPanel through Prisma, the pages' prepared read). */
export type PanelFacts = {
  cycle: { id: number; name: string; stage: CycleStage; maxPeers: number };
  subject: { reviewerOnly: boolean; panelStatus: string; user: { email: string; name: string }; manager: { email: string; name: string } | null };
  mandatory: PanelReviewer[];
  /** The subject's requests, oldest first, with the reviewer's user id. */
  requests: Array<PeerRequestJson & { reviewerId: number }>;
  /** How many requests each of those reviewers accepted in the cycle. */
  accepted: ReadonlyMap<number, number>;
};

/** A panel as `viewer` sees it, from its facts (PURE). */
export function panelOf({ cycle, subject, mandatory, requests: rows, accepted: counts }: PanelFacts, viewer: Editor): PanelJson {
  const panelStatus = fromDbPanelStatus(subject.panelStatus);
  const refusal = editRefusal({ stage: cycle.stage, reviewerOnly: subject.reviewerOnly, panelStatus }, viewer);
  const requests: PeerRequestJson[] = rows.map((row) => {
    const { reviewerId, ...r } = row;
    void reviewerId;
    return r;
  });
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
    edit_blocked_notice: refusal?.notice ?? null,
    mandatory_reviewers: mandatory.map((r) => ({ reviewer_type: r.reviewerType, reviewer_type_label: r.label, email: r.email, name: r.name })),
    peers: requests.map((r, i) => ({
      ...r,
      can_remove: refusal === null && removePeerRefusal(r, r.email) === null,
      warning: r.status === "requested" ? busyPeerWarning(r.name, counts.get(rows[i]!.reviewerId) ?? 0) : null,
      warning_notice: r.status === "requested" ? busyPeerNotice(r.name, counts.get(rows[i]!.reviewerId) ?? 0) : null,
    })),
    advice: subject.reviewerOnly ? [] : [...SELECTION_ADVICE],
  };
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

export type SubjectResolver = (client: Client) => Promise<ParticipantWithPeople>;

/** Set the panel status after `editor`'s change, with its audit record, when it changes. */
export async function applyPanelStatus(tx: Tx, current: CurrentUser, subject: ParticipantWithPeople, before: PanelStatusValue, after: PanelStatusValue, cycleId: number) {
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

/**
 * The start of every change of a selection, inside its transaction: the cycle (404), the subject, the
 * cycle's stage and the selection locked, then the refusal when `editor` may not change it now.
 */
export async function lockEditableSelection(tx: Tx, cycleId: number, resolve: SubjectResolver, editor: Editor) {
  const cycle = await requireCycle(tx, cycleId);
  const subject = await resolve(tx);
  const stage = await lockCycleStage(tx, cycleId);
  const state = await lockSelection(tx, subject.id);
  const blocked = editRefusal({ stage, reviewerOnly: state.reviewerOnly, panelStatus: state.panelStatus }, editor);
  if (blocked) throw refusalError(blocked);
  return { cycle, subject, state };
}

export async function addPeer(current: CurrentUser, cycleId: number, resolve: SubjectResolver, editor: Editor, peerEmailRaw: string) {
  assertNotSpoofing(current);
  const peerEmail = peerEmailRaw.trim().toLowerCase();
  const db = await getDb();
  const { subjectId, warning, notice } = await db.$transaction(async (tx) => {
    const { cycle, subject, state } = await lockEditableSelection(tx, cycleId, resolve, editor);
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
    if (refusal || !peer) throw refusalError(refusal ?? unknownPeerRefusal(peerEmail), "peer_email");
    const created = await tx.peerRequest.create({ data: { cycleId, participantId: subject.id, reviewerId: peer.id, requestedById: current.user.id } });
    await recordAudit(tx, current.actor, {
      action: "peer_request.create",
      entityType: "PeerRequest",
      entityId: created.id,
      after: { cycle_id: cycleId, participant_email: subject.user.email, reviewer_email: peer.email, status: "requested", by: editor },
    });
    await applyPanelStatus(tx, current, subject, state.panelStatus, panelStatusAfterEdit(state.panelStatus, editor), cycleId);
    const accepted = (await acceptedCounts(tx, cycleId, [peer.id])).get(peer.id) ?? 0;
    return { subjectId: subject.id, warning: busyPeerWarning(peer.name, accepted), notice: busyPeerNotice(peer.name, accepted) };
  });
  return { subjectId, warning, notice };
}

export async function removePeer(current: CurrentUser, cycleId: number, resolve: SubjectResolver, editor: Editor, peerEmailRaw: string) {
  assertNotSpoofing(current);
  const peerEmail = peerEmailRaw.trim().toLowerCase();
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const { subject, state } = await lockEditableSelection(tx, cycleId, resolve, editor);
    const request = await tx.peerRequest.findFirst({
      where: { participantId: subject.id, reviewer: { email: { equals: peerEmail, mode: "insensitive" } } },
      include: { reviewer: { select: { email: true } } },
    });
    const refusal = removePeerRefusal(request ? { status: fromDbPeerStatus(request.status) } : null, peerEmail);
    if (refusal || !request) throw refusalError(refusal ?? removePeerRefusal(null, peerEmail)!);
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

export async function panelAfterWrite(cycleId: number, resolve: SubjectResolver, viewer: Editor): Promise<PanelJson> {
  const db = await getDb();
  const cycle = await requireCycle(db, cycleId);
  return buildPanel(db, cycle, await resolve(db), viewer);
}
