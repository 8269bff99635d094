import { sqlRows } from "~/platform/sql.server";
import type { CurrentUser } from "~/platform/auth.server";
import { fromDbState, stageLabel, type CycleStage } from "~/features/cycles/rules";
import { toNominationRowJson, toPromotionSessionJson, type NominationRow, type PromotionSessionRow } from "~/features/promotions/model.server";
import type { NominationRowJson, PromotionSessionJson } from "~/features/promotions/types";

/**
 * The HR partner's promotion pages' reads (issue 27, lean reads; ADR 0063): one prepared statement each for the
 * cycles they have promotion work in, the nominations they may build sessions from, and the promotion sessions they
 * run (or one session with what decides who may open it). The JSON comes from the API's own functions
 * (toNominationRowJson, toPromotionSessionJson), so the pages show what listNominationPool, listPromotionSessions
 * and promotionCycles answer (tests/integration/promotion-hr-reads.test.ts compares them).
 *
 * "Runs a session" is the "hr-partners" pages' rule (sessions.server.ts roleWhere("hr_partner")): created it, or is its
 * session admin. Times inside JSON are written by the statement as ISO strings in UTC (the columns hold UTC).
 */

const iso = (col: string) => `to_char(${col}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const person = (alias: string) => `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'email', ${alias}.email) END`;
const runs = (session: string, user: string) =>
  `(${session}."createdById" = ${user} OR EXISTS (SELECT 1 FROM "CalibrationSessionMember" rm WHERE rm."sessionId" = ${session}.id AND rm."userId" = ${user} AND rm.role = 'ADMIN'))`;
const date = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

// ---------------------------------------------------------------------------------------------
// Cycles

export type HrCycleRow = { id: number; name: string; state: CycleStage; stage_label: string };

const CYCLES_SQL = `
SELECT c.id, c.name, c.state::text AS state FROM "Cycle" c
WHERE EXISTS (SELECT 1 FROM "Participant" p WHERE p."cycleId" = c.id AND p."hrPartnerId" = $1::int
                AND EXISTS (SELECT 1 FROM "PromotionNomination" n WHERE n."participantId" = p.id))
   OR EXISTS (SELECT 1 FROM "CalibrationSession" s WHERE s."cycleId" = c.id AND s.kind = 'PROMOTION' AND ${runs("s", "$1::int")})
ORDER BY c.id DESC`;

/** The cycles where `current` is the HR partner of a nominee or runs a promotion session, newest first (promotionCycles). */
export async function readHrCycles(current: CurrentUser): Promise<HrCycleRow[]> {
  const rows = await sqlRows<{ id: number; name: string; state: string }>("promotions.hr-cycles", CYCLES_SQL, [current.user.id]);
  return rows.map((c) => {
    const state = fromDbState(c.state);
    return { id: c.id, name: c.name, state, stage_label: stageLabel(state) };
  });
}

// ---------------------------------------------------------------------------------------------
// Nominations

type PoolFlat = {
  id: number;
  status: string;
  rationale: string | null;
  createdAt: Date | string;
  participantId: number;
  cycleId: number;
  promotionDecision: string | null;
  nominee: { id: number; name: string; email: string; jobTitle: string | null; department: string | null; level: string | null };
  manager: { id: number; name: string; email: string } | null;
  hrPartner: { id: number; name: string; email: string } | null;
  nominatedBy: { id: number; name: string; email: string } | null;
  calibration: { decision: string | null; session: { id: number; name: string; state: string; createdById: number | null; members: Array<{ userId: number; role: string }> } } | null;
  endorsements: Array<{ id: number; status: string; outcome: string | null; deadline: string | null; endorser: { id: number; name: string; email: string } }>;
};

const POOL_SQL = `
SELECT n.id, n.status, n.rationale, n."createdAt", p.id AS "participantId", p."cycleId", p."promotionDecision",
  json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'jobTitle', u."jobTitle", 'department', u.department, 'level', u.level) AS nominee,
  ${person("mu")} AS manager, ${person("hu")} AS "hrPartner", ${person("nb")} AS "nominatedBy",
  (SELECT json_build_object('decision', sp.decision, 'session', json_build_object('id', s.id, 'name', s.name, 'state', s.state, 'createdById', s."createdById",
            'members', (SELECT coalesce(json_agg(json_build_object('userId', m."userId", 'role', m.role)), '[]'::json) FROM "CalibrationSessionMember" m WHERE m."sessionId" = s.id)))
     FROM "CalibrationSessionParticipant" sp JOIN "CalibrationSession" s ON s.id = sp."sessionId"
    WHERE sp."participantId" = p.id AND sp.kind = 'PROMOTION' ORDER BY sp.id LIMIT 1) AS calibration,
  (SELECT coalesce(json_agg(json_build_object('id', e.id, 'status', e.status, 'outcome', e.outcome, 'deadline', ${iso('e.deadline')},
            'endorser', json_build_object('id', eu.id, 'name', eu.name, 'email', eu.email)) ORDER BY e.id), '[]'::json)
     FROM "Endorsement" e JOIN "User" eu ON eu.id = e."endorserId" WHERE e."nominationId" = n.id) AS endorsements
