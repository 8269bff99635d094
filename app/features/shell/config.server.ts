import { env } from "~/platform/env.server";
import { ssoSettings } from "~/features/auth/sso-settings.server";

/** Public configuration (spec §3 keys), served without sign-in by GET /api/v1/config. */
export function publicConfig() {
  const e = env();
  const sso = ssoSettings();
  return {
    RAILS_ENVIRONMENT: e.isProduction ? "production" : (e.APP_ENV ?? "development"),
    GA_GTAG_ID: e.GA_GTAG_ID ?? null,
    GOOGLE_CLIENT_ID: sso.google.clientId || null,
    LARK_CLIENT_ID: sso.lark.clientId || null,
    SENTRY_DSN: e.SENTRY_DSN ?? null,
    DEPLOYMENT_ENVIRONMENT: deploymentEnvironment(e),
  };
}

function deploymentEnvironment(e: ReturnType<typeof env>): string {
  return e.DEPLOYMENT_ENVIRONMENT ?? (e.isProduction ? "production" : "local");
}

/**
 * What the root loader needs on every request (analytics and error reporting; ADR 0035), from the cached settings
 * only: publicConfig also re-reads the sign-in settings, which the root does not need.
 */
export function clientMonitoringConfig() {
  const e = env();
  return { gaId: e.GA_GTAG_ID ?? null, monitoring: { dsn: e.SENTRY_DSN ?? null, environment: deploymentEnvironment(e), production: e.isProduction } };
}

/** Help links; overridable so a company can point them at its own intranet. */
export function publicLinks() {
  return {
    feedback101: process.env.FEEDBACK_101_URL ?? "/guides/feedback-101.html",
    // The product's guideline is a page of the app: it states each cycle's rule on reviewers' names (ADR 0058).
    generalGuideline: process.env.GENERAL_GUIDELINE_URL ?? "/app/guides/general-guideline",
  };
}
