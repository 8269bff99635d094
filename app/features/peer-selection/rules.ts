/**
 * Peer/stakeholder selection rules (spec §4, §5, §9): who may change a participant's peer requests,
 * which peers may be added or removed, how requested reviewers answer, and the advice shown.
 *
 * PURE module: no Node or browser imports; shared by the server (app/features/peer-selection/*.server.ts)
 * and the pages. Every refusal carries the HTTP status the API answers with and the message the user
 * reads. See docs/decisions/0020-peer-selection.md.
 */
import type { CycleStage } from "~/features/cycles/rules";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";

// ---------------------------------------------------------------------------------------------
// Constants and labels

/** Spec §5/§9: no more than 7 accepted feedback requests per reviewer are advised (not enforced). */
export const ADVISED_MAX_ACCEPTED_REQUESTS = 7;
/** Spec §5/§9: peers are people worked with in the last 6 months (advice). */
export const WORKED_WITH_MONTHS = 6;

/** The only stage in which peer requests are made, changed and answered. */
export const SELECTION_STAGE: CycleStage = "start";

export const PANEL_STATUSES = ["admin_approved", "manager_approved"] as const;
export type PanelStatusValue = (typeof PANEL_STATUSES)[number];
/**
 * What a person reads. admin_approved (the spec's API value) is the default state of every selection: nobody has
 * approved it (an admin's change keeps it), so it reads 'Not approved' (issue 26 §6, ADR 0057).
 */
export const PANEL_STATUS_LABELS: Record<PanelStatusValue, string> = {
  admin_approved: "Not approved",
  manager_approved: "Manager Approved",
};

export const PEER_REQUEST_STATUSES = ["requested", "accepted", "declined"] as const;
export type PeerRequestStatusValue = (typeof PEER_REQUEST_STATUSES)[number];
export const PEER_REQUEST_STATUS_LABELS: Record<PeerRequestStatusValue, string> = {
  requested: "Requested",
  accepted: "Accepted",
  declined: "Declined",
};

export function fromDbPanelStatus(value: "ADMIN_APPROVED" | "MANAGER_APPROVED" | string): PanelStatusValue {
  return value === "MANAGER_APPROVED" ? "manager_approved" : "admin_approved";
}
export function toDbPanelStatus(value: PanelStatusValue): "ADMIN_APPROVED" | "MANAGER_APPROVED" {
  return value === "manager_approved" ? "MANAGER_APPROVED" : "ADMIN_APPROVED";
}
export function fromDbPeerStatus(value: "REQUESTED" | "ACCEPTED" | "DECLINED" | string): PeerRequestStatusValue {
  return value.toLowerCase() as PeerRequestStatusValue;
}

/** Messages of the spec (§5) and of the rules around them, in one place so tests and pages agree. */
export const MESSAGES = {
  ownEmail: "Peer's email can't be the same as the user's email",
  mandatory: (peer: string) => `${peer} is already a mandatory reviewer`,
  maxPeers: (max: number) => `At most ${max} ${max === 1 ? "peer" : "peers"} can be selected in this cycle`,
  duplicate: (peer: string) => `${peer} is already in the peer list`,
  declinedBefore: (peer: string) => `${peer} has declined this request; remove it before asking again`,
  unknownPeer: (peer: string) => `No active user with the email ${peer}`,
  wrongStage: "Peer selection is open only in the start stage of the cycle",
  reviewerOnly: "Reviewer-only participants receive no feedback, so they have no peer selection",
  managerApproved: "Your manager has modified your peer selection (Manager Approved); only your manager can change it now",
  notInList: (peer: string) => `${peer} is not in the peer list`,
  acceptedCannotBeRemoved: (peer: string) => `${peer} has accepted the request and cannot be removed`,
  notYourRequest: "Only the requested reviewer can answer this feedback request",
  alreadyAnswered: (status: PeerRequestStatusValue) => `This feedback request was already ${status}`,
} as const;

/** Advice shown next to the selection (spec §5, §9): advisory only. */
export const SELECTION_ADVICE = [
  `Choose people you have worked with in the last ${WORKED_WITH_MONTHS} months.`,
  `Each person is advised to accept no more than ${ADVISED_MAX_ACCEPTED_REQUESTS} feedback requests, so spread your requests.`,
] as const;

// ---------------------------------------------------------------------------------------------
// Who may edit

/** Who changes a selection: the participant, their manager, or an admin (POST admin/…/panel/new, ADR 0034). */
export type Editor = "participant" | "manager" | "admin";