FROM "PromotionNomination" n
  JOIN "Participant" p ON p.id = n."participantId"
  JOIN "User" u ON u.id = p."userId"
  LEFT JOIN "User" mu ON mu.id = p."managerId"
  LEFT JOIN "User" hu ON hu.id = p."hrPartnerId"
  LEFT JOIN "User" nb ON nb.id = n."nominatedById"
WHERE p."cycleId" = $1::int
  AND (p."hrPartnerId" = $2::int OR EXISTS (SELECT 1 FROM "CalibrationSessionParticipant" msp JOIN "CalibrationSession" ms ON ms.id = msp."sessionId"
                                            WHERE msp."participantId" = p.id AND msp.kind = 'PROMOTION' AND ${runs("ms", "$2::int")}))
  AND (NOT $3::boolean OR (n.status = 'nominated' AND NOT EXISTS (SELECT 1 FROM "CalibrationSessionParticipant" fsp WHERE fsp."participantId" = p.id AND fsp.kind = 'PROMOTION')))
ORDER BY u.name, n.id`;

function toNominationRow(r: PoolFlat): NominationRow {
  return {
    id: r.id,
    participantId: r.participantId,
    status: r.status,
    nominatedById: r.nominatedBy?.id ?? null,
    rationale: r.rationale,
    createdAt: date(r.createdAt)!,
    updatedAt: date(r.createdAt)!,
    nominatedBy: r.nominatedBy,
    participant: {
      id: r.participantId,
      cycleId: r.cycleId,
      promotionDecision: r.promotionDecision,
      user: r.nominee,
      manager: r.manager,
      hrPartner: r.hrPartner,
      calibrations: r.calibration ? [r.calibration] : [],
    },
    endorsements: r.endorsements.map((e) => ({ ...e, deadline: date(e.deadline) })),
  } as unknown as NominationRow;
}

/**
 * The nominations of the cycle the HR partner may build sessions from (listNominationPool(current, "hr_partner", …)):
 * those of their people and those in sessions they run, by nominee name; `notInSession`: only nominated ones in no
 * promotion session yet. The session's decision before sign-off shows only to whoever runs that session (ADR 0028).
 */
export async function readHrNominationPool(current: CurrentUser, cycleId: number, opts: { notInSession?: boolean } = {}): Promise<NominationRowJson[]> {
  const uid = current.user.id;
  const rows = await sqlRows<PoolFlat>("promotions.hr-nomination-pool", POOL_SQL, [cycleId, uid, opts.notInSession === true]);
  return rows.map((r) => toNominationRowJson(toNominationRow(r), (s) => s.createdById === uid || s.members.some((m) => m.userId === uid && m.role === "ADMIN")));
}

// ---------------------------------------------------------------------------------------------
// Sessions

type Person = { id: number; name: string; email: string };
type SessionFlat = {
  id: number;
  cycleId: number;
  cycleName: string;
  cycleState: string;
  name: string;
  state: string;
  deadline: Date | string | null;
  version: number;
  closedAt: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  createdById: number | null;
  createdBy: Person | null;
  members: Array<{ id: number; role: "ADMIN" | "PANELIST" | "SIGN_OFF"; user: Person }>;
  participants: Array<{ id: number; decision: string | null; terminated: boolean; nominationId: number | null }>;
};

const SESSIONS_SQL = `
SELECT s.id, s."cycleId", c.name AS "cycleName", c.state::text AS "cycleState", s.name, s.state, s.deadline, s.version,
  s."closedAt", s."createdAt", s."updatedAt", s."createdById",
  (SELECT json_build_object('id', u.id, 'name', u.name, 'email', u.email) FROM "User" u WHERE u.id = s."createdById") AS "createdBy",
  (SELECT coalesce(json_agg(json_build_object('id', m.id, 'role', m.role, 'user', json_build_object('id', u.id, 'name', u.name, 'email', u.email)) ORDER BY m.id), '[]'::json)
     FROM "CalibrationSessionMember" m JOIN "User" u ON u.id = m."userId" WHERE m."sessionId" = s.id) AS members,
  (SELECT coalesce(json_agg(json_build_object('id', sp.id, 'decision', sp.decision, 'terminated', sp."terminatedAt" IS NOT NULL,
            'nominationId', (SELECT n.id FROM "PromotionNomination" n WHERE n."participantId" = sp."participantId")) ORDER BY sp.id), '[]'::json)
     FROM "CalibrationSessionParticipant" sp WHERE sp."sessionId" = s.id) AS participants
