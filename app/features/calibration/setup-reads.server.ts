import { sqlRows } from "~/platform/sql.server";
import { nameKeyLanguage, nameKeySql } from "~/platform/db/name-order.server";
import type { CurrentUser } from "~/platform/auth.server";
import { forbidden, notFound } from "~/platform/api.server";
import { parseStoredRating } from "~/features/participants/rules";
import { fromDbState, stageLabel } from "~/features/cycles/rules";
import { SESSION_STATE_LABELS, readGuideline, type SessionState } from "~/features/calibration/rules";
import { allowedActions, personJson, rolesIn, stateOf } from "~/features/calibration/model.server";
import type { HrPartnerParticipantJson, PersonJson, SessionJson } from "~/features/calibration/types";

/**
 * The session setup pages' reads (issue 27, lean reads; ADR 0063): the rating sessions of a cycle with their people
 * and counts in one prepared statement, and the participant pool with the session each one is in in another, so the
 * HR partner's and the admin's pages read in at most 3 round trips. The same JSON as the services' `listSessions`,
 * `sessionParticipantsPool` and `getSessionDetail` (sessions.server.ts, views.server.ts), which the API keeps using.
 */

type MemberRow = { role: "ADMIN" | "PANELIST" | "SIGN_OFF"; id: number; name: string; email: string };
type SessionSqlRow = {
  id: number;
  cycle_id: number;
  cycle_name: string;
  cycle_state: string;
  name: string;
  state: string;
  guideline: unknown;
  deadline: Date | null;
  version: number;
  closed_at: Date | null;
  created_at: Date;
  updated_at: Date;
  created_by: PersonJson | null;
  members: MemberRow[];
  live: number;
  changed: number;
  terminated: number;
};

const SESSIONS_SQL = `
SELECT s.id, s."cycleId" AS cycle_id, c.name AS cycle_name, c.state::text AS cycle_state, s.name, s.state, s.guideline, s.deadline, s.version,
  s."closedAt" AS closed_at, s."createdAt" AS created_at, s."updatedAt" AS updated_at,
  (SELECT json_build_object('id', u.id, 'name', u.name, 'email', u.email) FROM "User" u WHERE u.id = s."createdById") AS created_by,
  (SELECT coalesce(json_agg(json_build_object('role', m.role, 'id', u.id, 'name', u.name, 'email', u.email) ORDER BY m.id), '[]'::json)
     FROM "CalibrationSessionMember" m JOIN "User" u ON u.id = m."userId" WHERE m."sessionId" = s.id) AS members,
  n.live, n.changed, n.terminated
FROM "CalibrationSession" s
JOIN "Cycle" c ON c.id = s."cycleId"
CROSS JOIN LATERAL (
  SELECT (count(*) FILTER (WHERE sp."terminatedAt" IS NULL))::int AS live,
         (count(*) FILTER (WHERE sp."terminatedAt" IS NULL AND sp.rating IS DISTINCT FROM p."proposedRating"))::int AS changed,
         (count(*) FILTER (WHERE sp."terminatedAt" IS NOT NULL))::int AS terminated
  FROM "CalibrationSessionParticipant" sp JOIN "Participant" p ON p.id = sp."participantId"
  WHERE sp."sessionId" = s.id
) n
WHERE s.kind = 'RATING' AND ($1::int IS NULL OR s."cycleId" = $1) AND ($2::int IS NULL OR s."createdById" = $2) AND ($3::int IS NULL OR s.id = $3)
ORDER BY s.id`;

