import { sqlRows } from "~/platform/sql.server";
import { toPromotionSessionJson, type PromotionSessionRow } from "~/features/promotions/model.server";
import type { PromotionSessionJson } from "~/features/promotions/types";

/**
 * The promotion sessions of a cycle for the pages that list them (issue 27, lean reads; ADR 0063): each session with
 * its cycle, creator, members and nominations' decisions in one prepared statement (Prisma's include made five), then
 * the API's own JSON (toPromotionSessionJson). `member` narrows to the sessions where `userId` has that role (the
 * panelist's and the sign-off party's lists); null lists every session of the cycle (the admin's dashboard).
 */

type Person = { id: number; name: string; email: string };
type Row = {
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
  participants: Array<{ id: number; decision: string | null; terminatedAt: string | null }>;
};

const SQL = `
SELECT s.id, s."cycleId", c.name AS "cycleName", c.state::text AS "cycleState", s.name, s.state, s.deadline, s.version,
  s."closedAt", s."createdAt", s."updatedAt", s."createdById",
  (SELECT json_build_object('id', u.id, 'name', u.name, 'email', u.email) FROM "User" u WHERE u.id = s."createdById") AS "createdBy",
  (SELECT coalesce(json_agg(json_build_object('id', m.id, 'role', m.role, 'user', json_build_object('id', u.id, 'name', u.name, 'email', u.email)) ORDER BY m.id), '[]'::json)
     FROM "CalibrationSessionMember" m JOIN "User" u ON u.id = m."userId" WHERE m."sessionId" = s.id) AS members,
  (SELECT coalesce(json_agg(json_build_object('id', sp.id, 'decision', sp.decision, 'terminatedAt', sp."terminatedAt")), '[]'::json)
     FROM "CalibrationSessionParticipant" sp WHERE sp."sessionId" = s.id) AS participants
FROM "CalibrationSession" s
JOIN "Cycle" c ON c.id = s."cycleId"
WHERE s.kind = 'PROMOTION' AND s."cycleId" = $1::int
  AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM "CalibrationSessionMember" mm WHERE mm."sessionId" = s.id AND mm."userId" = $3::int AND mm.role::text = $2::text))
ORDER BY s.id`;

const date = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

function toRow(r: Row): PromotionSessionRow {
  return {
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
    participants: r.participants.map((p) => ({ id: p.id, decision: p.decision, terminatedAt: date(p.terminatedAt) })),
  } as unknown as PromotionSessionRow;
}

/** The cycle's promotion sessions (id order), or those where `userId` is a member as `member`. One statement. */
export async function readPromotionSessions(cycleId: number, member: { role: "PANELIST" | "SIGN_OFF"; userId: number } | null): Promise<PromotionSessionJson[]> {
  const rows = await sqlRows<Row>("promotions.sessions-of-cycle", SQL, [cycleId, member?.role ?? null, member?.userId ?? null]);
  return rows.map((r) => toPromotionSessionJson(toRow(r)));
}
