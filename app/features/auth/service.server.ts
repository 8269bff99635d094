import { randomBytes } from "node:crypto";
import { redirect } from "@remix-run/node";
import { AuthorizationError } from "remix-auth";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { ApiError, unauthorized } from "~/platform/api.server";
import { API_TOKEN_TTL_MS, getCurrentUser, hashToken, LOGIN_PATH, newTokenValue, tokenPrefix, type CurrentUser } from "~/platform/auth.server";
import {
  appOrigin,
  exchangeLarkCode,
  getAuthenticator,
  GOOGLE_CALLBACK_PATH,
  LARK_CALLBACK_PATH,
  larkAuthorizationUrl,
  loginFlowCookie,
  readLoginFlow,
  SignInError,
  userForSignIn,
  verifyGoogleIdToken,
} from "~/features/auth/providers.server";
import { commitSession, endSession, getSession, startSession } from "~/platform/session.server";
import { DEFAULT_AFTER_LOGIN, safeRedirectPath, signInTokenName } from "~/features/auth/rules";
import { TokenResponse, type TokenResponseBody } from "~/features/auth/contract.server";

/**
 * Signing in and out: cookie sessions for the pages, bearer tokens for the API
 * (docs/decisions/0004-sign-in.md). Every sign-in and sign-out writes an audit record.
 */

export const LOGIN_ERROR_TEXT = "Error while login";
const OAUTH_STATE_KEY = "oauth2:state"; // where remix-auth-oauth2 keeps its state in the session

const selfActor = (user: User, source: Actor["source"]): Actor => ({ userId: user.id, realUserId: user.id, source });

export function userJson(user: User) {
  return { id: user.id, email: user.email, name: user.name, role: user.role, profile_image_url: user.profileImageUrl };
}

// ---------------------------------------------------------------- API tokens

/** A new bearer token for the user (only its sha256 is stored), audited as token.create. */
export async function issueApiToken(user: User, provider: "google" | "lark"): Promise<TokenResponseBody> {
  const db = await getDb();
  const token = newTokenValue();
  await db.$transaction(async (tx) => {
    const row = await tx.apiToken.create({
      data: {
        userId: user.id,
        tokenHash: hashToken(token),
        name: signInTokenName(provider),
        prefix: tokenPrefix(token),
        provider,
        expiresAt: new Date(Date.now() + API_TOKEN_TTL_MS),
      },
    });
    await recordAudit(tx, selfActor(user, "api"), {
      action: "token.create",
      entityType: "ApiToken",
      entityId: row.id,
      after: { userId: user.id, provider, expiresAt: row.expiresAt },
    });
  });
  return TokenResponse.parse({ token, user: userJson(user) });
}

function asApiError(err: unknown): never {
  if (err instanceof SignInError && err.reason === "unreachable") throw new ApiError(502, "provider_unavailable", err.message);
  if (err instanceof SignInError) throw unauthorized(err.message);
  throw err;
}

/** POST /api/v1/tokens: an ID token of the OpenID provider → a bearer token for the API. */
export async function signInWithIdToken(idToken: string): Promise<TokenResponseBody> {
  try {
    const identity = await verifyGoogleIdToken(idToken);
    return await issueApiToken(await userForSignIn(identity), "google");
  } catch (err) {
    asApiError(err);
  }
}

/** The Lark sign-in shared by the API route and the page callback: code → the active user. */
export async function userForLarkCode(code: string, redirectUri: string | undefined): Promise<User> {
  return userForSignIn(await exchangeLarkCode(code, redirectUri));
}

/** POST /api/v1/lark/access_token: a Lark authorization code → a bearer token for the API. */
export async function signInWithLarkCode(code: string, redirectUri: string | undefined): Promise<TokenResponseBody> {
  try {
    return await issueApiToken(await userForLarkCode(code, redirectUri), "lark");
  } catch (err) {
    asApiError(err);
  }
}

/**
 * DELETE /api/v1/tokens: revoke the bearer token of the request (token.revoke); a caller signed in
 * with the page cookie instead has that session ended (session.logout). Returns the headers to send.
 */
export async function signOutApi(request: Request, current: CurrentUser): Promise<Headers> {
  const headers = new Headers();
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "");
  const db = await getDb();
  if (match) {
    await db.$transaction(async (tx) => {
      const row = await tx.apiToken.findUnique({ where: { tokenHash: hashToken(match[1]!) } });
      if (!row || row.revokedAt) throw unauthorized("Invalid or expired token");
      const revoked = await tx.apiToken.update({ where: { id: row.id }, data: { revokedAt: new Date() } });
      await recordAudit(tx, current.actor, {
        action: "token.revoke",
        entityType: "ApiToken",
        entityId: row.id,
        before: { revokedAt: null },
        after: { revokedAt: revoked.revokedAt },
      });
    });
    return headers;
  }
  headers.append("Set-Cookie", await logout(request, current));
  return headers;
}

// ---------------------------------------------------------------- page sessions

/** End the request's session (its row is deleted, so a copy of the cookie stops working) and audit session.logout. */
async function logout(request: Request, current: CurrentUser | null): Promise<string> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const setCookie = await endSession(request, tx);
    if (current) {
      await recordAudit(tx, current.actor, {
        action: "session.logout",
        entityType: "User",
        entityId: current.actor.realUserId ?? current.user.id,
      });
    }
    return setCookie;
  });
}

