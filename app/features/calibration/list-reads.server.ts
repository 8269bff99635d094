import type { CurrentUser } from "~/platform/auth.server";
import { sqlRows } from "~/platform/sql.server";
import { SESSION_COLUMNS, type SessionSqlRow } from "~/features/calibration/meeting-sql.server";
import { sessionJson } from "~/features/calibration/meeting-reads.server";
import type { CycleOption, MeetingRole } from "~/features/calibration/meeting-page-types";
import type { SessionJson } from "~/features/calibration/types";

/**
 * The session lists of the meeting roles (/app/session-admin/calibration-sessions, /app/ratings/calibration-panelist/
 * sessions, /app/sign-off-party/calibration-sessions; issue 27, lean reads, ADR 0091) in two prepared statements sent
 * together: the cycles in which the reader holds the role in a rating session (newest first, the cycle switcher), with
 * whether the asked cycle exists; and the reader's sessions of that cycle (SESSION_COLUMNS, the JSON of
 * sessions.server.ts listSessions). The same answer as cyclesForRole + listSessions (tests/integration/
 * calibration-list-reads.test.ts).
 */

const MEMBER_ROLE: Record<MeetingRole, "ADMIN" | "PANELIST" | "SIGN_OFF"> = { session_admin: "ADMIN", panelist: "PANELIST", sign_off: "SIGN_OFF" };

/** A session `s` the reader ($1) holds the role ($2) in. */
const MEMBER = `EXISTS (SELECT 1 FROM "CalibrationSessionMember" m WHERE m."sessionId" = s.id AND m."userId" = $1::int AND m.role::text = $2::text)`;

/** $1 user, $2 member role, $3 the asked cycle (null: none). */
const CYCLES_SQL = `
SELECT
  (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.id DESC), '[]'::json)
     FROM "Cycle" c WHERE EXISTS (SELECT 1 FROM "CalibrationSession" s WHERE s."cycleId" = c.id AND s.kind = 'RATING' AND ${MEMBER})) AS cycles,
  EXISTS (SELECT 1 FROM "Cycle" c WHERE c.id = $3::int) AS "cycleFound"`;

/** $1 user, $2 member role, $3 cycle: the reader's rating sessions of the cycle, by id. */
const SESSIONS_SQL = `
SELECT ${SESSION_COLUMNS}
FROM "CalibrationSession" s JOIN "Cycle" c ON c.id = s."cycleId"
WHERE s."cycleId" = $3::int AND s.kind = 'RATING' AND ${MEMBER}
ORDER BY s.id`;

export type SessionListRead = { cycles: CycleOption[]; cycleFound: boolean; sessions: SessionJson[] };

/** The reader's cycles as `role` and, with `cycleId`, whether it exists and their sessions in it. */
export async function readSessionList(current: CurrentUser, role: MeetingRole, cycleId: number | null): Promise<SessionListRead> {
  const args = [current.user.id, MEMBER_ROLE[role], cycleId];
  const [[head], rows] = await Promise.all([
    sqlRows<{ cycles: CycleOption[]; cycleFound: boolean }>("calibration.list-cycles", CYCLES_SQL, args),
    cycleId === null ? Promise.resolve([] as SessionSqlRow[]) : sqlRows<SessionSqlRow>("calibration.list-sessions", SESSIONS_SQL, args),
  ]);
  return { cycles: head?.cycles ?? [], cycleFound: head?.cycleFound ?? false, sessions: rows.map(sessionJson) };
}
