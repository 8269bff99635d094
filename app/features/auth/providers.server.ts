import { createCookie } from "@remix-run/node";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { Authenticator } from "remix-auth";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import { env } from "~/platform/env.server";
import type { User } from "~/generated/prisma/client.ts";
import { userForIdentity, type ProviderIdentity } from "~/features/auth/first-sign-in.server";
import { sessionStorage } from "~/platform/session.server";
import { DEFAULT_AFTER_LOGIN, safeRedirectPath } from "~/features/auth/rules";
import { ssoSettings, GOOGLE_DEFAULT_ISSUER, type SsoSettings } from "~/features/auth/sso-settings.server";

/**
 * The identity providers (docs/decisions/0004-sign-in.md):
 * - "Google": OpenID Connect, endpoints from the issuer's discovery document (GOOGLE_ISSUER; the local
 *   provider in development). Pages use remix-auth's GoogleStrategy (authorization-code flow, cookie session);
 *   the API verifies the provider's ID token against the issuer's JWKS (`verifyGoogleIdToken`).
 * - Lark: authorization code exchanged server-side (`exchangeLarkCode`), then the user_info call.
 * Both end in `userForSignIn`: the active user with the address; with SSO_ALLOWED_DOMAINS, a verified address of an
 * allowed domain unknown to the directory becomes a new employee (first-sign-in.server.ts); everyone else is refused.
 */

/** A sign-in failure: shown as 'Error while login' on the page, 401 on the API. */
export class SignInError extends Error {
  constructor(
    message: string,
    public reason: "provider" | "token_invalid" | "token_expired" | "unknown_user" | "email_unverified" | "unreachable" = "provider",
  ) {
    super(message);
    this.name = "SignInError";
  }
}

export type SignedInUser = { id: number; email: string; provider: "google" | "lark" };

const HTTP_TIMEOUT_MS = 10_000;

/**
 * A call to the identity provider; a network failure or timeout becomes a SignInError with reason "unreachable"
 * (the API answers 502 for it, not a 500: the provider is down, not this app).
 */
async function providerFetch(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  } catch (err) {
    throw new SignInError(`The sign-in provider could not be reached (${new URL(url).host}): ${(err as Error).message}`, "unreachable");
  }
}
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

// ---------------------------------------------------------------- OpenID discovery and ID tokens

export type OidcDiscovery = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
};

const discoveryCache = new Map<string, { at: number; doc: Promise<OidcDiscovery> }>();

/** The issuer's /.well-known/openid-configuration (cached for an hour; failures are not cached). */
export function discover(issuer: string): Promise<OidcDiscovery> {
  const hit = discoveryCache.get(issuer);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.doc;
  const doc = (async () => {
    const res = await providerFetch(`${issuer}/.well-known/openid-configuration`);
    if (!res.ok) throw new SignInError(`OpenID discovery failed for ${issuer}: HTTP ${res.status}`);
    const json = (await res.json()) as Partial<OidcDiscovery>;
    for (const key of ["issuer", "authorization_endpoint", "token_endpoint", "userinfo_endpoint", "jwks_uri"] as const) {
      if (typeof json[key] !== "string") throw new SignInError(`OpenID discovery for ${issuer} has no ${key}`);
    }
    return json as OidcDiscovery;
  })();
  discoveryCache.set(issuer, { at: Date.now(), doc });
  doc.catch(() => discoveryCache.delete(issuer));
  return doc;
}

const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function jwksFor(uri: string) {
  let set = jwksCache.get(uri);
  if (!set) {
    set = createRemoteJWKSet(new URL(uri), { timeoutDuration: HTTP_TIMEOUT_MS });
    jwksCache.set(uri, set);
  }
  return set;
}

export type VerifiedIdentity = ProviderIdentity & { picture: string | null };

/**
 * Verify an ID token of the Google (OpenID) provider: RS256 signature against the issuer's JWKS, issuer,
 * audience = our client id, expiry (30 s clock tolerance), and a verified email.
 */
