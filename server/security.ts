/**
 * The web process's guards, in front of everything it serves (docs/decisions/0041-hardening.md):
 * - a nonce per request (`res.locals.cspNonce`, handed to the app as `cspNonce` in the load context);
 * - helmet's security headers on every answer: the Content-Security-Policy of app/platform/security/csp.ts,
 *   X-Frame-Options DENY, nosniff, Referrer-Policy same-origin, HSTS in production;
 * - the cross-site request check of app/platform/security/origin.ts (403);
 * - rate limits per client address on the sign-in, token creation and uploads (429 with Retry-After);
 * - 405 with `Allow` for a method the app serves nowhere (TRACE, QUERY, …; ADR 0043); OPTIONS answers the path's
 *   own methods in `Allow` (server/route-methods.ts);
 * - one error path for a malformed URL (a %-escape that is not UTF-8) or a NUL in it: 400; a content-encoded body
 *   under /api/: 415 (ADR 0060).
 * Refusals are JSON in the API's error format under /api/, SCIM's under /scim/, plain text elsewhere.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Express, Request, Response, RequestHandler } from "express";
import helmet from "helmet";
import { rateLimit } from "express-rate-limit";
import { checkCsrf, trustedOrigins } from "~/platform/security/origin";
import { cspDirectives } from "~/platform/security/csp";
import { limitedKind, type LimitedKind } from "~/platform/security/limits";
import { urlProblem } from "~/platform/input";
import { allowHeader, SERVED_METHODS, type RouteMethods } from "./route-methods";

export type SecuritySettings = {
  isProduction: boolean;
  /** The Vite dev server: the relaxed policy and no nonce. */
  dev: boolean;
  APP_URL?: string;
  GA_GTAG_ID?: string;
  /** The DSN when browser error reporting runs (production with SENTRY_DSN), else null. */
  sentryDsn: string | null;
  /** Origins of the sign-in providers' authorization pages (the login form's redirect targets). */
  formTargets: readonly string[];
  RATE_LIMIT_WINDOW_SECONDS: number;
  RATE_LIMIT_SIGN_IN: number;
  RATE_LIMIT_TOKENS: number;
  RATE_LIMIT_UPLOADS: number;
  TRUST_PROXY?: string;
  /** The methods each path serves (the production build's routes); absent on the dev server. */
  routeMethods?: RouteMethods;
};

