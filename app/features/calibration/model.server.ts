import type { Prisma } from "~/generated/prisma/client.ts";
import type { Db, Tx } from "~/platform/db.server";
import type { CurrentUser } from "~/platform/auth.server";
import { forbidden, notFound } from "~/platform/api.server";
import {
  SESSION_ACTIONS,
  SESSION_STATE_LABELS,
  isSessionState,
  may,
  readGuideline,
  type SessionAction,
  type SessionRole,
  type SessionState,
} from "~/features/calibration/rules";
import type { PersonJson, SessionJson } from "~/features/calibration/types";

/** Loading calibration sessions, their people and the viewer's roles in them. */

export type Client = Db | Tx;

const person = { select: { id: true, name: true, email: true } } as const;

export const sessionInclude = {
  cycle: { select: { id: true, name: true, state: true } },
  createdBy: person,
  members: { include: { user: person }, orderBy: { id: "asc" } },
  participants: { select: { id: true, rating: true, terminatedAt: true, participant: { select: { proposedRating: true } } } },
} satisfies Prisma.CalibrationSessionInclude;

export type SessionRow = Prisma.CalibrationSessionGetPayload<{ include: typeof sessionInclude }>;

export function personJson(u: { id: number; name: string; email: string }): PersonJson {
  return { id: u.id, name: u.name, email: u.email };
}

export function stateOf(row: { state: string }): SessionState {
  return isSessionState(row.state) ? row.state : "draft";
}

type SessionCoreRow = {
  id: number;
  cycleId: number;
  name: string;
  state: string;
  deadline: Date | null;
  version: number;
  closedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  cycle: { name: string };
  createdBy: { id: number; name: string; email: string } | null;
  members: ReadonlyArray<{ role: "ADMIN" | "PANELIST" | "SIGN_OFF"; user: { id: number; name: string; email: string } }>;
};

