import { describe, expect, it } from "vitest";
import {
  ENDORSEMENT_ACTIONS,
  ENDORSEMENT_STATUSES,
  EVENT_ACTION,
  PROMOTION_ACTIONS,
  PROMOTION_EVENTS,
  approvalRates,
  endorsementDeadline,
  endorsementOutcomeText,
  isEndorsementOpen,
  isPromotionEvent,
  mayPromotion,
  mayPromotionEver,
  parseEndorsementRule,
  parseEndorsementStatus,
  skipLevelEndorser,
  tallyVotes,
  undecided,
  validateEndorsementEvent,
  type EndorsementEvent,
  type EndorsementStatus,
} from "~/features/promotions/rules";
import { SESSION_STATES, SESSION_TRANSITIONS, type SessionRole, type SessionState } from "~/features/calibration/rules";

describe("endorsement requests: status machine", () => {
  const expected: Record<EndorsementEvent, Partial<Record<EndorsementStatus, EndorsementStatus>>> = {
    accept: { requested: "accepted" },
    reject: { requested: "rejected", accepted: "rejected" },
    endorse: { accepted: "endorsed" },
    expire: { requested: "expired", accepted: "expired" },
    cancel: { requested: "cancelled", accepted: "cancelled" },
  };
  for (const event of [...ENDORSEMENT_ACTIONS, "expire", "cancel"] as EndorsementEvent[]) {
    for (const status of ENDORSEMENT_STATUSES) {
      const to = expected[event][status];
      it(`${event} from ${status} → ${to ?? "refused"}`, () => {
        const res = validateEndorsementEvent(status, event, 7);
        if (to) expect(res).toEqual({ ok: true, from: status, to });
        else {
          expect(res.ok).toBe(false);
          if (!res.ok) expect(res.message).toContain("Endorsement request 7");
        }
      });
    }
  }

  it("refuses an unknown action", () => {
    expect(validateEndorsementEvent("requested", "approve" as EndorsementEvent, 1)).toEqual({ ok: false, message: "Unknown endorsement action 'approve'" });
  });

  it("knows which statuses are open", () => {
    expect(ENDORSEMENT_STATUSES.filter(isEndorsementOpen)).toEqual(["requested", "accepted"]);
    expect(parseEndorsementStatus("bogus")).toBe("cancelled");
    expect(parseEndorsementStatus("accepted")).toBe("accepted");
  });

  it("names the outcome the status dialog shows", () => {
    expect(endorsementOutcomeText("endorsed", "endorsed")).toBe("Endorsed");
    expect(endorsementOutcomeText("endorsed", "not_endorsed")).toBe("Not endorsed");
    expect(endorsementOutcomeText("requested", null)).toBe("Pending");
    expect(endorsementOutcomeText("accepted", null)).toBe("Pending");
    expect(endorsementOutcomeText("rejected", null)).toBe("Declined");
    expect(endorsementOutcomeText("expired", null)).toBe("No response");
    expect(endorsementOutcomeText("cancelled", null)).toBe("—");
  });
});

describe("endorsement deadlines and the cycle rule", () => {
  it("uses the deadline asked for, else the cycle's days (at least one)", () => {
    const now = Date.UTC(2026, 10, 24, 12);
    expect(endorsementDeadline(now, 7).toISOString()).toBe("2026-12-01T12:00:00.000Z");
    expect(endorsementDeadline(now, 0).toISOString()).toBe("2026-11-25T12:00:00.000Z");
    expect(endorsementDeadline(now, 7, "2026-11-30T09:00:00.000Z").toISOString()).toBe("2026-11-30T09:00:00.000Z");
  });

  it("picks the skip-level manager, never the nominee", () => {
    expect(skipLevelEndorser({ userId: 1, managerManagerId: 3 })).toBe(3);
    expect(skipLevelEndorser({ userId: 1, managerManagerId: 1 })).toBeNull();
    expect(skipLevelEndorser({ userId: 1, managerManagerId: null })).toBeNull();
    expect(parseEndorsementRule("skip_level_manager")).toBe("skip_level_manager");
    expect(parseEndorsementRule("anything")).toBe("none");
  });
});

