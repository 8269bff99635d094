import { isStyleChunk, monitoringEnabled, sentryOptions, type MonitoringConfig } from "~/platform/analytics/monitoring";

let started = false;
let capture: ((error: unknown) => void) | null = null;

/** Report a crash the error boundary shows (a no-op unless Sentry runs). */
export function captureBrowserError(error: unknown) {
  capture?.(error);
}

/**
 * Start Sentry in the browser when the configuration allows it (production and a DSN), and report chunk-load
 * failures: a script chunk (Vite's `vite:preloadError`, the ChunkLoadError of spec §8) and a style chunk (a
 * stylesheet link that fails to load). The SDK is loaded only then, so other installs never download it.
 */
export async function startBrowserMonitoring(cfg: MonitoringConfig): Promise<boolean> {
  if (started || !monitoringEnabled(cfg)) return false;
  started = true;
  const Sentry = await import("@sentry/react");
  Sentry.init(sentryOptions(cfg) as Parameters<typeof Sentry.init>[0]);
  capture = (error) => Sentry.captureException(error);
  window.addEventListener("vite:preloadError", (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    const error = payload instanceof Error ? payload : new Error("ChunkLoadError: a script chunk failed to load");
    error.name = "ChunkLoadError";
    Sentry.captureException(error);
  });
  window.addEventListener(
    "error",
    (event) => {
      const target = event.target as HTMLLinkElement | null;
      if (target && isStyleChunk(target)) Sentry.captureException(new Error(`ChunkLoadError: a style chunk failed to load: ${target.href}`));
    },
    true,
  );
  return true;
}
