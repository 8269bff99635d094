import type { Prisma } from "~/generated/prisma/client.ts";
import type { CurrentUser } from "~/platform/auth.server";
import { forbidden } from "~/platform/api.server";
import { SESSION_STATE_LABELS, type SessionRole, type SessionState } from "~/features/calibration/rules";
import { personJson, requireSession, rolesIn, sessionCoreAudit, sessionCoreJson, stateOf, type Client, type SessionRow } from "~/features/calibration/model.server";
import { PROMOTION_DECISION_LABELS, parseStoredDecision } from "~/features/participants/rules";
import {
  ENDORSEMENT_STATUSES,
  ENDORSEMENT_STATUS_LABELS,
  PROMOTION_ACTIONS,
  endorsementOutcomeText,
  mayPromotion,
  mayPromotionEver,
  parseEndorsementStatus,
  type EndorsementStatus,
  type PromotionAction,
} from "~/features/promotions/rules";
import type { DecisionJson, EndorsementJson, NomineeJson, NominationRowJson, PromotionSessionJson } from "~/features/promotions/types";
import { conflict } from "~/platform/api.server";

/** Loading promotion sessions, nominations and endorsements, and their JSON. */

export { personJson, type Client };

const person = { select: { id: true, name: true, email: true } } as const;
const nomineeUser = { select: { id: true, name: true, email: true, jobTitle: true, department: true, level: true } } as const;

export function nomineeJson(participantId: number, u: { id: number; name: string; email: string; jobTitle: string | null; department: string | null; level: string | null }): NomineeJson {
  return { id: u.id, name: u.name, email: u.email, participant_id: participantId, job_title: u.jobTitle, department: u.department, level: u.level };
}

export function decisionJson(value: string | null | undefined): DecisionJson | null {
  const d = parseStoredDecision(value);
  return d ? { value: d, label: PROMOTION_DECISION_LABELS[d] } : null;
}

// ---------------------------------------------------------------------------------------------
// Endorsements

export const endorsementInclude = {
  endorser: person,
  nomination: { select: { id: true, participant: { select: { id: true, cycleId: true, cycle: { select: { id: true, name: true } }, user: nomineeUser } } } },
} satisfies Prisma.EndorsementInclude;
export type EndorsementRow = Prisma.EndorsementGetPayload<{ include: typeof endorsementInclude }>;