function toJson(r: SessionSqlRow): SessionJson {
  const members = (role: MemberRow["role"]) => r.members.filter((m) => m.role === role).map(personJson);
  const state = stateOf(r);
  return {
    id: r.id,
    cycle_id: r.cycle_id,
    cycle_name: r.cycle_name,
    name: r.name,
    state,
    state_label: SESSION_STATE_LABELS[state],
    deadline: r.deadline?.toISOString() ?? null,
    created_by: r.created_by ? personJson(r.created_by) : null,
    session_admin: members("ADMIN")[0] ?? null,
    panelists: members("PANELIST"),
    sign_off_parties: members("SIGN_OFF"),
    guideline: readGuideline(r.guideline),
    participant_count: r.live,
    changed_count: r.changed,
    terminated_count: r.terminated,
    version: r.version,
    closed_at: r.closed_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

async function sessionRows(cycleId: number | null, createdById: number | null, sessionId: number | null) {
  return sqlRows<SessionSqlRow>("calibration_setup_sessions", SESSIONS_SQL, [cycleId, createdById, sessionId]);
}

/** The cycle's rating sessions (as `listSessions`): the HR partner's own, or every one for the admin. One statement. */
export async function setupSessions(current: CurrentUser, owner: "hr_partner" | "admin", cycleId: number): Promise<SessionJson[]> {
  return (await sessionRows(cycleId, owner === "hr_partner" ? current.user.id : null, null)).map(toJson);
}

/**
 * Rating session `sessionId` for its edit page, with what `owner` may do there (as `getSessionDetail`'s `allowed`):
 * 404 when it is no rating session, 403 when `current` is not its HR partner (or, for "admin", no super admin). One statement.
 */
export async function setupSession(current: CurrentUser, owner: "hr_partner" | "admin", sessionId: number) {
  const [row] = await sessionRows(null, null, sessionId);
  if (!row) throw notFound(`Calibration session ${sessionId} not found`);
  const session = toJson(row);
  const roles = rolesIn({ createdById: row.created_by?.id ?? null, members: row.members.map((m) => ({ userId: m.id, role: m.role })) }, current);
  if (!roles.includes(owner)) throw forbidden(`Only ${owner === "admin" ? "a super admin of" : "the HR partner who created"} this calibration session can do this`);
  const stage = fromDbState(row.cycle_state);
  const cycle = { id: row.cycle_id, name: row.cycle_name, state: stage, stage_label: stageLabel(stage) };
  return { session, cycle, allowed: allowedActions(roles, session.state as SessionState) };
}

type PoolSqlRow = {
  participant_id: number;
  proposed_rating: number | null;
  calibrated_rating: string | null;
  reviewer_only: boolean;
  user_id: number;
  user_name: string;
  user_email: string;
  job_title: string | null;
  department: string | null;
  manager_id: number | null;
  manager_name: string | null;
  manager_email: string | null;
  session_id: number | null;
  session_name: string | null;
  session_state: string | null;
};

const POOL_SQL = `
SELECT p.id AS participant_id, p."proposedRating" AS proposed_rating, p."calibratedRating" AS calibrated_rating, p."reviewerOnly" AS reviewer_only,
  u.id AS user_id, u.name AS user_name, u.email AS user_email, u."jobTitle" AS job_title, u.department,
  mg.id AS manager_id, mg.name AS manager_name, mg.email AS manager_email,
  cs.id AS session_id, cs.name AS session_name, cs.state AS session_state
FROM "Participant" p
JOIN "User" u ON u.id = p."userId"
LEFT JOIN "User" mg ON mg.id = p."managerId"
LEFT JOIN LATERAL (
  SELECT s.id, s.name, s.state FROM "CalibrationSessionParticipant" sp JOIN "CalibrationSession" s ON s.id = sp."sessionId"
  WHERE sp."participantId" = p.id AND sp.kind = 'RATING' ORDER BY sp.id LIMIT 1
) cs ON true
WHERE p."cycleId" = $1 AND ($2::int IS NULL OR p."hrPartnerId" = $2) AND (NOT $3::boolean OR (NOT p."reviewerOnly" AND cs.id IS NULL))
ORDER BY ${nameKeySql("u", "$4")}, p.id`;

/**
 * The cycle's participants for the HR partner (theirs) or the admin (all; `notInSession`: only those who get a rating
 * and are in no rating session), with the session each is in (as `sessionParticipantsPool`). One statement. By name in
 * the collation of `opts.language` (the reader's; ADR 0101), en's when none.
 */
export async function setupPool(current: CurrentUser, owner: "hr_partner" | "admin", cycleId: number, opts: { notInSession?: boolean; language?: string } = {}): Promise<HrPartnerParticipantJson[]> {
  const params = [cycleId, owner === "hr_partner" ? current.user.id : null, opts.notInSession ?? false, nameKeyLanguage(opts.language)];
  const rows = await sqlRows<PoolSqlRow>("calibration_setup_pool", POOL_SQL, params);
  return rows.map((r) => ({
    participant_id: r.participant_id,
    user: { id: r.user_id, name: r.user_name, email: r.user_email, job_title: r.job_title, department: r.department },
    manager: r.manager_id !== null ? { id: r.manager_id, name: r.manager_name!, email: r.manager_email! } : null,
    proposed_rating: r.proposed_rating,
    calibrated_rating: parseStoredRating(r.calibrated_rating),
    reviewer_only: r.reviewer_only,
    session: r.session_id !== null ? { id: r.session_id, name: r.session_name!, state: stateOf({ state: r.session_state! }) } : null,
  }));
}
