import { randomBytes } from "node:crypto";
import type { ScimToken } from "~/generated/prisma/client.ts";
import { getDb } from "~/platform/db.server";
import { ApiError, badRequest } from "~/platform/api.server";
import { refusalDetails } from "~/platform/i18n/refusal-key";
import { pageMessage } from "~/platform/i18n/page-message";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { hashToken } from "~/platform/auth.server";
import { SCIM_TOKEN_MARK, SCIM_TOKEN_NAME_MAX, SCIM_TOKEN_NAME_PATTERN, type ScimTokenView } from "~/features/scim/tokens/rules";

export { SCIM_TOKEN_MARK, SCIM_TOKEN_NAME_MAX, type ScimTokenView };

/**
 * SCIM bearer tokens (docs/decisions/0054-scim-tokens-sso-domains-directory-populate.md): what an identity provider
 * presents at /scim/v2. Separate from user API tokens (their own table and mark), so a SCIM token reaches /scim/v2
 * only and a user token never does. Only the SHA-256 is stored; the token is returned once, when it is made.
 */

/** `lastUsedAt` is written at most this often. */
export const SCIM_TOKEN_LAST_USED_PRECISION_MS = 60 * 1000;

export function newScimTokenValue(): string {
  return `${SCIM_TOKEN_MARK}${randomBytes(32).toString("base64url")}`;
}

/** What the list shows: the mark and the next 8 characters. */
export function scimTokenPrefix(token: string): string {
  return token.slice(0, SCIM_TOKEN_MARK.length + 8);
}

/** The label, trimmed; 400 when empty or too long (the command line calls this without the API's zod body). */
export function checkedScimTokenName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest("Name is required", refusalDetails(pageMessage("tokens.result.nameRequired"), { name: "Name is required" }));
  if (!SCIM_TOKEN_NAME_PATTERN.test(trimmed)) {
    throw badRequest("Name must not contain control characters", refusalDetails(pageMessage("tokens.result.nameControl"), { name: "Control characters" }));
  }
  if (trimmed.length > SCIM_TOKEN_NAME_MAX) {
    const key = pageMessage("tokens.result.nameTooLong", { max: SCIM_TOKEN_NAME_MAX });
    throw badRequest(`Name must be at most ${SCIM_TOKEN_NAME_MAX} characters`, refusalDetails(key, { name: "Too long" }));
  }
  return trimmed;
}

/** Make a SCIM token (audited scim_token.create, never the token itself); the token is in the result only. */
export async function createScimToken(
  actor: Actor,
  name: string,
): Promise<{ id: number; name: string; token: string; prefix: string; created_at: string }> {
  const label = checkedScimTokenName(name);
  const token = newScimTokenValue();
  const db = await getDb();
  const row = await db.$transaction(async (tx) => {
    const created = await tx.scimToken.create({
      data: {
        name: label,
        tokenHash: hashToken(token),
        prefix: scimTokenPrefix(token),
        createdById: actor.realUserId ?? actor.userId,
      },
    });
    await recordAudit(tx, actor, {
      action: "scim_token.create",
      entityType: "ScimToken",
      entityId: created.id,
      after: { name: created.name, prefix: created.prefix, createdById: created.createdById },
    });
    return created;
  });
  return { id: row.id, name: row.name, token, prefix: row.prefix, created_at: row.createdAt.toISOString() };
}

const CREATED_BY = { createdBy: { select: { id: true, name: true, email: true } } } as const;

type Row = ScimToken & { createdBy: { id: number; name: string; email: string } | null };

function view(row: Row): ScimTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_by: row.createdBy ? { id: row.createdBy.id, name: row.createdBy.name, email: row.createdBy.email } : null,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** Every SCIM token, live ones first, newest first. */
export async function listScimTokens(): Promise<ScimTokenView[]> {
  const db = await getDb();
  const rows = await db.scimToken.findMany({
    include: CREATED_BY,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const live = rows.filter((row) => row.revokedAt === null);
  const revoked = rows.filter((row) => row.revokedAt !== null);
  return [...live, ...revoked].map(view);
}

/** Revoke a SCIM token at once (audited scim_token.revoke); 404 for an unknown or already revoked token. */
export async function revokeScimToken(actor: Actor, id: number): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const row = await tx.scimToken.findUnique({ where: { id } });
    if (!row || row.revokedAt) throw new ApiError(404, "not_found", "No live SCIM token with this id", refusalDetails(pageMessage("tokens.result.noLiveScimToken")));
    const revoked = await tx.scimToken.update({ where: { id }, data: { revokedAt: new Date() } });
    await recordAudit(tx, actor, {
      action: "scim_token.revoke",
      entityType: "ScimToken",
      entityId: id,
      before: { name: row.name, prefix: row.prefix, revokedAt: null },
      after: { revokedAt: revoked.revokedAt },
    });
  });
}

/**
 * The live SCIM token a bearer value (the token, or a whole "Bearer …" header value) stands for, or null when it
 * is unknown, revoked or not a SCIM token at all (a user's API token is never one). Records the use, at most once
 * a minute.
 */
export async function authenticateScimToken(bearer: string): Promise<{ id: number; name: string } | null> {
  const token = bearer.trim().replace(/^Bearer\s+/i, "");
  if (!token.startsWith(SCIM_TOKEN_MARK) || token.length > 200) return null;
  const db = await getDb();
  const row = await db.scimToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.revokedAt) return null;
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= SCIM_TOKEN_LAST_USED_PRECISION_MS) {
    await db.scimToken
      .updateMany({ where: { id: row.id, revokedAt: null }, data: { lastUsedAt: new Date(now) } })
      .catch(() => {});
  }
  return { id: row.id, name: row.name };
}

/** A new token and its list entry (the API's and the admin page's answer): the token is in this result only. */
export async function createScimTokenView(actor: Actor, name: string): Promise<{ token: string; scim_token: ScimTokenView }> {
  const made = await createScimToken(actor, name);
  const db = await getDb();
  const row = await db.scimToken.findUniqueOrThrow({ where: { id: made.id }, include: CREATED_BY });
  return { token: made.token, scim_token: view(row) };
}