describe("promotion sessions: who may do what, when", () => {
  const table: Record<string, Partial<Record<SessionRole, SessionState[]>>> = {
    edit: { hr_partner: ["draft"], admin: ["draft"] },
    activate: { hr_partner: ["draft"], admin: ["draft"] },
    request_endorsement: { hr_partner: ["draft", "active", "revision_requested"], session_admin: ["draft", "active", "revision_requested"] },
    vote: { panelist: ["active", "revision_requested"] },
    comment: {
      hr_partner: ["active", "in_review", "revision_requested"],
      session_admin: ["active", "in_review", "revision_requested"],
      panelist: ["active", "in_review", "revision_requested"],
      sign_off: ["in_review"],
    },
    decide: { hr_partner: ["active", "revision_requested"], session_admin: ["active", "revision_requested"] },
    progress_to_review: { hr_partner: ["active", "revision_requested"], session_admin: ["active", "revision_requested"] },
    sign_off: { sign_off: ["in_review"] },
    close: { admin: ["draft", "active", "in_review", "revision_requested"] },
  };
  const roles: SessionRole[] = ["hr_partner", "admin", "session_admin", "panelist", "sign_off"];
  for (const action of PROMOTION_ACTIONS) {
    for (const role of roles) {
      it(`${role} may ${action} in ${(table[action]?.[role] ?? []).join(", ") || "no state"}`, () => {
        const allowed = SESSION_STATES.filter((s) => mayPromotion([role], action, s));
        expect([...allowed].sort()).toEqual([...(table[action]?.[role] ?? [])].sort());
        expect(mayPromotionEver([role], action)).toBe(allowed.length > 0);
      });
    }
  }

  it("nothing is allowed once closed", () => {
    for (const action of PROMOTION_ACTIONS) expect(mayPromotion(roles, action, "closed")).toBe(false);
  });

  it("maps every transition event to the action it needs", () => {
    expect(PROMOTION_EVENTS).toEqual(SESSION_TRANSITIONS);
    expect(EVENT_ACTION).toEqual({ activate: "activate", progress_to_review: "progress_to_review", progress_to_close: "sign_off", progress_to_revision_requested: "sign_off", close: "close" });
    expect(isPromotionEvent("progress_to_close")).toBe(true);
    expect(isPromotionEvent("approve")).toBe(false);
    expect(isPromotionEvent(null)).toBe(false);
  });
});

describe("votes, decisions and rates", () => {
  it("tallies votes, ignoring unknown values", () => {
    expect(tallyVotes([{ vote: "PROMOTED" }, { vote: "PROMOTED" }, { vote: "DEFERRED" }, { vote: "maybe" }])).toEqual({ PROMOTED: 2, NOT_PROMOTED: 0, DEFERRED: 1, total: 3 });
  });

  it("finds the live nominations without a decision", () => {
    const rows = [
      { id: 1, decision: "PROMOTED", terminatedAt: null },
      { id: 2, decision: null, terminatedAt: null },
      { id: 3, decision: "bogus", terminatedAt: null },
      { id: 4, decision: null, terminatedAt: new Date() },
    ];
    expect(undecided(rows).map((r) => r.id)).toEqual([2, 3]);
  });

  it("computes approval rates per group (promoted / decided), undecided ones left out", () => {
    const rows = [
      { d: "Eng", x: "PROMOTED" },
      { d: "Eng", x: "NOT_PROMOTED" },
      { d: "Eng", x: null },
      { d: null, x: "DEFERRED" },
      { d: "Sales", x: "PROMOTED" },
    ];
    expect(approvalRates(rows, (r) => r.d, (r) => r.x)).toEqual([
      { key: "Eng", decided: 2, promoted: 1, rate: 50 },
      { key: "Not set", decided: 1, promoted: 0, rate: 0 },
      { key: "Sales", decided: 1, promoted: 1, rate: 100 },
    ]);
  });
});
