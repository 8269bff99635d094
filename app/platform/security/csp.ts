/**
 * The Content-Security-Policy of every answer (docs/decisions/0041-hardening.md). PURE: the directives from the
 * settings; server/security.ts hands them to helmet with this request's nonce.
 *
 * Scripts run only from the app's own origin or with the request's nonce (Remix's inline scripts, single fetch's
 * data stream); no `unsafe-inline`, no `unsafe-eval`. `<style>` elements need the nonce too (emotion's and
 * notistack's, on the server and in the browser); `style` attributes are allowed (`style-src-attr 'unsafe-inline'`):
 * MUI, the data grid and the charts render them, and an attribute can neither load anything nor select other
 * elements. The Vite dev server (`npm run dev`) injects inline scripts of its own and gets a relaxed policy.
 */

/** Google Analytics 4 (ADR 0035): the gtag script and where it sends and loads from. */
export const GTAG_SCRIPT_HOST = "https://www.googletagmanager.com";
export const GA_HOSTS = ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"] as const;

export type CspSettings = {
  /** The Vite dev server (relaxed: inline scripts and styles, its websocket). */
  dev: boolean;
  /** Production: upgrade-insecure-requests. */
  production: boolean;
  /** GA_GTAG_ID is set: the gtag script and its hosts. */
  analytics: boolean;
  /** Browser error reporting runs (production with SENTRY_DSN): the DSN's origin in connect-src. */
  sentryDsn: string | null;
  /** Where the sign-in form may lead (the providers' authorization pages, reached by a redirect from /auth/*). */
  formTargets: readonly string[];
};

/** The origin of a URL, or null when it is not one. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The policy's directives. `nonce` is this request's nonce source (a string, or a value helmet turns into one per
 * request); it is left out on the dev server, where `'unsafe-inline'` would be ignored next to it.
 */
export function cspDirectives<N>(s: CspSettings, nonce: N): Record<string, Array<string | N>> {
  const ga = s.analytics ? [...GA_HOSTS] : [];
  const sentry = originOf(s.sentryDsn);
  const targets = [...new Set(s.formTargets.map(originOf).filter((o): o is string => o !== null))];
  const inline: Array<string | N> = s.dev ? ["'unsafe-inline'"] : [nonce];
  const directives: Record<string, Array<string | N>> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...inline, ...(s.dev ? ["'unsafe-eval'"] : []), ...(s.analytics ? [GTAG_SCRIPT_HOST] : [])],
    "style-src": ["'self'", ...inline],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...ga],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...ga, ...(sentry ? [sentry] : []), ...(s.dev ? ["ws:", "wss:"] : [])],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'", ...targets],
    "frame-ancestors": ["'none'"],
  };
  if (s.production) directives["upgrade-insecure-requests"] = [];
  return directives;
}

/** The header value of a directive list whose values are all strings (tests, and answers made without helmet). */
export function serializeCsp(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");
}
