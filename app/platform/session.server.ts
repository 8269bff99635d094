import { createHash, randomBytes } from "node:crypto";
import { createCookieSessionStorage } from "@remix-run/node";
import { Prisma, type User } from "~/generated/prisma/client.ts";
import { getDb, type Db, type Tx } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { inRequestScope, requestMemo } from "~/platform/request-scope.server";
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
  /** What companions (below) read in the same statement about `user`, by key; absent when none was asked. */
  companions?: Record<string, unknown>;
};

type JoinedRow = User & {
  __companions?: Record<string, unknown> | null;
  __session_id: string;
  __session_user_id: number;
  __session_real_user_id: number | null;
  __session_signed_in_at: Date;
  __session_last_seen_at: Date;
};

function userOf(row: JoinedRow): User {
  const { __companions, __session_id, __session_user_id, __session_real_user_id, __session_signed_in_at, __session_last_seen_at, ...user } = row;
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

/**
 * A read that a page needs about its signed-in user, taken in the session's statement instead of a round trip of its
 * own (ADR 0105): the shell's navigation flags and badges on every /app page. `select` is a SELECT list (no values of
 * its own: constants are written into it) in terms of `user`, the SQL expression of the session's user id.
 */
export type SessionCompanion = { key: string; select: (user: string) => string; wanted: (request: Request) => boolean };

const companions: SessionCompanion[] = [];
/** Statement name and text by the keys of the companions asked for ("" none). */
const findSessionStatements = new Map<string, { name: string; text: string }>();

/** Registered by the feature that owns the read, when its module loads (platform imports no feature). */
export function registerSessionCompanion(companion: SessionCompanion): void {
  const at = companions.findIndex((c) => c.key === companion.key);
  if (at >= 0) companions[at] = companion;
  else companions.push(companion);
  findSessionStatements.clear();
}

function findSessionStatement(asked: SessionCompanion[]): { name: string; text: string } {
  const id = asked.map((c) => c.key).join("+");
  let statement = findSessionStatements.get(id);
  if (!statement) {
    // One JSON object per session (LATERAL on the session row), keyed by companion: each a row of its SELECT list.
    // The user id by a name of its own (`pmr_who`): the companions' SQL may use any short alias, `s` included.
    const lateral = asked.map((c) => `'${c.key}', (SELECT row_to_json(x) FROM (SELECT ${c.select("pmr_who.user_id")}) x)`).join(", ");
    statement = asked.length
      ? {
          name: `pmr_session_read+${id}`,
          text: FIND_SESSION_SQL.replace(
            `FROM "UserSession" s JOIN`,
            `, c.companions AS "__companions"
    FROM "UserSession" s CROSS JOIN LATERAL (SELECT json_build_object(${lateral}) AS companions FROM (SELECT s."userId" AS user_id) pmr_who) c JOIN`,
          ),
        }
      : { name: "pmr_session_read", text: FIND_SESSION_SQL };
    findSessionStatements.set(id, statement);
  }
  return statement;
}

async function findSession(key: string, asked: SessionCompanion[] = []): Promise<LiveSession | null> {
  const statement = findSessionStatement(asked);
  const rows = await sqlRows<JoinedRow>(statement.name, statement.text, [key]);
  const first = rows[0];
  if (!first) return null;
  const user = rows.find((r) => r.id === first.__session_user_id);
  const real = first.__session_real_user_id === null ? null : rows.find((r) => r.id === first.__session_real_user_id);
  if (!user || real === undefined) return null;
  const session: LiveSession = {
    key,
    signedInAt: first.__session_signed_in_at,
    lastSeenAt: first.__session_last_seen_at,
    user: userOf(user),
    realUser: real ? userOf(real) : null,
  };
  if (first.__companions) session.companions = first.__companions;
  return session;
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

/**
 * What the companion `key` read with the request's session about `userId`, or undefined when it was not read with it
 * (no request scope, the request does not want it, another user): the caller then reads it itself.
 */
export async function sessionCompanion<T>(request: Request, key: string, userId: number): Promise<T | undefined> {
  if (!inRequestScope(request)) return undefined;
  const session = await readSession(request).catch(() => null);
  if (!session || session.user.id !== userId) return undefined;
  return session.companions?.[key] as T | undefined;
}

async function lookUpSession(request: Request, now: Date): Promise<LiveSession | null> {
  const sid = await sessionIdOf(request);
  if (!sid) return null;
  // Companions only for a request whose loaders share this read (a scope): otherwise nobody would find their rows.
  const asked = companions.length && inRequestScope(request) ? companions.filter((c) => c.wanted(request)) : [];
  const session = await findSession(sessionKey(sid), asked);
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
