/**
 * Promotions (issue 14, ADR 0028): endorsement requests and promotion calibration sessions. PURE module:
 * the endorsement workflow (workflows/endorsement.ts), the services and the components all use it.
 *
 * A promotion session is a calibration session of kind PROMOTION: it shares the rating sessions' states,
 * transitions, workflow, members, comments and history (app/features/calibration). What differs is what
 * each role may do in it (PROMOTION_PERMISSIONS) and what it decides (a promotion decision per nomination).
 */
// Relative on purpose: this module is bundled into the workflows (webpack there knows no `~/` alias).
import { PROMOTION_DECISIONS, PROMOTION_DECISION_LABELS, type PromotionDecision } from "../participants/rules";
import { SESSION_TRANSITIONS, type SessionRole, type SessionState, type SessionTransition } from "../calibration/rules";

// ---------------------------------------------------------------------------------------------
// Endorsement requests

export const ENDORSEMENT_STATUSES = ["requested", "accepted", "rejected", "endorsed", "expired", "cancelled"] as const;
export type EndorsementStatus = (typeof ENDORSEMENT_STATUSES)[number];

export const ENDORSEMENT_STATUS_LABELS: Record<EndorsementStatus, string> = {
  requested: "Requested",
  accepted: "Accepted",
  rejected: "Rejected",
  endorsed: "Completed",
  expired: "Expired",
  cancelled: "Cancelled",
};

/** Open: the endorser still has something to do. */
export const OPEN_ENDORSEMENT_STATUSES = ["requested", "accepted"] as const satisfies readonly EndorsementStatus[];

export function isEndorsementStatus(value: unknown): value is EndorsementStatus {
  return typeof value === "string" && (ENDORSEMENT_STATUSES as readonly string[]).includes(value);
}

export function isEndorsementOpen(status: EndorsementStatus): boolean {
  return (OPEN_ENDORSEMENT_STATUSES as readonly string[]).includes(status);
}

export function parseEndorsementStatus(value: string | null | undefined): EndorsementStatus {
  return isEndorsementStatus(value) ? value : "cancelled";
}

export const ENDORSEMENT_OUTCOMES = ["endorsed", "not_endorsed"] as const;
export type EndorsementOutcome = (typeof ENDORSEMENT_OUTCOMES)[number];
export const ENDORSEMENT_OUTCOME_LABELS: Record<EndorsementOutcome, string> = { endorsed: "Endorsed", not_endorsed: "Not endorsed" };

/** The outcome column of the status dialog: the written outcome, else what the request's end means. */
export function endorsementOutcomeText(status: EndorsementStatus, outcome: string | null | undefined): string {
  if (outcome === "endorsed" || outcome === "not_endorsed") return ENDORSEMENT_OUTCOME_LABELS[outcome];
  switch (status) {
    case "requested":
    case "accepted":
      return "Pending";
    case "rejected":
      return "Declined";
    case "expired":
      return "No response";
    default:
      return "—";
  }
}

/** What the endorser does: accept or reject the request, then endorse (the endorsement is written). */
export const ENDORSEMENT_ACTIONS = ["accept", "reject", "endorse"] as const;
export type EndorsementAction = (typeof ENDORSEMENT_ACTIONS)[number];

/** What ends a request from outside: its deadline passes (expire), or the nomination leaves the process (cancel). */
export type EndorsementEvent = EndorsementAction | "expire" | "cancel";

const ENDORSEMENT_TABLE: Record<EndorsementEvent, { from: readonly EndorsementStatus[]; to: EndorsementStatus }> = {
  accept: { from: ["requested"], to: "accepted" },
  reject: { from: ["requested", "accepted"], to: "rejected" },
  endorse: { from: ["accepted"], to: "endorsed" },
  expire: { from: ["requested", "accepted"], to: "expired" },
  cancel: { from: ["requested", "accepted"], to: "cancelled" },
};

export type EndorsementCheck = { ok: true; from: EndorsementStatus; to: EndorsementStatus } | { ok: false; message: string };

/** Is `event` allowed while the request is `status`? (The workflow's update validator.) */
export function validateEndorsementEvent(status: EndorsementStatus, event: EndorsementEvent, endorsementId: number): EndorsementCheck {
  const row = ENDORSEMENT_TABLE[event];
  if (!row) return { ok: false, message: `Unknown endorsement action '${String(event)}'` };
  if (row.from.includes(status)) return { ok: true, from: status, to: row.to };
  if (!isEndorsementOpen(status)) {
    return { ok: false, message: `Endorsement request ${endorsementId} is ${ENDORSEMENT_STATUS_LABELS[status].toLowerCase()}; it can no longer change` };
  }
  return {
    ok: false,
    message: `Endorsement request ${endorsementId} is ${ENDORSEMENT_STATUS_LABELS[status].toLowerCase()}; '${event}' is allowed only when it is ${row.from
      .map((s) => ENDORSEMENT_STATUS_LABELS[s].toLowerCase())
      .join(" or ")}`,
  };
}

/** The cycle's rule for endorsers picked automatically when a nomination joins a promotion session. */
export const ENDORSEMENT_RULES = ["none", "skip_level_manager"] as const;
export type EndorsementRule = (typeof ENDORSEMENT_RULES)[number];
export const ENDORSEMENT_RULE_LABELS: Record<EndorsementRule, string> = {
  none: "Only the endorsers the session admin picks",
  skip_level_manager: "Also the nominee's skip-level manager",
};
export function parseEndorsementRule(value: string | null | undefined): EndorsementRule {
  return value === "skip_level_manager" ? "skip_level_manager" : "none";
}

