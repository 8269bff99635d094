import { describe, expect, it } from "vitest";
import { CYCLE_STAGES } from "~/features/cycles/rules";
import {
  acceptedLoadWarning,
  addPeerRefusal,
  ADVISED_MAX_ACCEPTED_REQUESTS,
  busyPeerWarning,
  canEditSelection,
  editRefusal,
  fromDbPanelStatus,
  fromDbPeerStatus,
  MESSAGES,
  PANEL_STATUS_LABELS,
  panelStatusAfterEdit,
  removePeerRefusal,
  respondRefusal,
  SELECTION_ADVICE,
  selectedCount,
  selectionCounters,
  statusAfterDecision,
  toDbPanelStatus,
  WORKED_WITH_MONTHS,
  type AddPeerInput,
  type PeerRequestStatusValue,
} from "~/features/peer-selection/rules";

const subject = { userId: 1, email: "sue.subject@example.com" };
const peer = { userId: 9, email: "pat.peer@example.com" };

function input(over: Partial<AddPeerInput> = {}): AddPeerInput {
  return {
    subject,
    peerEmail: peer.email,
    peer,
    mandatory: [{ userId: 1 }, { userId: 2 }, { userId: 3 }],
    requests: [],
    maxPeers: 3,
    ...over,
  };
}

const reqs = (...statuses: PeerRequestStatusValue[]) => statuses.map((status, i) => ({ reviewerId: 100 + i, status }));

describe("spec texts and constants", () => {
  it("keeps the spec's messages and advice", () => {
    expect(MESSAGES.ownEmail).toBe("Peer's email can't be the same as the user's email");
    expect(MESSAGES.mandatory("bea.boss@example.com")).toBe("bea.boss@example.com is already a mandatory reviewer");
    expect(MESSAGES.maxPeers(4)).toBe("At most 4 peers can be selected in this cycle");
    expect(MESSAGES.maxPeers(1)).toBe("At most 1 peer can be selected in this cycle");
    expect(ADVISED_MAX_ACCEPTED_REQUESTS).toBe(7);
    expect(WORKED_WITH_MONTHS).toBe(6);
    expect(SELECTION_ADVICE.join(" ")).toContain("last 6 months");
    expect(SELECTION_ADVICE.join(" ")).toContain("no more than 7 feedback requests");
    expect(PANEL_STATUS_LABELS).toEqual({ admin_approved: "Not approved", manager_approved: "Manager Approved" });
  });

  it("converts database enums", () => {
    expect(fromDbPanelStatus("MANAGER_APPROVED")).toBe("manager_approved");
    expect(fromDbPanelStatus("ADMIN_APPROVED")).toBe("admin_approved");
    expect(toDbPanelStatus("manager_approved")).toBe("MANAGER_APPROVED");
    expect(toDbPanelStatus("admin_approved")).toBe("ADMIN_APPROVED");
    expect(fromDbPeerStatus("ACCEPTED")).toBe("accepted");
    expect(fromDbPeerStatus("DECLINED")).toBe("declined");
    expect(fromDbPeerStatus("REQUESTED")).toBe("requested");
  });
});

