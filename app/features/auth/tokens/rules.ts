/**
 * API tokens as their owner and the admins see them (docs/decisions/0039-server-side-sessions.md). Pure: no I/O.
 * A token's owner is the person who holds it: the super admin for a spoof token (it acts as the viewed user on
 * their behalf), else the user it signs in.
 */

export const TOKEN_NAME_MAX = 100;
export const PERSONAL_TOKEN_DAYS_DEFAULT = 30;
export const PERSONAL_TOKEN_DAYS_MAX = 90;
/** `provider` of a token made on the API tokens page or by POST /api/v1/api_tokens. */
export const PERSONAL_TOKEN_PROVIDER = "personal";

/** One token in a list: never the token itself. */
export type ApiTokenView = {
  id: number;
  name: string;
  /** The first characters of the token ("pmr_" and 8 more); null for tokens made before prefixes were kept. */
  prefix: string | null;
  provider: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
  /** True for the token that made this request. */
  current: boolean;
};

export type TokenOwnership = { userId: number; realUserId: number | null };

export function tokenOwnerId(token: TokenOwnership): number {
  return token.realUserId ?? token.userId;
}

/** Who may revoke a token: its owner, or a super admin; anyone else gets null (403). */
export function revokerKind(actor: { id: number; role: string }, token: TokenOwnership): "owner" | "admin" | null {
  if (tokenOwnerId(token) === actor.id) return "owner";
  if (actor.role === "SUPER_ADMIN") return "admin";
  return null;
}

/** A token still signs in: neither revoked nor expired. */
export function tokenIsLive(token: { revokedAt: Date | null; expiresAt: Date }, now: Date): boolean {
  return token.revokedAt === null && token.expiresAt.getTime() > now.getTime();
}

/** The expiry of a new personal token. */
export function personalTokenExpiry(now: Date, days: number = PERSONAL_TOKEN_DAYS_DEFAULT): Date {
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
}