/**
 * A refusal: the HTTP status of the API, its English message (the API's) and the same as a translation key with values
 * (`notice`: what a page shows, in the reader's language; issue 28).
 */
export type Refusal = { status: 403 | 404 | 409 | 422; message: string; notice: PageMessage };

export type SelectionState = {
  stage: CycleStage;
  reviewerOnly: boolean;
  panelStatus: PanelStatusValue;
};

/**
 * Why `editor` may not change the selection now, or null when they may (spec §4): only in the start
 * stage; reviewer-only participants have no panel; once the manager modified it (Manager Approved)
 * only the manager may edit. The manager may always edit a direct report's selection in the stage.
 */
export function editRefusal(state: SelectionState, editor: Editor): Refusal | null {
  if (state.stage !== SELECTION_STAGE) return { status: 409, message: MESSAGES.wrongStage, notice: pageMessage("peers.result.wrongStage") };
  if (state.reviewerOnly) return { status: 409, message: MESSAGES.reviewerOnly, notice: pageMessage("peers.result.reviewerOnly") };
  if (editor === "participant" && state.panelStatus === "manager_approved") {
    return { status: 409, message: MESSAGES.managerApproved, notice: pageMessage("peers.result.managerApproved") };
  }
  return null;
}

export function canEditSelection(state: SelectionState, editor: Editor): boolean {
  return editRefusal(state, editor) === null;
}

/**
 * The panel status after an edit (spec §4): a manager's change makes it Manager Approved; the
 * participant's own change keeps it (Admin Approved, since a Manager Approved selection is locked).
 */
export function panelStatusAfterEdit(current: PanelStatusValue, editor: Editor): PanelStatusValue {
  // An admin's addition changes no one's right to edit: the status stays as it is.
  return editor === "manager" ? "manager_approved" : current;
}

// ---------------------------------------------------------------------------------------------
// Adding and removing peers

/** Requests that count towards the maximum and block a second request: not declined. */
export function isOpenOrAccepted(status: PeerRequestStatusValue): boolean {
  return status === "requested" || status === "accepted";
}

export function selectedCount(requests: readonly { status: PeerRequestStatusValue }[]): number {
  return requests.filter((r) => isOpenOrAccepted(r.status)).length;
}

export type AddPeerInput = {
  /** The participant whose selection changes. */
  subject: { userId: number; email: string };
  /** The email as entered (lower-cased). */
  peerEmail: string;
  /** The active user with that email, or null when there is none. */
  peer: { userId: number; email: string } | null;
  /** The subject's mandatory reviewers (deriveMandatoryPanel). */
  mandatory: readonly { userId: number }[];
  /** The subject's current peer requests. */
  requests: readonly { reviewerId: number; status: PeerRequestStatusValue }[];
  maxPeers: number;
};

/**
 * Why the peer may not be added (400), or null. Order: own email, unknown user, mandatory reviewer,
 * already asked, maximum count. The maximum counts requested and accepted peers (declined ones give
 * no feedback and free their place).
 */
export function addPeerRefusal(input: AddPeerInput): Refusal | null {
  const email = input.peerEmail.trim().toLowerCase();
  if (email === input.subject.email.toLowerCase() || input.peer?.userId === input.subject.userId) {
    return { status: 422, message: MESSAGES.ownEmail, notice: pageMessage("peers.result.ownEmail") };
  }
  if (!input.peer) return unknownPeerRefusal(email);
  const peerId = input.peer.userId;
  if (input.mandatory.some((m) => m.userId === peerId)) {
    return { status: 422, message: MESSAGES.mandatory(email), notice: pageMessage("peers.result.mandatory", { peer: email }) };
  }
  const existing = input.requests.find((r) => r.reviewerId === peerId);
  if (existing?.status === "declined") {
    return { status: 422, message: MESSAGES.declinedBefore(email), notice: pageMessage("peers.result.declinedBefore", { peer: email }) };
  }
  if (existing) return { status: 422, message: MESSAGES.duplicate(email), notice: pageMessage("peers.result.duplicate", { peer: email }) };
  if (selectedCount(input.requests) >= input.maxPeers) {
    return { status: 422, message: MESSAGES.maxPeers(input.maxPeers), notice: pageMessage("peers.result.maxPeers", { count: input.maxPeers }) };
  }
  return null;
}

/** No active user has the email (the peer to add). */
export function unknownPeerRefusal(peerEmail: string): Refusal {
  return { status: 422, message: MESSAGES.unknownPeer(peerEmail), notice: pageMessage("peers.result.unknownPeer", { peer: peerEmail }) };
}

