/**
 * Error reporting (spec §8/§9, ADR 0035): Sentry runs only in production with a DSN. PURE: what the browser and the
 * server decide from the public configuration; monitoring.client.ts and server/index.ts act on it.
 */
import { scrubEmails } from "~/platform/analytics/events";

export type MonitoringConfig = { dsn: string | null; environment: string; production: boolean };

/** Whether Sentry is initialised: the production environment and a DSN, both. */
export function monitoringEnabled(cfg: MonitoringConfig): cfg is MonitoringConfig & { dsn: string } {
  return cfg.production && typeof cfg.dsn === "string" && cfg.dsn.trim() !== "";
}

/** Is this failed element a style chunk (a stylesheet link)? Reported like a script chunk failure (spec §8). */
export function isStyleChunk(el: { tagName?: string; rel?: string } | null): boolean {
  return !!el && el.tagName === "LINK" && (el.rel ?? "").split(/\s+/).includes("stylesheet");
}

type Crumb = { category?: string; message?: string; data?: Record<string, unknown> };
type SentryEventLike = { request?: { url?: string; query_string?: unknown; cookies?: unknown; headers?: unknown; data?: unknown }; breadcrumbs?: Crumb[] };

/** A breadcrumb without emails (URLs of fetches and navigations); console breadcrumbs are dropped. */
export function scrubBreadcrumb<T extends Crumb>(crumb: T): T | null {
  if (crumb.category === "console") return null;
  const data = crumb.data ? Object.fromEntries(Object.entries(crumb.data).map(([k, v]) => [k, typeof v === "string" ? scrubEmails(v) : v])) : undefined;
  return { ...crumb, ...(crumb.message ? { message: scrubEmails(crumb.message) } : {}), ...(data ? { data } : {}) };
}

/** An error event without emails, query strings, cookies, headers or request bodies (beforeSend). */
export function scrubEvent<T extends SentryEventLike>(event: T): T {
  const out = { ...event };
  if (out.request) {
    out.request = { url: out.request.url ? scrubEmails(out.request.url.split("?")[0]!) : undefined };
  }
  if (out.breadcrumbs) out.breadcrumbs = out.breadcrumbs.map((b) => scrubBreadcrumb(b)).filter((b): b is Crumb => b !== null);
  return out;
}

/** The Sentry options both sides use: environment, no PII, and the scrubbers. */
export function sentryOptions(cfg: MonitoringConfig & { dsn: string }) {
  return {
    dsn: cfg.dsn,
    environment: cfg.environment,
    sendDefaultPii: false,
    beforeSend: <E extends SentryEventLike>(event: E) => scrubEvent(event),
    beforeBreadcrumb: <C extends Crumb>(crumb: C) => scrubBreadcrumb(crumb),
  };
}
