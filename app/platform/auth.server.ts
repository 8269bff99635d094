import { createHash, randomBytes } from "node:crypto";
import { redirect } from "@remix-run/node";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import type { Actor } from "~/platform/audit.server";
import { readSession, sessionIdOf, destroySession, getSession } from "~/platform/session.server";
import { ApiError, forbidden, unauthorized } from "~/platform/api.server";

export type CurrentUser = {
  /** The user the request acts as (the viewed user while a super admin spoofs). */
  user: User;
  /** The person really signed in, when different from `user` (spoofing). */
  realUser: User | null;
  actor: Actor;
};

export const LOGIN_PATH = "/app/login";
export const API_TOKEN_TTL_MS = 1000 * 60 * 60 * 24 * 30;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Marks the app's bearer tokens (easy to spot in logs and secret scanners); 32 random bytes follow. */
export const TOKEN_MARK = "pmr_";

export function newTokenValue(): string {
  return `${TOKEN_MARK}${randomBytes(32).toString("base64url")}`;
}

/** What the token lists show of a token: its mark and the next 8 characters (48 of its 256 random bits). */
export function tokenPrefix(token: string): string {
  return token.slice(0, TOKEN_MARK.length + 8);
}

/** `lastUsedAt` of a token is written at most this often (no write on every API call). */
export const TOKEN_LAST_USED_PRECISION_MS = 5 * 60 * 1000;

/**
 * The acting user and, while spoofing, the super admin really signed in; null when the pair may no longer act:
 * the user is inactive, the real user is no longer a super admin, or the viewed user has become one.
 */
function checkedPair(user: User | null, realUser: User | null, source: Actor["source"]): CurrentUser | null {
  if (!user || !user.active) return null;
  if (realUser && realUser.id !== user.id) {
    if (realUser.role !== "SUPER_ADMIN") return null;
    // A super admin is never viewed as another (ADR 0010): a spoof whose viewed user has since become
    // a super admin ends here rather than lending that role to the spoofing admin.
    if (user.role === "SUPER_ADMIN") return null;
  } else {
    realUser = null;
  }
  return { user, realUser, actor: { userId: user.id, realUserId: realUser?.id ?? user.id, source } };
}

async function loadPair(userId: number, realUserId: number | undefined, source: Actor["source"]): Promise<CurrentUser | null> {
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: userId } });
  const realUser = realUserId && realUserId !== userId ? await db.user.findUnique({ where: { id: realUserId } }) : null;
  if (realUserId && realUserId !== userId && !realUser) return null;
  return checkedPair(user, realUser, source);
}

/** The user of the request's page session (docs/decisions/0039-server-side-sessions.md), or null. */
async function sessionUser(request: Request, source: Actor["source"]): Promise<CurrentUser | null> {
  const session = await readSession(request);
  if (!session) return null;
  return checkedPair(session.user, session.realUser, source);
}

/** The signed-in user from the page session cookie, or null. */
export async function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  return sessionUser(request, "page");
}

export function loginRedirectUrl(request: Request): string {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const params = new URLSearchParams({ out: "true" });
  if (back && back !== "/" && !back.startsWith(LOGIN_PATH)) params.set("redirectTo", back);
  return `${LOGIN_PATH}?${params}`;
}

/** For page loaders and actions: the signed-in user, or a redirect to the login screen that remembers the page. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const current = await getCurrentUser(request);
  if (current) return current;
  // A cookie whose session has ended (signed out elsewhere, expired, revoked) is cleared on the way to the login page.
  const stale = (await sessionIdOf(request)) !== null;
  throw redirect(loginRedirectUrl(request), stale ? { headers: { "Set-Cookie": await destroySession(await getSession(request)) } } : undefined);
}

/** For /api/v1 routes: a valid bearer token (Authorization: Bearer ...) or the page session cookie; else 401 JSON. */
export async function requireApiUser(request: Request): Promise<CurrentUser> {
  const header = request.headers.get("Authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized("Malformed Authorization header");
    const db = await getDb();
    const token = await db.apiToken.findUnique({ where: { tokenHash: hashToken(match[1]!) } });
    if (!token || token.revokedAt || token.expiresAt.getTime() < Date.now()) throw unauthorized("Invalid or expired token");
    // A token from POST /api/v1/admin/spoof carries the super admin who is really acting.
    const current = await loadPair(token.userId, token.realUserId ?? undefined, "api");
    if (!current) throw unauthorized("Invalid or expired token");
    const now = Date.now();
    if (!token.lastUsedAt || now - token.lastUsedAt.getTime() >= TOKEN_LAST_USED_PRECISION_MS) {
      void db.apiToken.updateMany({ where: { id: token.id }, data: { lastUsedAt: new Date(now) } }).catch(() => {});
    }
    return current;
  }
  const current = await sessionUser(request, "api");
  if (!current) throw unauthorized();
  return current;
}

export function isSuperAdmin(current: CurrentUser): boolean {
  return current.user.role === "SUPER_ADMIN";
}

/** Super admin only (the /app/admin area and admin API). */
export function assertSuperAdmin(current: CurrentUser): void {
  if (!isSuperAdmin(current)) throw forbidden();
}

/** True while a super admin acts as another user (page session or spoof token). */
export function isSpoofing(current: CurrentUser): boolean {
  return current.realUser !== null && current.realUser.id !== current.user.id;
}

/**
 * Personal writes (feedback, tokens, …) may not be made in the viewed user's name while spoofing
 * (docs/decisions/0010-spoofing.md): 403 with a clear message.
 */
export function assertNotSpoofing(current: CurrentUser): void {
  if (isSpoofing(current)) {
    throw new ApiError(403, "spoofing", "Not allowed while viewing another user; switch back to your own account first");
  }
}

/** The admin cycle context: super admin and HR ops (spec §6). */
export function assertAdminCycleContext(current: CurrentUser): void {
  if (current.user.role !== "SUPER_ADMIN" && current.user.role !== "HR_OPS") throw forbidden();
}

/** For page loaders: turn an ApiError into a thrown Response the error boundary renders. */
export function pageGuard(check: () => void): void {
  try {
    check();
  } catch (err) {
    if (err instanceof ApiError) throw new Response(err.message, { status: err.status, statusText: err.message });
    throw err;
  }
}
