/**
 * Server-side error reporting hook (ADR 0035): server/index.ts installs Sentry's capture here when Sentry runs
 * (production with a DSN); until then reporting is a no-op. The API's 500s and the pages' unexpected errors
 * (entry.server.tsx handleError) report through it.
 */
let reporter: ((error: unknown) => void) | null = null;

export function setServerErrorReporter(fn: (error: unknown) => void) {
  reporter = fn;
}

/** Log an unexpected server error and report it (when a reporter is installed). */
export function reportServerError(error: unknown) {
  console.error(error);
  try {
    reporter?.(error);
  } catch {
    // Reporting must never break the answer.
  }
}
