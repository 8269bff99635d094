import { createHash, randomBytes } from "node:crypto";
import { createCookieSessionStorage } from "@remix-run/node";
import { Prisma, type User } from "~/generated/prisma/client.ts";
import { getDb, type Db, type Tx } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { requestMemo } from "~/platform/request-scope.server";
import { sqlRows } from "~/platform/sql.server";
import { checkSession, cookieExpiresAt, expiryCutoffs, SESSION_ABSOLUTE_LIFETIME_MS } from "~/platform/session-rules";

/**
 * Page sessions, kept on the server (docs/decisions/0039-server-side-sessions.md).
 *
 * The signed, httpOnly, SameSite=Lax cookie `__pmr_session` holds a random session id (`sid`) and, only during a
 * sign-in, the provider flow's state and the one-time 'Error while login' flash. Who is signed in, and who is
 * really at the keyboard while a super admin spoofs, lives in the `UserSession` row keyed by the SHA-256 of the id:
 * deleting the row ends the session wherever the cookie was copied to.
 */

const DEV_SECRET = "pmr-development-session-secret-not-for-production";

export const SESSION_COOKIE_NAME = "__pmr_session";

export const sessionStorage = createCookieSessionStorage<{ sid: string }, { loginError: string }>({
  cookie: {
    name: SESSION_COOKIE_NAME,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env().isProduction,
    secrets: [env().SESSION_SECRET ?? DEV_SECRET],
    maxAge: SESSION_ABSOLUTE_LIFETIME_MS / 1000,
  },
});

export const getSession = (request: Request) => sessionStorage.getSession(request.headers.get("Cookie"));
export const { commitSession, destroySession } = sessionStorage;

/** The row key of a session id: its SHA-256, so the table holds nothing a cookie could be made from. */
export function sessionKey(sid: string): string {
  return createHash("sha256").update(sid).digest("hex");
}

export type LiveSession = {
  /** The row key (SHA-256 of the cookie's id). */
  key: string;
  signedInAt: Date;
  lastSeenAt: Date;
  /** The user the requests act as. */
  user: User;
  /** The super admin really signed in while spoofing, else null. */
  realUser: User | null;
};

type JoinedRow = User & {
  __session_id: string;
  __session_user_id: number;
  __session_real_user_id: number | null;
  __session_signed_in_at: Date;
  __session_last_seen_at: Date;
};

function userOf(row: JoinedRow): User {
  const { __session_id, __session_user_id, __session_real_user_id, __session_signed_in_at, __session_last_seen_at, ...user } = row;
  return user;
}

/** The columns of "User" the client knows (the model's scalar fields; not the database-only ones like searchText). */
const USER_COLUMNS = Object.values(Prisma.UserScalarFieldEnum)
  .map((field) => `u."${field}"`)
  .join(", ");

/**
 * The session row and its user(s) in one statement by primary key: one row normally, two while spoofing (the viewed
 * user and the super admin), each with every field of the User model. A prepared statement (sql.server.ts; ADR 0063).
 */
const FIND_SESSION_SQL = `
    SELECT ${USER_COLUMNS}, s."id" AS "__session_id", s."userId" AS "__session_user_id", s."realUserId" AS "__session_real_user_id",
           s."signedInAt" AS "__session_signed_in_at", s."lastSeenAt" AS "__session_last_seen_at"
    FROM "UserSession" s JOIN "User" u ON u."id" = s."userId" OR u."id" = s."realUserId"
    WHERE s."id" = $1`;

async function findSession(key: string): Promise<LiveSession | null> {
  const rows = await sqlRows<JoinedRow>("pmr_session_read", FIND_SESSION_SQL, [key]);
  const first = rows[0];
  if (!first) return null;
  const user = rows.find((r) => r.id === first.__session_user_id);
  const real = first.__session_real_user_id === null ? null : rows.find((r) => r.id === first.__session_real_user_id);
  if (!user || real === undefined) return null;
  return {
    key,
    signedInAt: first.__session_signed_in_at,
    lastSeenAt: first.__session_last_seen_at,
    user: userOf(user),
    realUser: real ? userOf(real) : null,
  };
}

/**
 * Sessions whose activity this process recorded in the last minute (key -> when): concurrent requests of one session
 * that all read the old time write it once, not once each. The row's time decides the limits (session-rules.ts).
 */
const recentTouches = new Map<string, number>();
const RECENT_TOUCH_MS = 60 * 1000;

function touchedRecently(key: string, at: number): boolean {
  const when = recentTouches.get(key);
  if (when !== undefined && at - when < RECENT_TOUCH_MS) return true;
  if (recentTouches.size >= 10_000) {
    for (const [k, t] of recentTouches) if (at - t >= RECENT_TOUCH_MS) recentTouches.delete(k);
  }
  recentTouches.set(key, at);
  return false;
}

