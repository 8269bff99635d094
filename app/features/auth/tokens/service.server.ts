import type { ApiToken } from "~/generated/prisma/client.ts";
import { getDb, type Db, type Tx } from "~/platform/db.server";
import { ApiError, notFound } from "~/platform/api.server";
import { refusalDetails } from "~/platform/i18n/refusal-key";
import { pageMessage } from "~/platform/i18n/page-message";
import { recordAudit } from "~/platform/audit.server";
import { assertNotSpoofing, hashToken, newTokenValue, tokenPrefix, type CurrentUser } from "~/platform/auth.server";
import {
  PERSONAL_TOKEN_PROVIDER,
  personalTokenExpiry,
  revokerKind,
  tokenIsLive,
  type ApiTokenView,
} from "~/features/auth/tokens/rules";
import { ApiTokenSchema, CreateApiTokenResponse, type CreateApiTokenInput } from "~/features/auth/tokens/contract.server";

/**
 * API tokens (docs/decisions/0039-server-side-sessions.md): only their SHA-256 is stored, the token itself is
 * shown once when it is made. Owners list and revoke their own, super admins anyone's; every change is audited.
 */

function tokenView(row: ApiToken, currentHash: string | null): ApiTokenView {
  return ApiTokenSchema.parse({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    provider: row.provider,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
    current: currentHash !== null && row.tokenHash === currentHash,
  });
}

/** The bearer token of a request, hashed (to mark it `current` in a list), or null. */
export function bearerHashOf(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "");
  return match ? hashToken(match[1]!) : null;
}

/** The live tokens a user holds (their own and the spoof tokens they hold as a super admin), newest first. */
export async function listTokensHeldBy(ownerId: number, currentHash: string | null = null): Promise<ApiTokenView[]> {
  const db = await getDb();
  const rows = await db.apiToken.findMany({
    where: {
      OR: [{ realUserId: ownerId }, { userId: ownerId, realUserId: null }],
      revokedAt: null,
      expiresAt: { gt: new Date() },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map((row) => tokenView(row, currentHash));
}

/** GET /api/v1/admin/users/{id}/api_tokens and the admin user page: 404 for an unknown user. */
export async function listTokensOfUser(userId: number): Promise<ApiTokenView[]> {
  const db = await getDb();
  if (!(await db.user.findUnique({ where: { id: userId }, select: { id: true } }))) throw notFound("User not found");
  return listTokensHeldBy(userId);
}

/** A personal token for the signed-in user (not while spoofing), audited token.create; the token is in the result only. */
export async function createPersonalToken(current: CurrentUser, input: CreateApiTokenInput) {
  assertNotSpoofing(current);
  const token = newTokenValue();
  const db = await getDb();
  const row = await db.$transaction(async (tx) => {
    const created = await tx.apiToken.create({
      data: {
        userId: current.user.id,
        tokenHash: hashToken(token),
        name: input.name,
        prefix: tokenPrefix(token),
        provider: PERSONAL_TOKEN_PROVIDER,
        expiresAt: personalTokenExpiry(new Date(), input.expires_in_days),
      },
    });
    await recordAudit(tx, current.actor, {
      action: "token.create",
      entityType: "ApiToken",
      entityId: created.id,
      after: { userId: current.user.id, name: created.name, prefix: created.prefix, provider: created.provider, expiresAt: created.expiresAt },
    });
    return created;
  });
  return CreateApiTokenResponse.parse({ token, api_token: tokenView(row, null) });
}

/**
 * Revoke a token: its owner (not while spoofing) or a super admin; 403 for anyone else, 404 for a token that is
 * unknown, revoked or expired. Audited token.revoke with who did it.
 */
export async function revokeToken(current: CurrentUser, tokenId: number): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const row = await tx.apiToken.findUnique({ where: { id: tokenId } });
    if (!row || !tokenIsLive(row, new Date())) throw new ApiError(404, "not_found", "No live API token with this id", refusalDetails(pageMessage("tokens.result.noLiveToken")));
    const by = revokerKind(current.user, row);
    if (!by) throw new ApiError(403, "forbidden", "You can only revoke your own API tokens", refusalDetails(pageMessage("tokens.result.onlyOwn")));
    if (by === "owner") assertNotSpoofing(current);
    const revoked = await tx.apiToken.update({ where: { id: row.id }, data: { revokedAt: new Date() } });
    await recordAudit(tx, current.actor, {
      action: "token.revoke",
      entityType: "ApiToken",
      entityId: row.id,
      before: { revokedAt: null, userId: row.userId, name: row.name },
      after: { revokedAt: revoked.revokedAt, by },
    });
  });
}

/** Every live token of the user, and every spoof token acting as them, is revoked (deactivation, role change). Returns how many. */
export async function revokeTokensOfUser(tx: Db | Tx, userId: number): Promise<number> {
  const { count } = await tx.apiToken.updateMany({
    where: { OR: [{ userId }, { realUserId: userId }], revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return count;
}
