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

/**
 * Whether a verified address may be created as an employee at first sign-in (SSO_ALLOWED_DOMAINS): its domain
 * (after the last "@", case-insensitive) is one of `domains` exactly; a subdomain is not its parent.
 */
export function emailDomainAllowed(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf("@");
  if (at <= 0 || domains.length === 0) return false;
  return domains.includes(email.slice(at + 1).trim().toLowerCase());
}

/** The name of a person created at sign-in: what the provider says, else the address's local part ("ana.lima" → "Ana Lima"). */
export function signInDisplayName(email: string, providerName: string | null | undefined, max: number): string {
  const given = (providerName ?? "").replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim();
  const local = email.slice(0, Math.max(email.lastIndexOf("@"), 0));
  const fromEmail = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(" ");
  return (given || fromEmail || email).slice(0, max).trim();
}
