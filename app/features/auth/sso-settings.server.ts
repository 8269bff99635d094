import { readEnv } from "~/platform/env.server";

/**
 * Sign-in settings, read from the environment at call time (the start script sets DEV_OIDC_URL after the
 * local provider is listening, i.e. after `env()` may have been cached).
 *
 * Outside production, a provider that is not configured explicitly points at the local OpenID provider
 * (DEV_OIDC_URL) with the development client credentials below, so `DEV_OIDC_URL` alone is enough.
 * In production DEV_OIDC_URL is ignored and the client ids/secrets are required (see env.server.ts).
 */
export const GOOGLE_DEFAULT_ISSUER = "https://accounts.google.com";
export const LARK_DEFAULT_BASE_URL = "https://open.larksuite.com";

/** Client credentials the local provider accepts by default (development and tests only). */
export const DEV_CLIENTS = {
  google: { clientId: "pmr-dev-google", clientSecret: "pmr-dev-google-secret" },
  lark: { clientId: "cli_pmr_dev_lark", clientSecret: "pmr-dev-lark-secret" },
} as const;

export type SsoSettings = {
  isProduction: boolean;
  /** Public origin of the app (APP_URL); when unset the request's own origin is used. */
  appUrl: string | undefined;
  /** The local provider's issuer, outside production only. */
  devOidcUrl: string | undefined;
  google: { issuer: string; clientId: string; clientSecret: string };
  lark: { baseUrl: string; authorizeUrl: string; clientId: string; clientSecret: string };
  /** SSO_ALLOWED_DOMAINS: people with a verified address here are created as employees at first sign-in; [] = off. */
  allowedDomains: string[];
};

const trimSlash = (url: string) => url.replace(/\/+$/, "");

export function ssoSettings(source: Record<string, string | undefined> = process.env): SsoSettings {
  const s = readEnv(source);
  const devOidcUrl = !s.isProduction && s.DEV_OIDC_URL ? trimSlash(s.DEV_OIDC_URL) : undefined;
  const dev = !s.isProduction;
  const larkBase = trimSlash(s.LARK_BASE_URL ?? devOidcUrl ?? LARK_DEFAULT_BASE_URL);
  return {
    isProduction: s.isProduction,
    appUrl: s.APP_URL ? trimSlash(s.APP_URL) : undefined,
    devOidcUrl,
    google: {
      issuer: trimSlash(s.GOOGLE_ISSUER ?? devOidcUrl ?? GOOGLE_DEFAULT_ISSUER),
      clientId: s.GOOGLE_CLIENT_ID ?? (dev ? DEV_CLIENTS.google.clientId : ""),
      clientSecret: s.GOOGLE_CLIENT_SECRET ?? (dev ? DEV_CLIENTS.google.clientSecret : ""),
    },
    lark: {
      baseUrl: larkBase,
      // Lark serves its consent page at …/open-apis/authen/v1/authorize; some tenants use a separate
      // accounts host for it, which LARK_AUTHORIZE_URL can name.
      authorizeUrl: s.LARK_AUTHORIZE_URL ?? `${larkBase}/open-apis/authen/v1/authorize`,
      clientId: s.LARK_CLIENT_ID ?? (dev ? DEV_CLIENTS.lark.clientId : ""),
      clientSecret: s.LARK_CLIENT_SECRET ?? (dev ? DEV_CLIENTS.lark.clientSecret : ""),
    },
    allowedDomains: s.SSO_ALLOWED_DOMAINS,
  };
}