FROM "CalibrationSession" s
JOIN "Cycle" c ON c.id = s."cycleId"
WHERE s.kind = 'PROMOTION' AND ($1::int IS NULL OR s."cycleId" = $1::int) AND ($2::int IS NULL OR s.id = $2::int)
  AND ($3::int IS NULL OR ${runs("s", "$3::int")})
ORDER BY s.id`;

/** A promotion session as read here: the API's JSON, its row for the role rules, its cycle, and its nominations' ids. */
export type HrSessionRead = {
  json: PromotionSessionJson;
  row: { createdById: number | null; state: string; members: Array<{ userId: number; role: "ADMIN" | "PANELIST" | "SIGN_OFF" }> };
  cycle: HrCycleRow;
  nominationIds: number[];
};

function toSessionRead(r: SessionFlat): HrSessionRead {
  const row = {
    id: r.id,
    cycleId: r.cycleId,
    name: r.name,
    state: r.state,
    deadline: date(r.deadline),
    version: r.version,
    closedAt: date(r.closedAt),
    createdAt: date(r.createdAt)!,
    updatedAt: date(r.updatedAt)!,
    createdById: r.createdById,
    cycle: { id: r.cycleId, name: r.cycleName, state: r.cycleState },
    createdBy: r.createdBy,
    members: r.members.map((m) => ({ id: m.id, sessionId: r.id, userId: m.user.id, role: m.role, user: m.user })),
    participants: r.participants.map((p) => ({ id: p.id, decision: p.decision, terminatedAt: p.terminated ? new Date(0) : null })),
  } as unknown as PromotionSessionRow;
  const stage = fromDbState(r.cycleState);
  return {
    json: toPromotionSessionJson(row),
    row: { createdById: r.createdById, state: r.state, members: r.members.map((m) => ({ userId: m.user.id, role: m.role })) },
    cycle: { id: r.cycleId, name: r.cycleName, state: stage, stage_label: stageLabel(stage) },
    nominationIds: r.participants.flatMap((p) => (p.nominationId === null ? [] : [p.nominationId])),
  };
}

/** The promotion sessions of the cycle that `current` runs (created, or session admin), in id order (listPromotionSessions "hr_partner"). */
export async function readHrSessions(current: CurrentUser, cycleId: number): Promise<PromotionSessionJson[]> {
  const rows = await sqlRows<SessionFlat>("promotions.hr-sessions", SESSIONS_SQL, [cycleId, null, current.user.id]);
  return rows.map((r) => toSessionRead(r).json);
}

/** One promotion session (of `cycleId` when given), whoever asks: the caller decides with its roles (rolesIn) who may see it. */
export async function readPromotionSession(sessionId: number, cycleId: number | null): Promise<HrSessionRead | null> {
  const [r] = await sqlRows<SessionFlat>("promotions.hr-sessions", SESSIONS_SQL, [cycleId, sessionId, null]);
  return r ? toSessionRead(r) : null;
}
