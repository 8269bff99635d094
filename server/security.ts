/**
 * The web process's guards, in front of everything it serves (docs/decisions/0041-hardening.md):
 * - a nonce per request (`res.locals.cspNonce`, handed to the app as `cspNonce` in the load context);
 * - helmet's security headers on every answer: the Content-Security-Policy of app/platform/security/csp.ts,
 *   X-Frame-Options DENY, nosniff, Referrer-Policy same-origin, HSTS in production;
 * - the cross-site request check of app/platform/security/origin.ts (403);
 * - rate limits per client address on the sign-in, token creation and uploads (429 with Retry-After);
 * - 405 with `Allow` for a method the app serves nowhere (TRACE, OPTIONS, …; ADR 0043).
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

/** The HTTP methods the web process serves (Remix's); the API narrows them per path (405 with its own `Allow`). */
export const SERVED_METHODS: readonly string[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

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

  // Methods the app serves at all (Remix's): any other (TRACE, OPTIONS, QUERY, …) is refused here with 405 and
  // `Allow`, in the API's error format under /api/, instead of failing inside Remix (a 500, or its own 405 body).
  app.use((req, res, next) => {
    if (SERVED_METHODS.includes(req.method)) return next();
    res.setHeader("Allow", SERVED_METHODS.join(", "));
    refuse(req, res, 405, "method_not_allowed", `The method ${req.method} is not served`);
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