/** The value of Express's "trust proxy" for a TRUST_PROXY setting ("true", a hop count, or addresses/names). */
export function trustProxyValue(value: string): boolean | number | string {
  const v = value.trim();
  if (v === "true") return true;
  if (v === "false") return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

function refuse(req: Request, res: Response, status: number, code: string, message: string, details: unknown = null) {
  if (req.path.startsWith("/scim/")) {
    // The SCIM server's error format (RFC 7644 §3.12; docs/decisions/0051-scim-provisioning.md).
    const body = { schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status: String(status), detail: message };
    res.status(status).type("application/scim+json").send(JSON.stringify(body));
  } else if (req.path.startsWith("/api/")) {
    res.status(status).json({ error: { code, message, details } });
  } else {
    res.status(status).type("text/plain").send(message);
  }
}

const nonceOf = (res: ServerResponse) => (res as unknown as { locals: { cspNonce?: string } }).locals.cspNonce;

/** Installs the guards on `app`, before anything that answers. */
export function installSecurity(app: Express, s: SecuritySettings): void {
  if (s.TRUST_PROXY) app.set("trust proxy", trustProxyValue(s.TRUST_PROXY));

  if (!s.dev) {
    app.use((_req, res, next) => {
      res.locals.cspNonce = randomBytes(16).toString("base64");
      next();
    });
  }
  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${nonceOf(res)}'`;
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: cspDirectives(
          { dev: s.dev, production: s.isProduction, analytics: !!s.GA_GTAG_ID, sentryDsn: s.sentryDsn, formTargets: s.formTargets },
          nonce,
        ),
      },
      strictTransportSecurity: s.isProduction ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
      referrerPolicy: { policy: "same-origin" },
      xFrameOptions: { action: "deny" },
    }),
  );

  // One error path for a URL that cannot be read: a %-escape that is not UTF-8 (%ff, the overlong %c0%af) or one that
  // decodes to NUL is 400, in the API's error format under /api/ (ADR 0060), before anything parses it.
  app.use((req, res, next) => {
    const problem = urlProblem(req.originalUrl);
    if (problem === null) return next();
    if (problem === "malformed") return refuse(req, res, 400, "malformed_url", "The address holds a %-escape that is not UTF-8");
    refuse(req, res, 400, "invalid_characters", "The address may not contain NUL characters");
  });

  // The path's own methods (its route's row of the policy): OPTIONS answers them in Allow; a method the app serves
  // nowhere (TRACE, QUERY, …) is refused here with 405 and that Allow, instead of failing inside Remix.
  app.use((req, res, next) => {
    const route = s.routeMethods?.(req.path) ?? null;
    if (req.method === "OPTIONS") {
      if (route && !route.known) return refuse(req, res, 404, "not_found", "Not found");
      res.setHeader("Allow", allowHeader(route?.methods ?? SERVED_METHODS));
      return res.status(204).end();
    }
    if (SERVED_METHODS.includes(req.method)) return next();
    res.setHeader("Allow", allowHeader(route?.known ? route.methods : SERVED_METHODS));
    refuse(req, res, 405, "method_not_allowed", `The method ${req.method} is not served`);
  });

  // No /api/ operation decodes a content-encoded body: refused before it is read (415), instead of read as garbage.
  app.use((req, res, next) => {
    const encoding = (req.get("content-encoding") ?? "identity").trim().toLowerCase();
    if (!req.path.startsWith("/api/") || encoding === "identity" || encoding === "") return next();
    refuse(req, res, 415, "unsupported_media_type", `Content-Encoding ${encoding} is not accepted; send the body unencoded`);
  });

  const trusted = trustedOrigins(s.APP_URL);
  app.use((req, res, next) => {
    const verdict = checkCsrf(
      {
        method: req.method,
        origin: req.get("origin") ?? null,
        secFetchSite: req.get("sec-fetch-site") ?? null,
        host: req.get("host") ?? null,
        hasAuthorization: req.get("authorization") !== undefined,
      },
      trusted,
    );
    if (verdict.ok) return next();
    refuse(req, res, 403, "cross_site_request", `Refused ${verdict.reason}: this action may only be sent from the app's own pages`);
  });

  app.use(rateLimits(s));
}

/** One limiter per kind (each its own in-memory counts: per process), each request counted against its kind only. */
function rateLimits(s: SecuritySettings): RequestHandler {
  const windowMs = s.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const limits: Record<LimitedKind, number> = { sign_in: s.RATE_LIMIT_SIGN_IN, token: s.RATE_LIMIT_TOKENS, upload: s.RATE_LIMIT_UPLOADS };
  const kindOf = (req: Request) => limitedKind(req.method, req.path, req.get("content-type"));
  const limiter = (limit: number) =>
    rateLimit({
      windowMs,
      limit,
      standardHeaders: "draft-7",
      legacyHeaders: false,
      handler: (req, res) => {
        const retryAfter = Number(res.getHeader("Retry-After")) || s.RATE_LIMIT_WINDOW_SECONDS;
        refuse(req, res, 429, "rate_limited", `Too many requests; try again in ${retryAfter} s`, { retry_after_seconds: retryAfter });
      },
    });
  const limiters: Record<LimitedKind, RequestHandler> = { sign_in: limiter(limits.sign_in), token: limiter(limits.token), upload: limiter(limits.upload) };
  return (req, res, next) => {
    const kind = kindOf(req);
    if (!kind) return next();
    return limiters[kind](req, res, next);
  };
}

/** The load context the app's requests get: this request's nonce (undefined on the dev server). */
export function securityLoadContext(_req: Request, res: Response): { cspNonce: string | undefined } {
  return { cspNonce: res.locals.cspNonce as string | undefined };
}