export const ENDORSEMENT_DAYS_DEFAULT = 7;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The deadline of a new request: the one asked for, else `days` from now. */
export function endorsementDeadline(now: number, days: number, requested?: string | null): Date {
  return requested ? new Date(requested) : new Date(now + Math.max(1, days) * DAY_MS);
}

/** The skip-level manager the rule picks, unless absent or the nominee themself. */
export function skipLevelEndorser(nominee: { userId: number; managerManagerId: number | null | undefined }): number | null {
  const id = nominee.managerManagerId ?? null;
  return id != null && id !== nominee.userId ? id : null;
}

// ---------------------------------------------------------------------------------------------
// Promotion sessions: who may do what (the states and moves are the rating sessions')

export const PROMOTION_ACTIONS = [
  "edit",
  "activate",
  "request_endorsement",
  "vote",
  "comment",
  "decide",
  "progress_to_review",
  "sign_off",
  "close",
] as const;
export type PromotionAction = (typeof PROMOTION_ACTIONS)[number];

/**
 * The HR partner who created a session and its session admin both run it (the spec's "promotion session
 * admins" reach it through /app/promotions/hr-partners); panelists vote and comment; the sign-off party
 * closes it or sends it back; a super admin may close any open session.
 */
const PROMOTION_PERMISSIONS: Record<PromotionAction, Partial<Record<SessionRole, readonly SessionState[]>>> = {
  edit: { hr_partner: ["draft"], admin: ["draft"] },
  activate: { hr_partner: ["draft"], admin: ["draft"] },
  request_endorsement: { hr_partner: ["draft", "active", "revision_requested"], session_admin: ["draft", "active", "revision_requested"] },
  vote: { panelist: ["active", "revision_requested"] },
  comment: {
    hr_partner: ["active", "revision_requested", "in_review"],
    session_admin: ["active", "revision_requested", "in_review"],
    panelist: ["active", "revision_requested", "in_review"],
    sign_off: ["in_review"],
  },
  decide: { hr_partner: ["active", "revision_requested"], session_admin: ["active", "revision_requested"] },
  progress_to_review: { hr_partner: ["active", "revision_requested"], session_admin: ["active", "revision_requested"] },
  sign_off: { sign_off: ["in_review"] },
  close: { admin: ["draft", "active", "in_review", "revision_requested"] },
};

export function mayPromotion(roles: readonly SessionRole[], action: PromotionAction, state: SessionState): boolean {
  const rule = PROMOTION_PERMISSIONS[action];
  return roles.some((r) => rule[r]?.includes(state) ?? false);
}

export function mayPromotionEver(roles: readonly SessionRole[], action: PromotionAction): boolean {
  const rule = PROMOTION_PERMISSIONS[action];
  return roles.some((r) => (rule[r]?.length ?? 0) > 0);
}

/** The transition events of the one transition call (`?event=`), and the action each needs. */
export const PROMOTION_EVENTS = SESSION_TRANSITIONS;
export type PromotionEvent = SessionTransition;
export const EVENT_ACTION: Record<PromotionEvent, PromotionAction> = {
  activate: "activate",
  progress_to_review: "progress_to_review",
  progress_to_close: "sign_off",
  progress_to_revision_requested: "sign_off",
  close: "close",
};

export function isPromotionEvent(value: unknown): value is PromotionEvent {
  return typeof value === "string" && (PROMOTION_EVENTS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// Votes and decisions

export const PROMOTION_VOTES = PROMOTION_DECISIONS;
export type PromotionVote = PromotionDecision;
export const VOTE_LABELS: Record<PromotionVote, string> = { PROMOTED: "Promote", NOT_PROMOTED: "Do not promote", DEFERRED: "Defer" };
export { PROMOTION_DECISIONS, PROMOTION_DECISION_LABELS, type PromotionDecision };

export type VoteTally = Record<PromotionVote, number> & { total: number };

export function tallyVotes(votes: ReadonlyArray<{ vote: string }>): VoteTally {
  const t: VoteTally = { PROMOTED: 0, NOT_PROMOTED: 0, DEFERRED: 0, total: 0 };
  for (const v of votes) {
    if ((PROMOTION_VOTES as readonly string[]).includes(v.vote)) {
      t[v.vote as PromotionVote]++;
      t.total++;
    }
  }
  return t;
}

/** The nominations (live ones) still without a decision: progress to review needs none. */
export function undecided<T extends { decision: string | null; terminatedAt?: Date | string | null }>(rows: readonly T[]): T[] {
  return rows.filter((r) => !r.terminatedAt && !(PROMOTION_DECISIONS as readonly string[]).includes(r.decision ?? ""));
}

// ---------------------------------------------------------------------------------------------
// Dashboard statistics

export type RateRow = { key: string; decided: number; promoted: number; rate: number | null };

/** Approval rate per group (promoted / decided), groups with no key as "Not set", sorted by name. */
export function approvalRates<T>(rows: readonly T[], keyOf: (r: T) => string | null | undefined, decisionOf: (r: T) => string | null | undefined): RateRow[] {
  const by = new Map<string, { decided: number; promoted: number }>();
  for (const r of rows) {
    const d = decisionOf(r);
    if (!d || !(PROMOTION_DECISIONS as readonly string[]).includes(d)) continue;
    const key = keyOf(r)?.trim() || "Not set";
    const g = by.get(key) ?? { decided: 0, promoted: 0 };
    g.decided++;
    if (d === "PROMOTED") g.promoted++;
    by.set(key, g);
  }
  return [...by.entries()]
    .map(([key, g]) => ({ key, ...g, rate: g.decided ? Math.round((g.promoted / g.decided) * 1000) / 10 : null }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

export const PROMOTION_LIMITS = {
  nominationsMax: 500,
  endorsersMax: 10,
  endorsementMax: 5000,
  noteMax: 2000,
  reasonMax: 2000,
} as const;