/** Why the request may not be removed, or null (spec §4: once accepted a reviewer cannot be removed). */
export function removePeerRefusal(request: { status: PeerRequestStatusValue } | null, peerEmail: string): Refusal | null {
  if (!request) return { status: 404, message: MESSAGES.notInList(peerEmail), notice: pageMessage("peers.result.notInList", { peer: peerEmail }) };
  if (request.status === "accepted") {
    return { status: 409, message: MESSAGES.acceptedCannotBeRemoved(peerEmail), notice: pageMessage("peers.result.acceptedCannotBeRemoved", { peer: peerEmail }) };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Answering a request

export type PeerDecision = "accept" | "decline";

/**
 * Why `userId` may not answer the request, or null: only the requested reviewer (403); only in the
 * start stage (409); only once (409: an accepted request can no longer be declined, which would
 * remove the reviewer, and a declined one is not reopened).
 */
export function respondRefusal(request: { reviewerId: number; status: PeerRequestStatusValue }, userId: number, stage: CycleStage): Refusal | null {
  if (request.reviewerId !== userId) return { status: 403, message: MESSAGES.notYourRequest, notice: pageMessage("peers.result.notYourRequest") };
  if (stage !== SELECTION_STAGE) return { status: 409, message: MESSAGES.wrongStage, notice: pageMessage("peers.result.wrongStage") };
  if (request.status !== "requested") {
    return { status: 409, message: MESSAGES.alreadyAnswered(request.status), notice: pageMessage(`peers.result.alreadyAnswered.${request.status}`) };
  }
  return null;
}

/** The feedback request (its id) is not in the cycle, or no longer there. */
export function requestNotFoundRefusal(requestId?: number): Refusal {
  const message = requestId === undefined ? "Feedback request not found" : `Feedback request ${requestId} not found in this cycle`;
  return { status: 404, message, notice: pageMessage("peers.result.requestNotFound") };
}

export function statusAfterDecision(decision: PeerDecision): PeerRequestStatusValue {
  return decision === "accept" ? "accepted" : "declined";
}

// ---------------------------------------------------------------------------------------------
// Advice (never enforced)

/**
 * A warning for the reviewer about their load: null up to the advised number of accepted requests,
 * a sentence above it (the API's; a page says acceptedLoadNotice).
 */
export function acceptedLoadWarning(acceptedCount: number): string | null {
  if (acceptedCount <= ADVISED_MAX_ACCEPTED_REQUESTS) return null;
  return `You have accepted ${acceptedCount} feedback requests; no more than ${ADVISED_MAX_ACCEPTED_REQUESTS} are advised.`;
}

/**
 * A warning when choosing a peer who already accepted the advised number of requests in the cycle
 * (asking them adds to their load); null otherwise.
 */
export function busyPeerWarning(peerName: string, acceptedCount: number): string | null {
  if (acceptedCount < ADVISED_MAX_ACCEPTED_REQUESTS) return null;
  return `${peerName} has already accepted ${acceptedCount} feedback requests in this cycle; no more than ${ADVISED_MAX_ACCEPTED_REQUESTS} are advised, so consider someone else.`;
}

/** acceptedLoadWarning as a translation key with values (issue 28). */
export function acceptedLoadNotice(acceptedCount: number): PageMessage | null {
  if (acceptedCount <= ADVISED_MAX_ACCEPTED_REQUESTS) return null;
  return pageMessage("peers.result.loadWarning", { count: acceptedCount, max: ADVISED_MAX_ACCEPTED_REQUESTS });
}

/** busyPeerWarning as a translation key with values (issue 28). */
export function busyPeerNotice(peerName: string, acceptedCount: number): PageMessage | null {
  if (acceptedCount < ADVISED_MAX_ACCEPTED_REQUESTS) return null;
  return pageMessage("peers.result.busyPeer", { name: peerName, count: acceptedCount, max: ADVISED_MAX_ACCEPTED_REQUESTS });
}

/** Counters of a selection for the page: selected (requested + accepted), accepted, declined, places left. */
export function selectionCounters(requests: readonly { status: PeerRequestStatusValue }[], maxPeers: number) {
  const selected = selectedCount(requests);
  return {
    selected,
    accepted: requests.filter((r) => r.status === "accepted").length,
    requested: requests.filter((r) => r.status === "requested").length,
    declined: requests.filter((r) => r.status === "declined").length,
    max: maxPeers,
    remaining: Math.max(0, maxPeers - selected),
  };
}
