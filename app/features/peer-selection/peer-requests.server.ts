import { getDb } from "~/platform/db.server";
import type { Prisma } from "~/generated/prisma/client.ts";
import type { CycleStage } from "~/features/cycles/rules";
import {
  acceptedLoadWarning,
  ADVISED_MAX_ACCEPTED_REQUESTS,
  fromDbPeerStatus,
  PEER_REQUEST_STATUS_LABELS,
  requestNotFoundRefusal,
  respondRefusal,
  statusAfterDecision,
  type PeerDecision,
  type PeerRequestStatusValue,
} from "~/features/peer-selection/rules";
import { recordAudit } from "~/platform/audit.server";
import { assertNotSpoofing, type CurrentUser } from "~/platform/auth.server";
import { requireCycle } from "~/features/cycles/context.server";
import { lockCycleStage } from "~/features/cycles/stage-effects.server";
import { cycleRef, personJson, refusalError, type CycleRefJson, type PersonJson } from "~/features/peer-selection/panels.server";

/**
 * Peer/stakeholder selection, the requested reviewer's side (docs/decisions/0020-peer-selection.md): the
 * feedback requests addressed to the signed-in user and their answer (accept or decline).
 */

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
  return incomingListOf(cycle, rows.map((r) => toIncoming(r, current.user.id, cycle.stage)));
}

/** The requests to the viewer (oldest first) as the list shows them: open ones first, the accepted count (PURE). */
export function incomingListOf(cycle: { id: number; name: string; stage: CycleStage }, requests: IncomingRequestJson[]): IncomingRequestsJson {
  const order: Record<PeerRequestStatusValue, number> = { requested: 0, accepted: 1, declined: 2 };
  const sorted = [...requests].sort((a, b) => order[a.status] - order[b.status]);
  const accepted = sorted.filter((r) => r.status === "accepted").length;
  return {
    cycle: cycleRef(cycle),
    requests: sorted,
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
    if (!request) throw refusalError(requestNotFoundRefusal(requestId));
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
      throw refusalError(now ? respondRefusal({ reviewerId: request.reviewerId, status: fromDbPeerStatus(now.status) }, current.user.id, stage)! : requestNotFoundRefusal());
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