export async function verifyGoogleIdToken(idToken: string, settings: SsoSettings = ssoSettings()): Promise<VerifiedIdentity> {
  const { issuer, clientId } = settings.google;
  if (!clientId) throw new SignInError("Google sign-in is not configured");
  const doc = await discover(issuer);
  // Google documents both spellings of its issuer in ID tokens.
  const issuers = doc.issuer === GOOGLE_DEFAULT_ISSUER ? [doc.issuer, "accounts.google.com"] : [doc.issuer];
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwksFor(doc.jwks_uri), {
      issuer: issuers,
      audience: clientId,
      algorithms: ["RS256"],
      requiredClaims: ["exp", "iat", "sub"],
      clockTolerance: 30,
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new SignInError("The ID token has expired", "token_expired");
    if (err instanceof joseErrors.JOSEError) throw new SignInError(`Invalid ID token (${err.code})`, "token_invalid");
    throw err;
  }
  const email = typeof payload.email === "string" ? payload.email : null;
  if (!email) throw new SignInError("The ID token carries no email", "token_invalid");
  if (payload.email_verified === false || payload.email_verified === "false") throw new SignInError("The email is not verified", "email_unverified");
  return {
    email,
    name: typeof payload.name === "string" ? payload.name : null,
    emailVerified: payload.email_verified === true || payload.email_verified === "true",
    picture: typeof payload.picture === "string" ? payload.picture : null,
  };
}

/** The active user the provider's identity stands for (or one created for an allowed domain), or a SignInError. */
export function userForSignIn(identity: ProviderIdentity): Promise<User> {
  return userForIdentity(identity, (message) => new SignInError(message, "unknown_user"));
}

// ---------------------------------------------------------------- pages: remix-auth with the Google strategy

/** Google's strategy with every endpoint taken from the issuer's discovery document. */
class DiscoveredGoogleStrategy<U> extends GoogleStrategy<U> {
  constructor(
    options: ConstructorParameters<typeof GoogleStrategy<U>>[0],
    verify: ConstructorParameters<typeof GoogleStrategy<U>>[1],
    private discovery: OidcDiscovery,
  ) {
    super(options, verify);
    this.authorizationURL = discovery.authorization_endpoint;
    this.tokenURL = discovery.token_endpoint;
  }

