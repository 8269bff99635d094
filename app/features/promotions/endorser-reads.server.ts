import { sqlRows } from "~/platform/sql.server";
import type { CurrentUser } from "~/platform/auth.server";
import { stateOf } from "~/features/calibration/model.server";
import { personJson, toEndorsementJson, type EndorsementRow } from "~/features/promotions/model.server";
import { parseEndorsementStatus, validateEndorsementEvent, type EndorsementAction } from "~/features/promotions/rules";
import type { EndorsementDetailJson, EndorsementJson } from "~/features/promotions/types";

/**
 * The endorser's pages' reads in one prepared statement each (issue 27, ADR 0063): the signed-in user's requests
 * (what listMyEndorsements answers the API), and one request with everything its page shows and who may read it
 * (what getEndorsement answers: the endorser, a member of the promotion session holding the nomination, or a super
 * admin). The JSON comes from the same functions as the API's (toEndorsementJson and the same `can` rule).
 */

type Flat = {
  id: number;
  nominationId: number;
  endorserId: number;
  status: string;
  outcome: string | null;
  body: string | null;
  rejectReason: string | null;
  sessionId: number | null;
  source: string;
  deadline: Date | string | null;
  respondedAt: Date | string | null;
  endorsedAt: Date | string | null;
  createdAt: Date | string;
  endorserName: string;
  endorserEmail: string;
  participantId: number;
  cycleId: number;
  cycleName: string;
  nomineeId: number;
  nomineeName: string;
  nomineeEmail: string;
  jobTitle: string | null;
  department: string | null;
  level: string | null;
};

const date = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

const COLUMNS = `e.id, e."nominationId", e."endorserId", e.status, e.outcome, e.body, e."rejectReason", e."sessionId", e.source,
  e.deadline, e."respondedAt", e."endorsedAt", e."createdAt",
  eu.name AS "endorserName", eu.email AS "endorserEmail",
  p.id AS "participantId", p."cycleId", c.name AS "cycleName",
  nu.id AS "nomineeId", nu.name AS "nomineeName", nu.email AS "nomineeEmail", nu."jobTitle", nu.department, nu.level`;
const FROM = `"Endorsement" e
  JOIN "User" eu ON eu.id = e."endorserId"
  JOIN "PromotionNomination" n ON n.id = e."nominationId"
  JOIN "Participant" p ON p.id = n."participantId"
  JOIN "Cycle" c ON c.id = p."cycleId"
  JOIN "User" nu ON nu.id = p."userId"`;

function toRow(r: Flat): EndorsementRow {
  return {
    id: r.id,
    nominationId: r.nominationId,
    endorserId: r.endorserId,
    status: r.status,
    outcome: r.outcome,
    body: r.body,
    rejectReason: r.rejectReason,
    sessionId: r.sessionId,
    source: r.source,
    deadline: date(r.deadline),
    respondedAt: date(r.respondedAt),
    endorsedAt: date(r.endorsedAt),
    createdAt: date(r.createdAt)!,
    updatedAt: date(r.createdAt)!,
    endorser: { id: r.endorserId, name: r.endorserName, email: r.endorserEmail },
    nomination: {
      id: r.nominationId,
      participant: {
        id: r.participantId,
        cycleId: r.cycleId,
        cycle: { id: r.cycleId, name: r.cycleName },
        user: { id: r.nomineeId, name: r.nomineeName, email: r.nomineeEmail, jobTitle: r.jobTitle, department: r.department, level: r.level },
      },
    },
  };
}

/** The signed-in user's endorsement requests, newest first (as listMyEndorsements without a cycle). */
export async function readMyEndorsements(current: CurrentUser): Promise<EndorsementJson[]> {
  const rows = await sqlRows<Flat>(
    "promotions.my-endorsements",
    `SELECT ${COLUMNS} FROM ${FROM} WHERE e."endorserId" = $1::int ORDER BY e."createdAt" DESC, e.id DESC`,
    [current.user.id]
  );
  return rows.map((r) => toEndorsementJson(toRow(r), true));
}

type DetailFlat = Flat & {
  nominationStatus: string;
  rationale: string | null;
  nominatedById: number | null;
  nominatedByName: string | null;
  nominatedByEmail: string | null;
  sessionState: string | null;
  member: boolean;
};

/**
 * One request of the cycle as its page shows it, or null when there is none or `current` may not read it (the
 * endorser, a member of the promotion session holding the nomination, or a super admin; others learn nothing).
 * `endorserId` is returned apart so that the endorse page can refuse anyone but the endorser with its 403 page.
 */
export async function readEndorsement(current: CurrentUser, cycleId: number, endorsementId: number): Promise<{ endorserId: number; json: EndorsementDetailJson | null } | null> {
  const [r] = await sqlRows<DetailFlat>(
    "promotions.endorsement-detail",
    `SELECT ${COLUMNS},
       n.status AS "nominationStatus", n.rationale, n."nominatedById", nb.name AS "nominatedByName", nb.email AS "nominatedByEmail",
       s.state AS "sessionState",
       EXISTS (SELECT 1 FROM "CalibrationSessionParticipant" sp JOIN "CalibrationSession" ms ON ms.id = sp."sessionId"
               WHERE sp."participantId" = p.id AND sp.kind = 'PROMOTION'
                 AND (ms."createdById" = $3::int OR EXISTS (SELECT 1 FROM "CalibrationSessionMember" m WHERE m."sessionId" = ms.id AND m."userId" = $3::int))) AS member
     FROM ${FROM}
       LEFT JOIN "User" nb ON nb.id = n."nominatedById"
       LEFT JOIN "CalibrationSession" s ON s.id = e."sessionId"
     WHERE e.id = $1::int AND p."cycleId" = $2::int`,
    [endorsementId, cycleId, current.user.id]
  );
  if (!r) return null;
  const isEndorser = r.endorserId === current.user.id;
  if (!isEndorser && current.user.role !== "SUPER_ADMIN" && !r.member) return { endorserId: r.endorserId, json: null };
  const status = parseEndorsementStatus(r.status);
  const closed = r.sessionState !== null && stateOf({ state: r.sessionState }) === "closed";
  const can = (a: EndorsementAction) => isEndorser && !closed && r.nominationStatus === "nominated" && validateEndorsementEvent(status, a, r.id).ok;
  return {
    endorserId: r.endorserId,
    json: {
      ...toEndorsementJson(toRow(r), true),
      rationale: r.rationale,
      nominated_by: r.nominatedById !== null ? personJson({ id: r.nominatedById, name: r.nominatedByName ?? "", email: r.nominatedByEmail ?? "" }) : null,
      can: { accept: can("accept"), reject: can("reject"), endorse: can("endorse") },
    },
  };
}
