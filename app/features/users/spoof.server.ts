import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import { SpoofEndResponse, SpoofStartResponse } from "~/features/users/contract.server";
import { findUserByEmail } from "~/features/users/model.server";
import { ApiError, conflict, forbidden, notFound } from "~/platform/api.server";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { hashToken, isSpoofing, newTokenValue, type CurrentUser } from "~/platform/auth.server";
import { commitSession, getSession } from "~/platform/session.server";
import { userSummaryJson } from "~/features/users/service.server";

/**
 * Spoofing: a super admin views the product as another user (docs/decisions/0010-spoofing.md).
 * Page sessions switch the cookie (`userId` = viewed user, `realUserId` = the admin); bearer callers
 * get a separate token whose `userId` is the viewed user and `realUserId` the admin. Starting and
 * ending write `spoof.start` / `spoof.end` audit records with the admin as actor and the viewed user as entity.
 */

/** Spoof tokens live shorter than sign-in tokens: a working session, not a month. */
export const SPOOF_TOKEN_TTL_MS = 1000 * 60 * 60 * 8;
export const SPOOF_TOKEN_PROVIDER = "spoof";

export const NOT_SPOOFING_MESSAGE = "You are not viewing another user";

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
    throw new ApiError(409, "already_spoofing", "You are already viewing another user; switch back to your own account first");
  }
}

/** The user to view: exists, active, not the admin, not a super admin. */
async function spoofTarget(admin: User, email: string): Promise<User> {
  const db = await getDb();
  const target = await findUserByEmail(db, email);
  if (!target) throw notFound(`No user with the email ${email}`);
  if (target.id === admin.id) throw new ApiError(400, "spoof_not_allowed", "You cannot spoof yourself");
  if (target.role === "SUPER_ADMIN") throw new ApiError(400, "spoof_not_allowed", "A super admin cannot be spoofed");
  if (!target.active) throw new ApiError(400, "spoof_not_allowed", `${target.name} is not an active user`);
  return target;
}

export type SpoofStarted = { user: User; realUser: User; token?: string };

/**
 * Start a spoof. `mode: "token"` (bearer callers) issues a new spoof token; `mode: "session"` leaves
 * switching the cookie to the caller (see `startSessionSpoof`). Audited `spoof.start` in one transaction
 * with the token.
 */
export async function startSpoof(current: CurrentUser, email: string, mode: "session" | "token"): Promise<SpoofStarted> {
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
          provider: SPOOF_TOKEN_PROVIDER,
          expiresAt: new Date(Date.now() + SPOOF_TOKEN_TTL_MS),
        },
      });
      tokenId = row.id;
    }
    await recordAudit(tx, adminActor(admin, current.actor.source), {
      action: "spoof.start",
      entityType: "User",
      entityId: target.id,
      after: { spoofed_user: { id: target.id, email: target.email, name: target.name }, mode, token_id: tokenId },
    });
    return { user: target, realUser: admin, token };
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
 * End a spoof. With `tokenHash` (a bearer caller) that spoof token is revoked; otherwise the caller
 * switches the cookie back (see `endSessionSpoof`). Audited `spoof.end`. 409 when not spoofing.
 */
export async function endSpoof(current: CurrentUser, tokenHash: string | null): Promise<User> {
  if (!isSpoofing(current)) throw conflict(NOT_SPOOFING_MESSAGE);
  const admin = current.realUser!;
  const viewed = current.user;
  const db = await getDb();
  return db.$transaction(async (tx) => {
    let tokenId: number | null = null;
    if (tokenHash) {
      const row = await tx.apiToken.findUnique({ where: { tokenHash } });
      if (!row || row.revokedAt || row.realUserId !== admin.id || row.userId !== viewed.id) throw conflict(NOT_SPOOFING_MESSAGE);
      await tx.apiToken.update({ where: { id: row.id }, data: { revokedAt: new Date() } });
      tokenId = row.id;
    }
    await recordAudit(tx, adminActor(admin, current.actor.source), {
      action: "spoof.end",
      entityType: "User",
      entityId: viewed.id,
      before: { spoofed_user: { id: viewed.id, email: viewed.email, name: viewed.name }, mode: tokenHash ? "token" : "session", token_id: tokenId },
    });
    return admin;
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

/** Cookie flow: start the spoof and return the Set-Cookie header that makes the viewed user current. */
export async function startSessionSpoof(request: Request, current: CurrentUser, email: string) {
  const started = await startSpoof(current, email, "session");
  const session = await getSession(request);
  session.set("userId", started.user.id);
  session.set("realUserId", started.realUser.id);
  return { started, setCookie: await commitSession(session) };
}

/** Cookie flow: end the spoof and return the Set-Cookie header that makes the admin current again. */
export async function endSessionSpoof(request: Request, current: CurrentUser) {
  const admin = await endSpoof(current, null);
  const session = await getSession(request);
  session.set("userId", admin.id);
  session.unset("realUserId");
  return { admin, setCookie: await commitSession(session) };
}

/** The spoof action of the admin user pages: a bad target becomes a form error instead of an error page. */
export function spoofFormError(err: unknown): { status: number; error: string } {
  if (err instanceof ApiError) return { status: err.status, error: err.message };
  throw err;
}