  protected async userProfile(accessToken: string): Promise<GoogleProfile> {
    const res = await fetch(this.discovery.userinfo_endpoint, {
      headers: { Authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    if (!res.ok) throw new SignInError(`userinfo failed: HTTP ${res.status}`);
    const raw = (await res.json()) as GoogleProfile["_json"];
    return {
      provider: "google",
      id: raw.sub,
      displayName: raw.name,
      name: { familyName: raw.family_name, givenName: raw.given_name },
      emails: [{ value: raw.email }],
      photos: [{ value: raw.picture }],
      _json: raw,
    };
  }
}

/** The public origin of the app: APP_URL, else the request's own origin. */
export function appOrigin(request: Request, settings: SsoSettings = ssoSettings()): string {
  return settings.appUrl ?? new URL(request.url).origin;
}

export const GOOGLE_CALLBACK_PATH = "/auth/google/callback";
export const LARK_CALLBACK_PATH = "/auth/lark/callback";

const authenticators = new Map<string, Authenticator<SignedInUser>>();

/** The remix-auth Authenticator (cookie session of session.server.ts) for this request's callback URL. */
export async function getAuthenticator(request: Request): Promise<Authenticator<SignedInUser>> {
  const settings = ssoSettings();
  const { issuer, clientId, clientSecret } = settings.google;
  if (!clientId || !clientSecret) throw new SignInError("Google sign-in is not configured");
  const discovery = await discover(issuer);
  const callbackURL = `${appOrigin(request, settings)}${GOOGLE_CALLBACK_PATH}`;
  const key = JSON.stringify([discovery, clientId, clientSecret, callbackURL]);
  let authenticator = authenticators.get(key);
  if (!authenticator) {
    authenticator = new Authenticator<SignedInUser>(sessionStorage as never, { throwOnError: true });
    authenticator.use(
      new DiscoveredGoogleStrategy<SignedInUser>(
        { clientID: clientId, clientSecret, callbackURL, scope: "openid email profile", prompt: "select_account" },
        async ({ profile }) => {
          const email = profile._json.email ?? profile.emails?.[0]?.value;
          if (!email) throw new SignInError("The provider returned no email");
          const verified = profile._json.email_verified as unknown;
          if (verified === false) throw new SignInError("The email is not verified", "email_unverified");
          const name = profile._json.name ?? profile.displayName;
          const user = await userForSignIn({ email, name: typeof name === "string" ? name : null, emailVerified: verified === true || verified === "true" });
          return { id: user.id, email: user.email, provider: "google" };
        },
        discovery,
      ),
      "google",
    );
    authenticators.set(key, authenticator);
  }
  return authenticator;
}

// ---------------------------------------------------------------- Lark (second provider)

/** `emailVerified`: the address is the tenant's `enterprise_email` (set by the company), not the person's own `email`. */
export type LarkIdentity = ProviderIdentity & { avatarUrl: string | null };

async function readJson(res: Response): Promise<Record<string, unknown>> {
  try {
    const value: unknown = await res.json();
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Exchange a Lark authorization code (POST {LARK_BASE_URL}/open-apis/authen/v2/oauth/token, JSON body
 * {grant_type: "authorization_code", client_id, client_secret, code, redirect_uri}) and read the signed-in
 * person (GET /open-apis/authen/v1/user_info with the user access token). Lark answers `code: 0` on success.
 * The work address is `enterprise_email`, falling back to `email` (which only admits people already in the directory).
 */
export async function exchangeLarkCode(code: string, redirectUri: string | undefined, settings: SsoSettings = ssoSettings()): Promise<LarkIdentity> {
  const { baseUrl, clientId, clientSecret } = settings.lark;
  if (!clientId || !clientSecret) throw new SignInError("Lark sign-in is not configured");
  const tokenRes = await providerFetch(`${baseUrl}/open-apis/authen/v2/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/json; charset=utf-8" },
    body: JSON.stringify({
      grant_type: "authorization_code",
      client_id: clientId,
      client_secret: clientSecret,
      code,
      ...(redirectUri ? { redirect_uri: redirectUri } : {}),
    }),
  });
  const token = await readJson(tokenRes);
  if (!tokenRes.ok || token.code !== 0 || typeof token.access_token !== "string") {
    const why = token.error_description ?? token.error ?? token.msg ?? `HTTP ${tokenRes.status}`;
    throw new SignInError(`Lark code exchange failed: ${String(why)}`, "token_invalid");
  }
  const infoRes = await providerFetch(`${baseUrl}/open-apis/authen/v1/user_info`, {
    headers: { Authorization: `Bearer ${token.access_token}` },
  });
  const info = await readJson(infoRes);
  const data = (info.data ?? {}) as Record<string, unknown>;
  if (!infoRes.ok || info.code !== 0) throw new SignInError(`Lark user_info failed: ${String(info.msg ?? `HTTP ${infoRes.status}`)}`);
  const enterprise = typeof data.enterprise_email === "string" && data.enterprise_email.length > 0 ? data.enterprise_email : null;
  const email = enterprise ?? (typeof data.email === "string" && data.email.length > 0 ? data.email : null);
  if (!email) throw new SignInError("Lark returned no email address for this person");
  return {
    email,
    name: typeof data.name === "string" ? data.name : null,
    emailVerified: enterprise !== null,
    avatarUrl: typeof data.avatar_url === "string" && data.avatar_url ? data.avatar_url : null,
  };
}

/** Where the browser goes to sign in with Lark. */
export function larkAuthorizationUrl(redirectUri: string, state: string, settings: SsoSettings = ssoSettings()): string {
  const url = new URL(settings.lark.authorizeUrl);
  url.searchParams.set("client_id", settings.lark.clientId);
  url.searchParams.set("app_id", settings.lark.clientId); // the older name of the same parameter
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("state", state);
  return url.toString();
}

// ---------------------------------------------------------------- the browser flow's own cookie

/**
 * Short-lived signed cookie carrying the flow: where to return after sign-in, and the Lark `state`
 * (the Google strategy keeps its state in the session). Bound to this browser, ten minutes.
 */
export const loginFlowCookie = createCookie("__pmr_login", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: env().isProduction,
  secrets: [env().SESSION_SECRET ?? "pmr-development-login-flow-secret"],
  maxAge: 10 * 60,
});

export type LoginFlow = { redirectTo: string; larkState?: string };

export async function readLoginFlow(request: Request): Promise<LoginFlow> {
  const value = (await loginFlowCookie.parse(request.headers.get("Cookie"))) as Partial<LoginFlow> | null;
  return {
    redirectTo: safeRedirectPath(value?.redirectTo, DEFAULT_AFTER_LOGIN),
    larkState: typeof value?.larkState === "string" ? value.larkState : undefined,
  };
}
