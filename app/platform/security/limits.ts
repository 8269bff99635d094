/**
 * What the rate limits count (docs/decisions/0041-hardening.md). PURE: server/security.ts counts the requests per
 * client address with express-rate-limit, one window and one limit per kind (settings RATE_LIMIT_*).
 */

export type LimitedKind = "sign_in" | "token" | "upload";

/** Where API tokens and personal tokens are made (the page's form posts to the page, or to its `.data` twin). */
export const TOKEN_PATHS: ReadonlySet<string> = new Set([
  "/api/v1/tokens",
  "/api/v1/lark/access_token",
  "/api/v1/api_tokens",
  "/app/api-tokens",
  "/api/v1/admin/spoof",
]);

/** The path a page form posts to, without single fetch's `.data` suffix and a trailing slash. */
export function actionPath(pathname: string): string {
  const p = pathname.replace(/\.data$/, "").replace(/\/+$/, "");
  return p === "" ? "/" : p;
}

/**
 * The limit a request counts against, or null: every request to the sign-in (/auth/*: its start and the provider's
 * return), a POST that makes a token, and a multipart POST (an upload; whichever page or API path it goes to).
 */
export function limitedKind(method: string, pathname: string, contentType: string | null | undefined): LimitedKind | null {
  const path = actionPath(pathname);
  if (path === "/auth" || path.startsWith("/auth/")) return "sign_in";
  if (method.toUpperCase() !== "POST") return null;
  if (TOKEN_PATHS.has(path)) return "token";
  if ((contentType ?? "").trim().toLowerCase().startsWith("multipart/form-data")) return "upload";
  return null;
}