/** What every session's JSON carries, rating or promotion: identity, state, deadline and people. */
export function sessionCoreJson(row: SessionCoreRow) {
  const members = (role: "ADMIN" | "PANELIST" | "SIGN_OFF") => row.members.filter((m) => m.role === role).map((m) => personJson(m.user));
  const state = stateOf(row);
  return {
    id: row.id,
    cycle_id: row.cycleId,
    cycle_name: row.cycle.name,
    name: row.name,
    state,
    state_label: SESSION_STATE_LABELS[state],
    deadline: row.deadline?.toISOString() ?? null,
    created_by: row.createdBy ? personJson(row.createdBy) : null,
    session_admin: members("ADMIN")[0] ?? null,
    panelists: members("PANELIST"),
    sign_off_parties: members("SIGN_OFF"),
    version: row.version,
    closed_at: row.closedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The audit snapshot's common part: the settings and people of a session (not what was said in it). */
export function sessionCoreAudit(row: SessionCoreRow) {
  const s = sessionCoreJson(row);
  return {
    cycle_id: s.cycle_id,
    name: s.name,
    state: s.state,
    deadline: s.deadline,
    created_by: s.created_by?.email ?? null,
    session_admin: s.session_admin?.email ?? null,
    panelists: s.panelists.map((p) => p.email),
    sign_off_parties: s.sign_off_parties.map((p) => p.email),
  };
}

export function toSessionJson(row: SessionRow): SessionJson {
  const live = row.participants.filter((p) => !p.terminatedAt);
  const { version, closed_at, created_at, updated_at, ...core } = sessionCoreJson(row);
  return {
    ...core,
    guideline: readGuideline(row.guideline),
    participant_count: live.length,
    changed_count: live.filter((p) => p.rating !== p.participant.proposedRating).length,
    terminated_count: row.participants.length - live.length,
    version,
    closed_at,
    created_at,
    updated_at,
  };
}

/** The audit snapshot of a session (its settings and people, not what was said in it). */
export function sessionAuditSnapshot(row: SessionRow) {
  return { ...sessionCoreAudit(row), guideline: readGuideline(row.guideline), participant_ids: row.participants.map((p) => p.id) };
}

/** The roles `current` holds in the session (admin: a super admin). */
export function rolesIn(
  row: { createdById: number | null; members: ReadonlyArray<{ userId: number; role: SessionRow["members"][number]["role"] }> },
  current: Pick<CurrentUser, "user">,
): SessionRole[] {
  const roles: SessionRole[] = [];
  const uid = current.user.id;
  if (row.createdById === uid) roles.push("hr_partner");
  if (current.user.role === "SUPER_ADMIN") roles.push("admin");
  for (const m of row.members) {
    if (m.userId !== uid) continue;
    if (m.role === "ADMIN" && !roles.includes("session_admin")) roles.push("session_admin");
    if (m.role === "PANELIST" && !roles.includes("panelist")) roles.push("panelist");
    if (m.role === "SIGN_OFF" && !roles.includes("sign_off")) roles.push("sign_off");
  }
  return roles;
}

export function allowedActions(roles: readonly SessionRole[], state: SessionState): Record<SessionAction, boolean> {
  return Object.fromEntries(SESSION_ACTIONS.map((a) => [a, may(roles, a, state)])) as Record<SessionAction, boolean>;
}

export type SessionKind = "RATING" | "PROMOTION";

/** The session `sessionId` of cycle `cycleId` of this kind (404 otherwise). */
export async function requireSession(client: Client, cycleId: number, sessionId: number, kind: SessionKind = "RATING"): Promise<SessionRow> {
  const row = await client.calibrationSession.findFirst({ where: { id: sessionId, cycleId, kind }, include: sessionInclude });
  if (!row) throw sessionNotFound(cycleId, sessionId, kind);
  return row;
}

const ROLE_WORDS: Record<SessionRole, string> = {
  hr_partner: "the HR partner who created",
  admin: "a super admin of",
  session_admin: "the session admin of",
  panelist: "a panelist of",
  sign_off: "the sign-off party of",
};

/** The session, seen through one role (403 when `current` does not hold it there). */
export async function requireSessionAs(client: Client, current: CurrentUser, role: SessionRole, cycleId: number, sessionId: number, kind: SessionKind = "RATING") {
  const row = await requireSession(client, cycleId, sessionId, kind);
  return { row, ...sessionRolesAs(row, current, role, kind) };
}

/** The 404 of a session not found in the cycle (requireSession's; the lean page reads throw it too). */
export function sessionNotFound(cycleId: number, sessionId: number, kind: SessionKind = "RATING") {
  return notFound(`${kind === "PROMOTION" ? "Promotion calibration" : "Calibration"} session ${sessionId} not found in cycle ${cycleId}`);
}

/** `current`'s roles in a session read and its state, through one role (403 when `current` does not hold it there). */
export function sessionRolesAs(row: Parameters<typeof rolesIn>[0] & { state: string }, current: CurrentUser, role: SessionRole, kind: SessionKind = "RATING") {
  const roles = rolesIn(row, current);
  if (!roles.includes(role)) throw forbidden(`Only ${ROLE_WORDS[role]} this ${kind === "PROMOTION" ? "promotion " : ""}calibration session can do this`);
  return { roles, state: stateOf(row) };
}

/** Bump the session's version (open pages revalidate) inside the caller's transaction. */
export async function touchSession(tx: Tx, sessionId: number): Promise<void> {
  await tx.calibrationSession.update({ where: { id: sessionId }, data: { version: { increment: 1 } } });
}

/** Which sessions list a role's page shows: where the user holds that role. */
export function roleWhere(role: SessionRole, userId: number): Prisma.CalibrationSessionWhereInput {
  switch (role) {
    case "hr_partner":
      return { createdById: userId };
    case "admin":
      return {};
    case "session_admin":
      return { members: { some: { userId, role: "ADMIN" } } };
    case "panelist":
      return { members: { some: { userId, role: "PANELIST" } } };
    case "sign_off":
      return { members: { some: { userId, role: "SIGN_OFF" } } };
  }
}
