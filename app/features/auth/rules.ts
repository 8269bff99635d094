/** Where a signed-in user lands when no (usable) page was requested. */
export const DEFAULT_AFTER_LOGIN = "/app/home";

/** Paths that make no sense after sign-in (they would loop or sign out again). */
const NOT_AFTER_LOGIN = ["/app/login", "/app/logout", "/auth/"];

/**
 * The `redirectTo` of the sign-in flow, reduced to a same-origin path (pathname + search + hash).
 * Anything else — absolute URLs, protocol-relative `//host`, backslash tricks, control characters,
 * the login/logout/auth paths themselves — gives `fallback`.
 */
export function safeRedirectPath(to: unknown, fallback: string = DEFAULT_AFTER_LOGIN): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Browsers treat "\" like "/" and drop tabs/newlines, so "/\t/evil.com" and "/\\evil.com" could leave the site.
  if (/[\\\u0000-\u001f\u007f]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, "http://same-origin.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://same-origin.invalid") return fallback;
  const path = url.pathname + url.search + url.hash;
  if (NOT_AFTER_LOGIN.some((p) => url.pathname === p || url.pathname.startsWith(p.endsWith("/") ? p : `${p}/`))) return fallback;
  return path;
}

/** The name a sign-in token gets in the token lists (the owner names the tokens they make themselves). */
export function signInTokenName(provider: string): string {
  return `Sign-in (${provider})`;
}
