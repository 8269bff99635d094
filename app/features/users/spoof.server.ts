import { getDb, type Tx } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import { SpoofEndResponse, SpoofStartResponse } from "~/features/users/contract.server";
import { findUserByEmail } from "~/features/users/model.server";
import { ApiError, conflict, forbidden, unauthorized } from "~/platform/api.server";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { refusalDetails, refusalKeyOf } from "~/platform/i18n/refusal-key";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { hashToken, isSpoofing, newTokenValue, tokenPrefix, type CurrentUser } from "~/platform/auth.server";
import { rotateSession } from "~/platform/session.server";
import { userSummaryJson } from "~/features/users/service.server";

/**
 * Spoofing: a super admin views the product as another user (docs/decisions/0010-spoofing.md).
 * Page sessions switch the server-side session row (`userId` = viewed user, `realUserId` = the admin) under a
 * new session id (ADR 0039); bearer callers get a separate token whose `userId` is the viewed user and `realUserId` the admin. Starting and
 * ending write `spoof.start` / `spoof.end` audit records with the admin as actor and the viewed user as entity.
 */

/** Spoof tokens live shorter than sign-in tokens: a working session, not a month. */
export const SPOOF_TOKEN_TTL_MS = 1000 * 60 * 60 * 8;
export const SPOOF_TOKEN_PROVIDER = "spoof";

export const NOT_SPOOFING_MESSAGE = "You are not viewing another user";

/**
 * A refusal's `details`: its English's key with values (`message_key`, ADR 0108), which the pages show instead of the
 * English (`spoofFormError`).
 */
const keyed = (key: TranslationKey, values?: Record<string, string | number>) => refusalDetails(pageMessage(key, values));
const notSpoofing = () => conflict(NOT_SPOOFING_MESSAGE, keyed("users.spoofRefusal.notSpoofing"));

/** The person really signed in (the admin while spoofing). */
export function realUserOf(current: CurrentUser): User {
  return current.realUser ?? current.user;
}

/** The admin acting as themselves: actor of spoof.start/spoof.end. */
function adminActor(admin: User, source: Actor["source"]): Actor {
  return { userId: admin.id, realUserId: admin.id, source };
}

/** Only a super admin (the real user) who is not already spoofing may start a spoof. */
export function assertCanStartSpoof(current: CurrentUser): void {
  if (realUserOf(current).role !== "SUPER_ADMIN") throw forbidden();
  if (isSpoofing(current)) {
    throw new ApiError(409, "already_spoofing", "You are already viewing another user; switch back to your own account first", keyed("users.spoofRefusal.alreadySpoofing"));
  }
}

/** The user to view: exists, active, not the admin, not a super admin. */
async function spoofTarget(admin: User, email: string): Promise<User> {
  const db = await getDb();
  const target = await findUserByEmail(db, email);
  if (!target) throw new ApiError(404, "not_found", `No user with the email ${email}`, keyed("users.spoofRefusal.noUser", { email }));
  if (target.id === admin.id) throw new ApiError(422, "spoof_not_allowed", "You cannot spoof yourself", keyed("users.spoofBlocked.self"));
  if (target.role === "SUPER_ADMIN") throw new ApiError(422, "spoof_not_allowed", "A super admin cannot be spoofed", keyed("users.spoofBlocked.superAdmin"));
  if (!target.active) {
    throw new ApiError(422, "spoof_not_allowed", `${target.name} is not an active user`, keyed("users.spoofRefusal.inactive", { name: target.name }));
  }
  return target;
}

export type SpoofStarted = { user: User; realUser: User; token?: string; setCookie?: string };

/** The page session of the request continues under a new id with the new pair (ADR 0039); 401 if it has ended. */
async function switchSession(tx: Tx, request: Request, userId: number, realUserId: number | null): Promise<string> {
  const setCookie = await rotateSession(request, { userId, realUserId }, tx);
  if (!setCookie) throw unauthorized();
  return setCookie;
}

/**
 * Start a spoof. `mode: "token"` (bearer callers) issues a new spoof token; `mode: "session"` switches the
 * request's page session to the viewed user under a new session id (`setCookie`). Audited `spoof.start` in
 * one transaction with the token or the session switch.
 */
