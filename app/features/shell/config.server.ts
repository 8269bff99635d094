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
    DEPLOYMENT_ENVIRONMENT: e.DEPLOYMENT_ENVIRONMENT ?? (e.isProduction ? "production" : "local"),
  };
}

/** Help links; overridable so a company can point them at its own intranet. */
export function publicLinks() {
  return {
    feedback101: process.env.FEEDBACK_101_URL ?? "/guides/feedback-101.html",
    generalGuideline: process.env.GENERAL_GUIDELINE_URL ?? "/guides/general-guideline.html",
  };
}
