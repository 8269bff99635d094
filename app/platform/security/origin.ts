/**
 * Cross-site request forgery (docs/decisions/0041-hardening.md). PURE: the rule; server/security.ts applies it to
 * every request before the app sees it.
 *
 * A request that may change something (any method but GET, HEAD and OPTIONS) and could carry the browser's ambient
 * credentials (the session cookie) must come from the app's own pages:
 * - a request with an `Authorization` header (an API client's bearer token) carries no ambient credentials: allowed;
 * - `Sec-Fetch-Site` (sent by every current browser): `same-origin` or `none` (typed by the user) is allowed; any
 *   other site is refused unless its `Origin` is the app's public address (APP_URL);
 * - without it, `Origin` decides: the app's public address or the request's own host is allowed, another origin
 *   (or the opaque `null`) is refused;
 * - with neither header the request is not a browser's (curl, scripts, API clients): allowed.
 */

export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

export type CsrfRequest = {
  method: string;
  /** The `Origin` header, or null. */
  origin: string | null;
  /** The `Sec-Fetch-Site` header, or null. */
  secFetchSite: string | null;
  /** The `Host` header (host[:port]), or null. */
  host: string | null;
  /** Whether an `Authorization` header is present (bearer token; not cookie-authenticated). */
  hasAuthorization: boolean;
};

export type CsrfVerdict = { ok: true } | { ok: false; reason: string };

const OK: CsrfVerdict = { ok: true };

/** The origins trusted besides the request's own host: that of APP_URL (the public address behind a proxy). */
export function trustedOrigins(appUrl: string | undefined | null): string[] {
  if (!appUrl) return [];
  try {
    return [new URL(appUrl).origin];
  } catch {
    return [];
  }
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

export function checkCsrf(req: CsrfRequest, trusted: readonly string[]): CsrfVerdict {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return OK;
  if (req.hasAuthorization) return OK;
  const origin = req.origin?.trim() || null;
  const site = req.secFetchSite?.trim().toLowerCase() || null;
  if (site) {
    if (site === "same-origin" || site === "none") return OK;
    if (origin && trusted.includes(origin)) return OK;
    return { ok: false, reason: `a ${site} request` };
  }
  if (!origin) return OK;
  if (origin === "null") return { ok: false, reason: "an opaque origin" };
  if (trusted.includes(origin)) return OK;
  const host = req.host?.trim().toLowerCase();
  if (host && hostOf(origin) === host) return OK;
  return { ok: false, reason: `origin ${origin}` };
}
