import type { TranslationKey } from "~/platform/i18n/locales/types";
import { ADVISED_MAX_ACCEPTED_REQUESTS, MESSAGES, SELECTION_ADVICE, WORKED_WITH_MONTHS, type PanelStatusValue, type PeerRequestStatusValue } from "~/features/peer-selection/rules";

/**
 * Peer selection's texts as translation keys (issue 28). PURE. The server says its refusals, results and warnings in
 * English (rules.ts MESSAGES, the pages' actions, the API); the pages show them through the key that matches: the
 * set is closed (each sentence below), a sentence not known reads as the generic `peers.result.failed`.
 */
export type PeerMessage = { key: TranslationKey; values?: Record<string, string | number> };

export const PEER_STATUS_KEYS: Record<PeerRequestStatusValue, TranslationKey> = {
  requested: "peers.status.requested",
  accepted: "peers.status.accepted",
  declined: "peers.status.declined",
};

export const PANEL_STATUS_KEYS: Record<PanelStatusValue, TranslationKey> = {
  admin_approved: "peers.panelStatus.admin_approved",
  manager_approved: "peers.panelStatus.manager_approved",
};

/** The advice next to a selection (rules.ts SELECTION_ADVICE), in its order. */
export const ADVICE_MESSAGES: Record<(typeof SELECTION_ADVICE)[number], PeerMessage> = {
  [SELECTION_ADVICE[0]]: { key: "peers.advice.workedWith", values: { months: WORKED_WITH_MONTHS } },
  [SELECTION_ADVICE[1]]: { key: "peers.advice.spread", values: { max: ADVISED_MAX_ACCEPTED_REQUESTS } },
};

const EXACT: Record<string, TranslationKey> = {
  [MESSAGES.ownEmail]: "peers.result.ownEmail",
  [MESSAGES.wrongStage]: "peers.result.wrongStage",
  [MESSAGES.reviewerOnly]: "peers.result.reviewerOnly",
  [MESSAGES.managerApproved]: "peers.result.managerApproved",
  [MESSAGES.notYourRequest]: "peers.result.notYourRequest",
  [MESSAGES.alreadyAnswered("requested")]: "peers.result.alreadyAnswered.requested",
  [MESSAGES.alreadyAnswered("accepted")]: "peers.result.alreadyAnswered.accepted",
  [MESSAGES.alreadyAnswered("declined")]: "peers.result.alreadyAnswered.declined",
  "Enter a valid email address": "peers.result.invalidEmail",
};

/** Sentences with values, as the server writes them (the first pattern that matches). */
const PATTERNS: Array<[RegExp, (m: RegExpExecArray) => PeerMessage]> = [
  [/^Feedback requested from (.+) for (.+)$/, (m) => ({ key: "peers.result.requestedFor", values: { name: m[1]!, participant: m[2]! } })],
  [/^Feedback requested from (.+)$/, (m) => ({ key: "peers.result.requested", values: { name: m[1]! } })],
  [/^Request to (.+) withdrawn$/, (m) => ({ key: "peers.result.withdrawn", values: { email: m[1]! } })],
  [/^Accepted the feedback request of (.+)$/, (m) => ({ key: "peers.result.accepted", values: { name: m[1]! } })],
  [/^Declined the feedback request of (.+)$/, (m) => ({ key: "peers.result.declined", values: { name: m[1]! } })],
  [/^Selection of (.+) approved \(Manager Approved\)$/, (m) => ({ key: "peers.result.approved", values: { name: m[1]! } })],
  [/^(.+) is already a mandatory reviewer$/, (m) => ({ key: "peers.result.mandatory", values: { peer: m[1]! } })],
  [/^At most (\d+) peers? can be selected in this cycle$/, (m) => ({ key: "peers.result.maxPeers", values: { count: Number(m[1]) } })],
  [/^(.+) is already in the peer list$/, (m) => ({ key: "peers.result.duplicate", values: { peer: m[1]! } })],
  [/^(.+) has declined this request; remove it before asking again$/, (m) => ({ key: "peers.result.declinedBefore", values: { peer: m[1]! } })],
  [/^No active user with the email (.+)$/, (m) => ({ key: "peers.result.unknownPeer", values: { peer: m[1]! } })],
  [/^(.+) is not in the peer list$/, (m) => ({ key: "peers.result.notInList", values: { peer: m[1]! } })],
  [/^(.+) has accepted the request and cannot be removed$/, (m) => ({ key: "peers.result.acceptedCannotBeRemoved", values: { peer: m[1]! } })],
  [/^You have accepted (\d+) feedback requests; no more than (\d+) are advised\.$/, (m) => ({ key: "peers.result.loadWarning", values: { count: Number(m[1]), max: Number(m[2]) } })],
  [
    /^(.+) has already accepted (\d+) feedback requests in this cycle; no more than (\d+) are advised, so consider someone else\.$/,
    (m) => ({ key: "peers.result.busyPeer", values: { name: m[1]!, count: Number(m[2]), max: Number(m[3]) } }),
  ],
];

export function peerMessage(message: string): PeerMessage {
  const exact = EXACT[message];
  if (exact) return { key: exact };
  for (const [pattern, toMessage] of PATTERNS) {
    const m = pattern.exec(message);
    if (m) return toMessage(m);
  }
  return { key: "peers.result.failed" };
}