/** An endorsement's JSON; `withBody` only for those who may read what the endorser wrote. */
export function toEndorsementJson(row: EndorsementRow, withBody: boolean): EndorsementJson {
  const status = parseEndorsementStatus(row.status);
  const outcome = row.outcome === "endorsed" || row.outcome === "not_endorsed" ? row.outcome : null;
  const p = row.nomination.participant;
  return {
    id: row.id,
    cycle_id: p.cycleId,
    cycle_name: p.cycle.name,
    nomination_id: row.nominationId,
    session_id: row.sessionId,
    endorser: personJson(row.endorser),
    nominee: nomineeJson(p.id, p.user),
    status,
    status_label: ENDORSEMENT_STATUS_LABELS[status],
    outcome,
    outcome_label: endorsementOutcomeText(status, outcome),
    body: withBody ? row.body : null,
    reject_reason: withBody ? row.rejectReason : null,
    source: row.source === "cycle_rule" ? "cycle_rule" : "session_admin",
    deadline: row.deadline?.toISOString() ?? null,
    responded_at: row.respondedAt?.toISOString() ?? null,
    endorsed_at: row.endorsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export function endorsementAudit(row: { status: string; outcome: string | null; body: string | null; rejectReason: string | null; endorserId: number; nominationId: number; deadline: Date | null }) {
  return {
    nomination_id: row.nominationId,
    endorser_id: row.endorserId,
    status: row.status,
    outcome: row.outcome,
    endorsement: row.body,
    reject_reason: row.rejectReason,
    deadline: row.deadline?.toISOString() ?? null,
  };
}

export function countByStatus(rows: ReadonlyArray<{ status: string }>): Record<EndorsementStatus, number> {
  const out = Object.fromEntries(ENDORSEMENT_STATUSES.map((s) => [s, 0])) as Record<EndorsementStatus, number>;
  for (const r of rows) out[parseEndorsementStatus(r.status)]++;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Nominations (the pool promotion sessions are built from)

export const nominationRowInclude = {
  nominatedBy: person,
  participant: {
    select: {
      id: true,
      cycleId: true,
      promotionDecision: true,
      user: nomineeUser,
      manager: person,
      hrPartner: person,
      calibrations: {
        where: { kind: "PROMOTION" },
        select: { decision: true, session: { select: { id: true, name: true, state: true, createdById: true, members: { select: { userId: true, role: true } } } } },
      },
    },
  },
  endorsements: { include: { endorser: person }, orderBy: { id: "asc" } },
} satisfies Prisma.PromotionNominationInclude;
export type NominationRow = Prisma.PromotionNominationGetPayload<{ include: typeof nominationRowInclude }>;

type NominationSession = NominationRow["participant"]["calibrations"][number]["session"];

/** A nomination row; the session's (not yet signed-off) decision only when `seesDecision` says so. */
export function toNominationRowJson(row: NominationRow, seesDecision: (session: NominationSession) => boolean): NominationRowJson {
  const p = row.participant;
  const sp = p.calibrations[0];
  return {
    id: row.id,
    cycle_id: p.cycleId,
    nominee: nomineeJson(p.id, p.user),
    manager: p.manager ? personJson(p.manager) : null,
    hr_partner: p.hrPartner ? personJson(p.hrPartner) : null,
    nominated_by: row.nominatedBy ? personJson(row.nominatedBy) : null,
    rationale: row.rationale,
    status: row.status === "nominated" ? "nominated" : "withdrawn",
    session: sp ? { id: sp.session.id, name: sp.session.name, state: stateOf(sp.session) } : null,
    endorsements: row.endorsements.map((e) => {
      const status = parseEndorsementStatus(e.status);
      const outcome = e.outcome === "endorsed" || e.outcome === "not_endorsed" ? e.outcome : null;
      return {
        id: e.id,
        endorser: personJson(e.endorser),
        status,
        status_label: ENDORSEMENT_STATUS_LABELS[status],
        outcome,
        outcome_label: endorsementOutcomeText(status, outcome),
        deadline: e.deadline?.toISOString() ?? null,
      };
    }),
    endorsement_counts: countByStatus(row.endorsements),
    decision: sp && seesDecision(sp.session) ? decisionJson(sp.decision) : null,
    promotion_decision: decisionJson(p.promotionDecision),
    created_at: row.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Sessions

export const promotionSessionInclude = {
  cycle: { select: { id: true, name: true, state: true } },
  createdBy: person,
  members: { include: { user: person }, orderBy: { id: "asc" } },
  participants: { select: { id: true, decision: true, terminatedAt: true } },
} satisfies Prisma.CalibrationSessionInclude;
export type PromotionSessionRow = Prisma.CalibrationSessionGetPayload<{ include: typeof promotionSessionInclude }>;

export function toPromotionSessionJson(row: PromotionSessionRow): PromotionSessionJson {
  const live = row.participants.filter((p) => !p.terminatedAt);
  const { version, closed_at, created_at, updated_at, ...core } = sessionCoreJson(row);
  return {
    ...core,
    nomination_count: live.length,
    decided_count: live.filter((p) => parseStoredDecision(p.decision)).length,
    version,
    closed_at,
    created_at,
    updated_at,
  };
}

export function promotionSessionAudit(row: PromotionSessionRow) {
  return { ...sessionCoreAudit(row), session_participant_ids: row.participants.map((p) => p.id) };
}

export function promotionAllowed(roles: readonly SessionRole[], state: SessionState): Record<PromotionAction, boolean> {
  return Object.fromEntries(PROMOTION_ACTIONS.map((a) => [a, mayPromotion(roles, a, state)])) as Record<PromotionAction, boolean>;
}

/** The promotion session, and the viewer's roles in it (403 when `role` is not one of them). */
export async function requirePromotionSessionAs(client: Client, current: CurrentUser, role: SessionRole | "any_member", cycleId: number, sessionId: number) {
  const row = await requireSession(client, cycleId, sessionId, "PROMOTION");
  const roles = rolesIn(row, current);
  const ok = role === "any_member" ? roles.length > 0 : roles.includes(role);
  if (!ok) throw forbidden(`You have no part in promotion calibration session ${sessionId}`);
  return { row, roles, state: stateOf(row) };
}

/** The role-and-state check of a promotion action, for `withLockedSession` (403 wrong person, 409 wrong moment). */
export function promotionCheck(current: CurrentUser, action: PromotionAction, only?: readonly SessionRole[]) {
  return (row: SessionRow) => {
    const roles = rolesIn(row, current).filter((r) => !only || only.includes(r));
    if (!mayPromotionEver(roles, action)) throw forbidden(`You cannot ${action.replace(/_/g, " ")} in promotion calibration session ${row.id}`);
    const state = stateOf(row);
    if (!mayPromotion(roles, action, state)) {
      throw conflict(
        state === "closed"
          ? `Promotion calibration session ${row.id} is closed; nothing in it changes any more`
          : `Promotion calibration session ${row.id} is '${SESSION_STATE_LABELS[state]}'; you cannot ${action.replace(/_/g, " ")} now`,
        { session_id: row.id, state, action },
      );
    }
  };
}

/**
 * The role through which `current` runs the session on the "hr-partners" pages and `hr_partner` paths: the
 * HR partner who created it, else its session admin (403 when neither).
 */
export async function runnerRole(client: Client, current: CurrentUser, cycleId: number, sessionId: number): Promise<"hr_partner" | "session_admin"> {
  const { roles } = await requirePromotionSessionAs(client, current, "any_member", cycleId, sessionId);
  if (roles.includes("hr_partner")) return "hr_partner";
  if (roles.includes("session_admin")) return "session_admin";
  throw forbidden(`Only the HR partner who created promotion calibration session ${sessionId} or its session admin can run it`);
}