function loginPath(redirectTo: string): string {
  return redirectTo === DEFAULT_AFTER_LOGIN ? LOGIN_PATH : `${LOGIN_PATH}?${new URLSearchParams({ redirectTo })}`;
}

/**
 * Sign the browser in: a new server-side session with a new id (any session the browser had is deleted),
 * audit session.login, back to the requested page.
 */
async function completePageSignIn(request: Request, userId: number, provider: "google" | "lark", redirectTo: string): Promise<Response> {
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user || !user.active) throw new SignInError("No active user with this email address", "unknown_user");
  const setCookie = await db.$transaction(async (tx) => {
    const cookie = await startSession(request, { userId: user.id }, tx);
    await recordAudit(tx, selfActor(user, "page"), { action: "session.login", entityType: "User", entityId: user.id, after: { provider } });
    return cookie;
  });
  const headers = new Headers();
  headers.append("Set-Cookie", setCookie);
  headers.append("Set-Cookie", await loginFlowCookie.serialize("", { maxAge: 0 }));
  return redirect(redirectTo, { headers });
}

/** A failed sign-in: back to the login page, which shows 'Error while login'; the requested page is kept. */
async function pageSignInFailed(request: Request, redirectTo: string, err: unknown): Promise<Response> {
  // Expected refusals (unknown user, bad state, provider said no) are not errors of the app.
  if (!(err instanceof SignInError || err instanceof AuthorizationError)) console.error("Sign-in failed", err);
  const session = await getSession(request);
  session.unset(OAUTH_STATE_KEY as never);
  session.flash("loginError", LOGIN_ERROR_TEXT);
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSession(session));
  headers.append("Set-Cookie", await loginFlowCookie.serialize("", { maxAge: 0 }));
  return redirect(loginPath(redirectTo), { headers });
}

async function redirectToFromForm(request: Request): Promise<string> {
  const form = await request.clone().formData().catch(() => null);
  return safeRedirectPath(form?.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"));
}

/** POST /auth/google: to the provider's consent page, remembering where to return. */
export async function startGoogleSignIn(request: Request): Promise<Response> {
  const redirectTo = await redirectToFromForm(request);
  try {
    const authenticator = await getAuthenticator(request);
    await authenticator.authenticate("google", request);
    return redirect(redirectTo); // not reached: the strategy always redirects to the provider here
  } catch (err) {
    if (err instanceof Response && err.status >= 300 && err.status < 400) {
      err.headers.append("Set-Cookie", await loginFlowCookie.serialize({ redirectTo }));
      return err;
    }
    return pageSignInFailed(request, redirectTo, err);
  }
}

/** GET /auth/google/callback: state check, code exchange, userinfo, user lookup, session. */
export async function completeGoogleSignIn(request: Request): Promise<Response> {
  const { redirectTo } = await readLoginFlow(request);
  try {
    const authenticator = await getAuthenticator(request);
    const signedIn = await authenticator.authenticate("google", request);
    return await completePageSignIn(request, signedIn.id, "google", redirectTo);
  } catch (err) {
    return pageSignInFailed(request, redirectTo, err);
  }
}

/** POST /auth/lark: to Lark's consent page with a fresh state bound to this browser. */
export async function startLarkSignIn(request: Request): Promise<Response> {
  const redirectTo = await redirectToFromForm(request);
  try {
    const state = randomBytes(24).toString("base64url");
    const url = larkAuthorizationUrl(`${appOrigin(request)}${LARK_CALLBACK_PATH}`, state);
    return redirect(url, { headers: { "Set-Cookie": await loginFlowCookie.serialize({ redirectTo, larkState: state }) } });
  } catch (err) {
    return pageSignInFailed(request, redirectTo, err);
  }
}

/** GET /auth/lark/callback: state check, then the same code exchange as POST /api/v1/lark/access_token. */
export async function completeLarkSignIn(request: Request): Promise<Response> {
  const { redirectTo, larkState } = await readLoginFlow(request);
  const url = new URL(request.url);
  try {
    const state = url.searchParams.get("state");
    if (!larkState || !state || state !== larkState) throw new SignInError("State doesn't match");
    const code = url.searchParams.get("code");
    if (!code) throw new SignInError(`Lark sign-in was not completed (${url.searchParams.get("error") ?? "no code"})`);
    const user = await userForLarkCode(code, `${appOrigin(request)}${LARK_CALLBACK_PATH}`);
    return await completePageSignIn(request, user.id, "lark", redirectTo);
  } catch (err) {
    return pageSignInFailed(request, redirectTo, err);
  }
}

/** POST /app/logout: end the page session (session.logout) and go to /app/login?out=true. */
export async function signOutPage(request: Request): Promise<Response> {
  const current = await getCurrentUser(request);
  return redirect(`${LOGIN_PATH}?out=true`, { headers: { "Set-Cookie": await logout(request, current) } });
}

/** The callback URL registered with each provider (for the README/ADR and the Lark API default). */
export function callbackUrls(request: Request) {
  const origin = appOrigin(request);
  return { google: `${origin}${GOOGLE_CALLBACK_PATH}`, lark: `${origin}${LARK_CALLBACK_PATH}` };
}
