/**
 * SCIM tokens as the admin page and the API show them (docs/decisions/0054-scim-tokens-sso-domains-directory-populate.md).
 * Pure: no I/O. Never the token itself: only its prefix.
 */

/** Marks SCIM tokens (easy to tell from user tokens, "pmr_", in logs and secret scanners); 32 random bytes follow. */
export const SCIM_TOKEN_MARK = "pmrscim_";
export const SCIM_TOKEN_NAME_MAX = 100;
/** A name: at least one visible character, no control characters. */
export const SCIM_TOKEN_NAME_PATTERN = /^[^\u0000-\u001f\u007f]*[^\s\u0000-\u001f\u007f][^\u0000-\u001f\u007f]*$/;
/** Where identity providers send SCIM requests, under the app's public origin. */
export const SCIM_BASE_PATH = "/scim/v2";

export type ScimTokenView = {
  id: number;
  name: string;
  prefix: string;
  created_by: { id: number; name: string; email: string } | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
};