describe("who may edit (spec §4)", () => {
  const open = { stage: "start" as const, reviewerOnly: false, panelStatus: "admin_approved" as const };

  it("lets the participant and the manager edit an Admin Approved selection in the start stage", () => {
    expect(editRefusal(open, "participant")).toBeNull();
    expect(editRefusal(open, "manager")).toBeNull();
    expect(canEditSelection(open, "participant")).toBe(true);
  });

  it("after a manager change (Manager Approved) only the manager may edit", () => {
    const locked = { ...open, panelStatus: "manager_approved" as const };
    expect(editRefusal(locked, "participant")).toEqual({ status: 409, message: MESSAGES.managerApproved, notice: { key: "peers.result.managerApproved" } });
    expect(canEditSelection(locked, "participant")).toBe(false);
    expect(editRefusal(locked, "manager")).toBeNull();
  });

  it("allows editing only in the start stage (selection closes with SPU feedback)", () => {
    for (const stage of CYCLE_STAGES.filter((s) => s !== "start")) {
      expect(editRefusal({ ...open, stage }, "participant")).toEqual({ status: 409, message: MESSAGES.wrongStage, notice: { key: "peers.result.wrongStage" } });
      expect(editRefusal({ ...open, stage }, "manager")).toEqual({ status: 409, message: MESSAGES.wrongStage, notice: { key: "peers.result.wrongStage" } });
    }
  });

  it("reviewer-only participants have no panel to edit", () => {
    expect(editRefusal({ ...open, reviewerOnly: true }, "participant")).toEqual({ status: 409, message: MESSAGES.reviewerOnly, notice: { key: "peers.result.reviewerOnly" } });
    expect(editRefusal({ ...open, reviewerOnly: true }, "manager")?.status).toBe(409);
  });

  it("a manager's edit makes the selection Manager Approved; the participant's keeps it", () => {
    expect(panelStatusAfterEdit("admin_approved", "manager")).toBe("manager_approved");
    expect(panelStatusAfterEdit("manager_approved", "manager")).toBe("manager_approved");
    expect(panelStatusAfterEdit("admin_approved", "participant")).toBe("admin_approved");
  });

  it("an admin adds reviewers under the manager's rules (start stage, not reviewer-only, even when Manager Approved) and changes no status", () => {
    expect(editRefusal(open, "admin")).toBeNull();
    expect(editRefusal({ ...open, panelStatus: "manager_approved" }, "admin")).toBeNull();
    expect(editRefusal({ ...open, reviewerOnly: true }, "admin")).toEqual({ status: 409, message: MESSAGES.reviewerOnly, notice: { key: "peers.result.reviewerOnly" } });
    for (const stage of CYCLE_STAGES.filter((s) => s !== "start")) expect(editRefusal({ ...open, stage }, "admin")?.status).toBe(409);
    expect(panelStatusAfterEdit("admin_approved", "admin")).toBe("admin_approved");
    expect(panelStatusAfterEdit("manager_approved", "admin")).toBe("manager_approved");
  });
});

describe("adding a peer (spec §5)", () => {
  it("accepts a new peer within the maximum", () => {
    expect(addPeerRefusal(input())).toBeNull();
    expect(addPeerRefusal(input({ requests: reqs("requested", "accepted") }))).toBeNull();
  });

  it("refuses the user's own email, in any case and with spaces", () => {
    expect(addPeerRefusal(input({ peerEmail: "Sue.Subject@example.com ", peer: { userId: 1, email: subject.email } }))).toEqual({
      status: 422,
      message: "Peer's email can't be the same as the user's email",
      notice: { key: "peers.result.ownEmail" },
    });
    // Own email even when the lookup found nobody (e.g. an inactive own account).
    expect(addPeerRefusal(input({ peerEmail: subject.email, peer: null }))?.message).toBe(MESSAGES.ownEmail);
  });

  it("refuses an email with no active user", () => {
    expect(addPeerRefusal(input({ peerEmail: "ghost@example.com", peer: null }))).toEqual({
      status: 422,
      message: MESSAGES.unknownPeer("ghost@example.com"),
      notice: { key: "peers.result.unknownPeer", values: { peer: "ghost@example.com" } },
    });
  });

  it("refuses a mandatory reviewer with '{peer} is already a mandatory reviewer'", () => {
    expect(addPeerRefusal(input({ peerEmail: "bea.boss@example.com", peer: { userId: 2, email: "bea.boss@example.com" } }))).toEqual({
      status: 422,
      message: "bea.boss@example.com is already a mandatory reviewer",
      notice: { key: "peers.result.mandatory", values: { peer: "bea.boss@example.com" } },
    });
  });

  it("refuses a peer already asked (requested or accepted) and one who declined", () => {
    expect(addPeerRefusal(input({ requests: [{ reviewerId: 9, status: "requested" }] }))).toEqual({
      status: 422,
      message: MESSAGES.duplicate(peer.email),
      notice: { key: "peers.result.duplicate", values: { peer: peer.email } },
    });
    expect(addPeerRefusal(input({ requests: [{ reviewerId: 9, status: "accepted" }] }))?.message).toBe(MESSAGES.duplicate(peer.email));
    expect(addPeerRefusal(input({ requests: [{ reviewerId: 9, status: "declined" }] }))).toEqual({
      status: 422,
      message: MESSAGES.declinedBefore(peer.email),
      notice: { key: "peers.result.declinedBefore", values: { peer: peer.email } },
    });
  });

  it("refuses more than maxPeers requested or accepted peers, naming the number; declined ones free their place", () => {
    expect(addPeerRefusal(input({ requests: reqs("requested", "accepted", "requested") }))).toEqual({
      status: 422,
      message: "At most 3 peers can be selected in this cycle",
      notice: { key: "peers.result.maxPeers", values: { count: 3 } },
    });
    expect(addPeerRefusal(input({ requests: reqs("requested", "declined", "accepted", "declined") }))).toBeNull();
    expect(addPeerRefusal(input({ maxPeers: 0 }))?.message).toBe(MESSAGES.maxPeers(0));
  });

  it("checks in order: own email, unknown, mandatory, duplicate, maximum", () => {
    const full = reqs("requested", "requested", "requested");
    expect(addPeerRefusal(input({ peerEmail: subject.email, peer: { userId: 1, email: subject.email }, requests: full }))?.message).toBe(MESSAGES.ownEmail);
    expect(addPeerRefusal(input({ peer: { userId: 2, email: peer.email }, requests: full }))?.message).toBe(MESSAGES.mandatory(peer.email));
    expect(addPeerRefusal(input({ requests: [...full, { reviewerId: 9, status: "requested" }] }))?.message).toBe(MESSAGES.duplicate(peer.email));
  });
});