export async function startSpoof(current: CurrentUser, email: string, mode: "session" | "token", request?: Request): Promise<SpoofStarted> {
  assertCanStartSpoof(current);
  const admin = realUserOf(current);
  const target = await spoofTarget(admin, email);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    let token: string | undefined;
    let tokenId: number | null = null;
    if (mode === "token") {
      token = newTokenValue();
      const row = await tx.apiToken.create({
        data: {
          userId: target.id,
          realUserId: admin.id,
          tokenHash: hashToken(token),
          name: `Viewing as ${target.email}`,
          prefix: tokenPrefix(token),
          provider: SPOOF_TOKEN_PROVIDER,
          expiresAt: new Date(Date.now() + SPOOF_TOKEN_TTL_MS),
        },
      });
      tokenId = row.id;
    }
    const setCookie = mode === "session" && request ? await switchSession(tx, request, target.id, admin.id) : undefined;
    await recordAudit(tx, adminActor(admin, current.actor.source), {
      action: "spoof.start",
      entityType: "User",
      entityId: target.id,
      after: { spoofed_user: { id: target.id, email: target.email, name: target.name }, mode, token_id: tokenId },
    });
    return { user: target, realUser: admin, token, setCookie };
  });
}

/** POST /api/v1/admin/spoof response body. */
export function spoofStartBody(started: SpoofStarted) {
  return SpoofStartResponse.parse({
    user: userSummaryJson(started.user),
    real_user: userSummaryJson(started.realUser),
    ...(started.token ? { token: started.token } : {}),
  });
}

/**
 * End a spoof. With `tokenHash` (a bearer caller) that spoof token is revoked; with `request` (a cookie caller)
 * the page session returns to the admin under a new session id (`setCookie`). Audited `spoof.end`. 409 when not spoofing.
 */
export async function endSpoof(current: CurrentUser, tokenHash: string | null, request?: Request): Promise<{ admin: User; setCookie?: string }> {
  if (!isSpoofing(current)) throw notSpoofing();
  const admin = current.realUser!;
  const viewed = current.user;
  const db = await getDb();
  return db.$transaction(async (tx) => {
    let tokenId: number | null = null;
    if (tokenHash) {
      const row = await tx.apiToken.findUnique({ where: { tokenHash } });
      if (!row || row.revokedAt || row.realUserId !== admin.id || row.userId !== viewed.id) throw notSpoofing();
      await tx.apiToken.update({ where: { id: row.id }, data: { revokedAt: new Date() } });
      tokenId = row.id;
    }
    const setCookie = !tokenHash && request ? await switchSession(tx, request, admin.id, null) : undefined;
    await recordAudit(tx, adminActor(admin, current.actor.source), {
      action: "spoof.end",
      entityType: "User",
      entityId: viewed.id,
      before: { spoofed_user: { id: viewed.id, email: viewed.email, name: viewed.name }, mode: tokenHash ? "token" : "session", token_id: tokenId },
    });
    return { admin, setCookie };
  });
}

export function spoofEndBody(admin: User) {
  return SpoofEndResponse.parse({ user: userSummaryJson(admin) });
}

/** The bearer token of the request, if it has one. */
export function bearerTokenOf(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "");
  return match ? match[1]! : null;
}

/** Cookie flow: start the spoof; the Set-Cookie header carries the new session id, now acting as the viewed user. */
export async function startSessionSpoof(request: Request, current: CurrentUser, email: string) {
  const started = await startSpoof(current, email, "session", request);
  return { started, setCookie: started.setCookie! };
}

/** Cookie flow: end the spoof; the Set-Cookie header carries the new session id, acting as the admin again. */
export async function endSessionSpoof(request: Request, current: CurrentUser) {
  const { admin, setCookie } = await endSpoof(current, null, request);
  return { admin, setCookie: setCookie! };
}

/**
 * The spoof action of the admin user pages: a bad target becomes a form error instead of an error page, as its key
 * (`details.message_key`), else `fallback` in the reader's language — never the API's English.
 */
export function spoofFormError(err: unknown, fallback: TranslationKey = "users.spoofRefusal.failed"): { status: number; error: PageMessage } {
  if (err instanceof ApiError) return { status: err.status, error: refusalKeyOf(err.details) ?? pageMessage(fallback) };
  throw err;
}
