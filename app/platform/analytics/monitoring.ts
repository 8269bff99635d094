/**
 * Error reporting (spec §8/§9, ADR 0035): Sentry runs only in production with a DSN. PURE: what the browser and the
 * server decide from the public configuration; monitoring.client.ts and server/index.ts act on it.
 */
export type MonitoringConfig = { dsn: string | null; environment: string; production: boolean };

/** Whether Sentry is initialised: the production environment and a DSN, both. */
export function monitoringEnabled(cfg: MonitoringConfig): cfg is MonitoringConfig & { dsn: string } {
  return cfg.production && typeof cfg.dsn === "string" && cfg.dsn.trim() !== "";
}

/** Is this failed element a style chunk (a stylesheet link)? Reported like a script chunk failure (spec §8). */
export function isStyleChunk(el: { tagName?: string; rel?: string } | null): boolean {
  return !!el && el.tagName === "LINK" && (el.rel ?? "").split(/\s+/).includes("stylesheet");
}