describe("removing a peer (spec §4)", () => {
  it("removes requested and declined requests", () => {
    expect(removePeerRefusal({ status: "requested" }, peer.email)).toBeNull();
    expect(removePeerRefusal({ status: "declined" }, peer.email)).toBeNull();
  });

  it("never removes an accepted reviewer (409)", () => {
    expect(removePeerRefusal({ status: "accepted" }, peer.email)).toEqual({
      status: 409,
      message: `${peer.email} has accepted the request and cannot be removed`,
      notice: { key: "peers.result.acceptedCannotBeRemoved", values: { peer: peer.email } },
    });
  });

  it("404 for a peer not in the list", () => {
    expect(removePeerRefusal(null, peer.email)).toEqual({ status: 404, message: MESSAGES.notInList(peer.email), notice: { key: "peers.result.notInList", values: { peer: peer.email } } });
  });
});

describe("answering a request", () => {
  const request = { reviewerId: 9, status: "requested" as const };

  it("lets the requested reviewer answer an open request in the start stage", () => {
    expect(respondRefusal(request, 9, "start")).toBeNull();
    expect(statusAfterDecision("accept")).toBe("accepted");
    expect(statusAfterDecision("decline")).toBe("declined");
  });

  it("403 for anyone else (even the participant or their manager)", () => {
    expect(respondRefusal(request, 1, "start")).toEqual({ status: 403, message: MESSAGES.notYourRequest, notice: { key: "peers.result.notYourRequest" } });
    expect(respondRefusal(request, 1, "spu_feedback")?.status).toBe(403);
  });

  it("409 once answered or when selection is closed", () => {
    expect(respondRefusal({ reviewerId: 9, status: "accepted" }, 9, "start")).toEqual({
      status: 409,
      message: "This feedback request was already accepted",
      notice: { key: "peers.result.alreadyAnswered.accepted" },
    });
    expect(respondRefusal({ reviewerId: 9, status: "declined" }, 9, "start")).toEqual({
      status: 409,
      message: "This feedback request was already declined",
      notice: { key: "peers.result.alreadyAnswered.declined" },
    });
    for (const stage of CYCLE_STAGES.filter((s) => s !== "start")) {
      expect(respondRefusal(request, 9, stage)).toEqual({ status: 409, message: MESSAGES.wrongStage, notice: { key: "peers.result.wrongStage" } });
    }
  });
});

describe("advice (never enforced)", () => {
  it("warns a reviewer above 7 accepted requests", () => {
    expect(acceptedLoadWarning(0)).toBeNull();
    expect(acceptedLoadWarning(7)).toBeNull();
    expect(acceptedLoadWarning(8)).toBe("You have accepted 8 feedback requests; no more than 7 are advised.");
  });

  it("warns when asking a peer who already accepted 7 requests", () => {
    expect(busyPeerWarning("Pat Peer", 6)).toBeNull();
    expect(busyPeerWarning("Pat Peer", 7)).toBe(
      "Pat Peer has already accepted 7 feedback requests in this cycle; no more than 7 are advised, so consider someone else.",
    );
  });

  it("counts the selection", () => {
    const list = reqs("requested", "accepted", "declined", "accepted");
    expect(selectedCount(list)).toBe(3);
    expect(selectionCounters(list, 5)).toEqual({ selected: 3, accepted: 2, requested: 1, declined: 1, max: 5, remaining: 2 });
    expect(selectionCounters(reqs("requested", "requested"), 1).remaining).toBe(0);
  });
});