/** The session id the request's cookie carries, if any (signature checked). */
export async function sessionIdOf(request: Request): Promise<string | null> {
  const sid = (await getSession(request)).get("sid");
  return typeof sid === "string" && sid.length > 0 ? sid : null;
}

/**
 * The live session of the request, or null. One statement, read once per request (every loader of a page shares it:
 * request-scope.server.ts); an ended session (idle or past its lifetime) is deleted here, and activity is recorded
 * at most once per SESSION_TOUCH_INTERVAL_MS (no write on other requests, one write for concurrent ones).
 */
export function readSession(request: Request, now = new Date()): Promise<LiveSession | null> {
  return requestMemo(request, "platform:session", () => lookUpSession(request, now));
}

async function lookUpSession(request: Request, now: Date): Promise<LiveSession | null> {
  const sid = await sessionIdOf(request);
  if (!sid) return null;
  const session = await findSession(sessionKey(sid));
  if (!session) return null;
  const check = checkSession(session, now);
  if (!check.alive) {
    await (await getDb()).userSession.deleteMany({ where: { id: session.key } });
    return null;
  }
  if (check.touch && !touchedRecently(session.key, now.getTime())) {
    await (await getDb()).userSession.updateMany({ where: { id: session.key }, data: { lastSeenAt: now } });
    session.lastSeenAt = now;
  }
  return session;
}

export type NewSession = {
  userId: number;
  /** The super admin while spoofing. */
  realUserId?: number | null;
  /** Kept from the session being replaced when spoofing starts or stops; a sign-in starts a new lifetime. */
  signedInAt?: Date;
};

/**
 * A new session with a new random id, replacing the request's current one (its row is deleted: a session id never
 * survives a sign-in or a spoof switch). Returns the Set-Cookie header. A sign-in also sweeps ended rows.
 */
export async function startSession(request: Request, input: NewSession, db?: Db | Tx): Promise<string> {
  const client = db ?? (await getDb());
  const old = await sessionIdOf(request);
  if (old) await client.userSession.deleteMany({ where: { id: sessionKey(old) } });
  const now = new Date();
  if (!input.signedInAt) {
    const { signedInBefore, seenBefore } = expiryCutoffs(now);
    await client.userSession.deleteMany({ where: { OR: [{ signedInAt: { lt: signedInBefore } }, { lastSeenAt: { lt: seenBefore } }] } });
  }
  const sid = randomBytes(32).toString("base64url");
  const signedInAt = input.signedInAt ?? now;
  await client.userSession.create({
    data: { id: sessionKey(sid), userId: input.userId, realUserId: input.realUserId ?? null, signedInAt, lastSeenAt: now },
  });
  // A fresh cookie: nothing of the sign-in flow (provider state, flash) is carried over.
  const cookie = await sessionStorage.getSession();
  cookie.set("sid", sid);
  const maxAge = Math.max(1, Math.floor((cookieExpiresAt(signedInAt).getTime() - now.getTime()) / 1000));
  return commitSession(cookie, { maxAge });
}

/**
 * Spoofing starts or stops: the same sign-in continues under a new id with the new pair of users (the old row is
 * deleted; the absolute lifetime still counts from the sign-in). Null when the request has no session row.
 */
export async function rotateSession(request: Request, input: { userId: number; realUserId: number | null }, db?: Db | Tx): Promise<string | null> {
  const client = db ?? (await getDb());
  const sid = await sessionIdOf(request);
  if (!sid) return null;
  const key = sessionKey(sid);
  const row = await client.userSession.findUnique({ where: { id: key }, select: { signedInAt: true } });
  if (!row) return null;
  // Deleted before the new row is made: of two requests rotating the same session at once, only one gets a successor.
  const { count } = await client.userSession.deleteMany({ where: { id: key } });
  if (count === 0) return null;
  return startSession(request, { ...input, signedInAt: row.signedInAt }, client);
}

/** Sign-out: the request's session row is deleted (a copy of the cookie stops working); Set-Cookie clears the cookie. */
export async function endSession(request: Request, db?: Db | Tx): Promise<string> {
  const cookie = await getSession(request);
  const sid = cookie.get("sid");
  if (typeof sid === "string" && sid) await (db ?? (await getDb())).userSession.deleteMany({ where: { id: sessionKey(sid) } });
  return destroySession(cookie);
}

/** Ends every session of the user: their own, and those in which they spoof or are spoofed. Returns how many. */
export async function endSessionsOfUser(tx: Db | Tx, userId: number): Promise<number> {
  const { count } = await tx.userSession.deleteMany({ where: { OR: [{ userId }, { realUserId: userId }] } });
  return count;
}
