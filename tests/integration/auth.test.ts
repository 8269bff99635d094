/**
 * Sign-in end to end over real HTTP: the local OpenID provider (server/dev-oidc-provider.ts) on a
 * loopback port, the app's route modules called like Remix would, the test database.
 * The browser is played by hand: fetch the provider's pages, submit its forms, follow redirects manually.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { generateKeyPair, SignJWT, decodeProtectedHeader } from "jose";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import { ApiError } from "~/platform/api.server";
import { getCurrentUser, hashToken, requireApiUser } from "~/platform/auth.server";
import { DEV_CLIENTS } from "~/features/auth/sso-settings.server";
import { sessionStorage } from "~/platform/session.server";
import * as loginPage from "~/routes/app.login";
import * as logoutRoute from "~/routes/app.logout";
import * as googleStart from "~/routes/auth.google";
import * as googleCallback from "~/routes/auth.google.callback";
import * as larkStart from "~/routes/auth.lark";
import * as larkCallback from "~/routes/auth.lark.callback";
import * as tokensRoute from "~/routes/api.v1.tokens";
import * as larkTokenRoute from "~/routes/api.v1.lark.access_token";
import { startDevOidcProvider, type DevOidcProvider } from "../../server/dev-oidc-provider";
import { callRoute, createTestUser } from "../support/api";
import { freePorts } from "../support/temporal";
import { CookieJar } from "../../scripts/lib/child-process";

const APP = "http://127.0.0.1:5602"; // the app's public origin (APP_URL); the routes are called in-process
const savedEnv: Record<string, string | undefined> = {};
const ENV_KEYS = ["DEV_OIDC_URL", "APP_URL", "GOOGLE_ISSUER", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "LARK_BASE_URL", "LARK_CLIENT_ID", "LARK_CLIENT_SECRET", "LARK_AUTHORIZE_URL"];

let provider: DevOidcProvider;
let employee: User;
let admin: User;
let inactive: User;

beforeAll(async () => {
  for (const key of ENV_KEYS) {
    savedEnv[key] = process.env[key];
    delete process.env[key];
  }
  employee = await createTestUser({ name: "Auth Employee" });
  admin = await createTestUser({ name: "Auth Admin", role: "SUPER_ADMIN" });
  inactive = await createTestUser({ name: "Auth Inactive" });
  const db = await getDb();
  await db.user.update({ where: { id: inactive.id }, data: { active: false } });
  // A free port: the PGlite and PostgreSQL passes run side by side (scripts/test.sh).
  const [providerPort] = await freePorts(1);
  provider = await startDevOidcProvider({
    port: providerPort!,
    listUsers: async () =>
      (await getDb()).user.findMany({ where: { active: true }, orderBy: { id: "asc" }, select: { email: true, name: true, role: true } }),
  });
  // What the start script does: only DEV_OIDC_URL, everything else defaults to the local provider.
  process.env.DEV_OIDC_URL = provider.issuer;
  process.env.APP_URL = APP;
});

afterAll(async () => {
  await provider?.close();
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
});

// ---------------------------------------------------------------------------------------------- browser helpers


const unescapeHtml = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** The form of the provider's picker that signs in `email` (a listed user's button, else the free-text field). */
function pickForm(html: string, email: string): { action: string; fields: URLSearchParams } {
  const forms = [...html.matchAll(/<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/g)];
  const listed = forms.find((f) => f[2]!.includes(`name="email" value="${email}"`));
  const form = listed ?? forms.find((f) => f[2]!.includes('type="email"'));
  if (!form) throw new Error("no usable form on the provider page");
  const fields = new URLSearchParams();
  for (const m of form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields.set(m[1]!, unescapeHtml(m[2]!));
  if (!listed) fields.set("email", email);
  return { action: unescapeHtml(form[1]!), fields };
}

const routeArgs = (request: Request) => ({ request, params: {}, context: {} }) as never;

/** Run a loader/action; a thrown Response (redirect) is returned like a returned one. */
async function run(fn: (args: never) => unknown, request: Request): Promise<Response | unknown> {
  try {
    return await fn(routeArgs(request));
  } catch (err) {
    if (err instanceof Response) return err;
    throw err;
  }
}

async function runResponse(fn: (args: never) => unknown, request: Request): Promise<Response> {
  const res = await run(fn, request);
  expect(res).toBeInstanceOf(Response);
  return res as Response;
}

/**
 * The whole browser round trip: login page button (POST /auth/<provider>) → provider's picker page →
 * choose the user → back to the app's callback with code & state. Returns the callback's response.
 */
async function browserSignIn(providerName: "google" | "lark", email: string, opts: { redirectTo?: string; jar?: CookieJar; tamperState?: boolean } = {}) {
  const jar = opts.jar ?? new CookieJar();
  const form = new URLSearchParams();
  if (opts.redirectTo !== undefined) form.set("redirectTo", opts.redirectTo);
  const start = await runResponse((providerName === "google" ? googleStart.action : larkStart.action) as never, new Request(`${APP}/auth/${providerName}`, {
    method: "POST",
    body: form,
    headers: { Cookie: jar.header(), "Content-Type": "application/x-www-form-urlencoded" },
  }));
  expect(start.status).toBe(302);
  jar.add(start);
  expect(jar.has("__pmr_login")).toBe(true);
  const authorizeUrl = new URL(start.headers.get("Location")!);
  expect(authorizeUrl.origin).toBe(provider.issuer);
  expect(authorizeUrl.pathname).toBe(providerName === "google" ? "/authorize" : "/open-apis/authen/v1/authorize");
  expect(authorizeUrl.searchParams.get("redirect_uri")).toBe(`${APP}/auth/${providerName}/callback`);

  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const { action, fields } = pickForm(html, email);
  const chosen = await fetch(new URL(action, provider.issuer), { method: "POST", body: fields, redirect: "manual" });
  expect(chosen.status).toBe(302);
  const back = new URL(chosen.headers.get("Location")!);
  expect(`${back.origin}${back.pathname}`).toBe(`${APP}/auth/${providerName}/callback`);
  if (opts.tamperState) back.searchParams.set("state", "not-the-state");

  const callback = await runResponse((providerName === "google" ? googleCallback.loader : larkCallback.loader) as never, new Request(back, {
    headers: { Cookie: jar.header() },
  }));
  jar.add(callback);
  return { callback, jar, html };
}

async function signedInAs(jar: CookieJar) {
  return getCurrentUser(new Request(`${APP}/app/home`, { headers: { Cookie: jar.header() } }));
}

async function loginPageState(jar: CookieJar, query = "") {
  const result = await run(loginPage.loader as never, new Request(`${APP}/app/login${query}`, { headers: { Cookie: jar.header() } }));
  if (result instanceof Response) return { redirect: result.headers.get("Location"), status: result.status };
  const d = result as { data: { error: boolean; redirectTo: string | null }; init?: { headers?: HeadersInit } };
  if (d.init?.headers) jar.add(new Response(null, { headers: d.init.headers }));
  return { data: d.data };
}

/** Code from the provider for `email` (what the picker's button submits), for API sign-ins. */
async function codeFor(email: string, client: { clientId: string }, redirectUri: string, path = "/authorize") {
  const res = await fetch(`${provider.issuer}${path}`, {
    method: "POST",
    body: new URLSearchParams({ client_id: client.clientId, redirect_uri: redirectUri, state: "s", nonce: "n", email }),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("Location")!).searchParams.get("code")!;
}

async function idTokenFor(email: string, client: { clientId: string; clientSecret: string } = DEV_CLIENTS.google) {
  const redirectUri = "http://127.0.0.1:5603/native-client";
  const code = await codeFor(email, client, redirectUri);
  const res = await fetch(`${provider.issuer}/token`, {
    method: "POST",
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: client.clientId, client_secret: client.clientSecret }),
  });
  expect(res.status).toBe(200);
  const json = (await res.json()) as { id_token: string };
  return json.id_token;
}

const postTokens = (idToken?: string) =>
  callRoute(tokensRoute.action as never, { method: "POST", path: "/api/v1/tokens", token: idToken });

async function expectApiRejects(token: string) {
  const err = await requireApiUser(new Request(`${APP}/api/v1/cycles`, { headers: { Authorization: `Bearer ${token}` } })).catch((e) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).status).toBe(401);
}

async function auditCount(action: string, entityId: number | string) {
  return (await getDb()).auditRecord.count({ where: { action, entityId: String(entityId) } });
}

// ---------------------------------------------------------------------------------------------- tests

describe("local OpenID provider", () => {
  it("publishes discovery and keys and lists the users on its picker", async () => {
    const doc = (await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json()) as Record<string, string>;
    expect(doc.issuer).toBe(provider.issuer);
    expect(doc.jwks_uri).toBe(`${provider.issuer}/jwks`);
    const jwks = (await (await fetch(doc.jwks_uri!)).json()) as { keys: Array<{ kty: string; alg: string; d?: string }> };
    expect(jwks.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256" });
    expect(jwks.keys[0]!.d).toBeUndefined(); // public part only

    const url = new URL(doc.authorization_endpoint!);
    url.search = new URLSearchParams({ client_id: DEV_CLIENTS.google.clientId, redirect_uri: `${APP}/x`, response_type: "code", state: "s" }).toString();
    const html = await (await fetch(url)).text();
    expect(html).toContain(employee.email);
    expect(html).toContain(employee.name);
    expect(html).not.toContain(inactive.email);
    expect(html).toContain('type="email"');

    url.searchParams.set("client_id", "someone-else");
    expect((await fetch(url)).status).toBe(400);
  });

  it("listens on loopback only", async () => {
    await expect(startDevOidcProvider({ port: 5604, host: "0.0.0.0", listUsers: async () => [] })).rejects.toThrow(/loopback/);
  });

  it("checks client secret, redirect_uri and the one-time code at the token endpoint", async () => {
    const redirectUri = "http://127.0.0.1:5603/cb";
    const token = (code: string, overrides: Record<string, string> = {}) =>
      fetch(`${provider.issuer}/token`, {
        method: "POST",
        body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, ...DEV_CLIENTS.google && { client_id: DEV_CLIENTS.google.clientId, client_secret: DEV_CLIENTS.google.clientSecret }, ...overrides }),
      });
    expect((await token(await codeFor(employee.email, DEV_CLIENTS.google, redirectUri), { client_secret: "wrong" })).status).toBe(401);
    expect((await token(await codeFor(employee.email, DEV_CLIENTS.google, redirectUri), { redirect_uri: "http://127.0.0.1:5603/other" })).status).toBe(400);
    const code = await codeFor(employee.email, DEV_CLIENTS.google, redirectUri);
    expect((await token(code)).status).toBe(200);
    const again = await token(code);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: "invalid_grant" });
  });
});

describe("page sign-in with the Google (OpenID) code flow", () => {
  it("signs in, sets the session cookie and returns to the requested page", async () => {
    const { callback, jar } = await browserSignIn("google", employee.email, { redirectTo: "/app/admin/cycles?x=1" });
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Location")).toBe("/app/admin/cycles?x=1");
    const setCookie = callback.headers.getSetCookie().find((c) => c.startsWith("__pmr_session="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(jar.has("__pmr_login")).toBe(false); // the flow cookie is cleared
    const current = await signedInAs(jar);
    expect(current?.user.id).toBe(employee.id);
    expect(await auditCount("session.login", employee.id)).toBeGreaterThanOrEqual(1);

    // Signed in: the login page sends the user on.
    expect(await loginPageState(jar, "?redirectTo=%2Fapp%2Fhome%3Fcycle_id%3D2")).toMatchObject({ redirect: "/app/home?cycle_id=2" });
    expect(await loginPageState(jar, "?redirectTo=%2F%2Fevil.example.com")).toMatchObject({ redirect: "/app/home" });
  });

  it("drops a redirectTo that leaves the site", async () => {
    for (const redirectTo of ["//evil.example.com", "https://evil.example.com/app/home", "/\\evil.example.com"]) {
      const { callback } = await browserSignIn("google", admin.email, { redirectTo });
      expect(callback.headers.get("Location")).toBe("/app/home");
    }
  });

  it("refuses unknown and inactive emails with 'Error while login' on the login page", async () => {
    for (const email of [`nobody.${Date.now()}@test.example.com`, inactive.email]) {
      const { callback, jar } = await browserSignIn("google", email, { redirectTo: "/app/home?cycle_id=7" });
      expect(callback.status).toBe(302);
      expect(callback.headers.get("Location")).toBe("/app/login?redirectTo=%2Fapp%2Fhome%3Fcycle_id%3D7");
      expect(await signedInAs(jar)).toBeNull();
      const first = await loginPageState(jar, "?redirectTo=%2Fapp%2Fhome%3Fcycle_id%3D7");
      expect(first.data).toMatchObject({ error: true, redirectTo: "/app/home?cycle_id=7" });
      // A flash: a reload no longer shows it.
      expect((await loginPageState(jar)).data).toMatchObject({ error: false, redirectTo: null });
    }
  });

  it("refuses a callback whose state does not match the browser's", async () => {
    const { callback, jar } = await browserSignIn("google", employee.email, { tamperState: true });
    expect(callback.headers.get("Location")).toBe("/app/login");
    expect(await signedInAs(jar)).toBeNull();
    expect((await loginPageState(jar)).data?.error).toBe(true);
  });

  it("logs out with POST: session destroyed, /app/login?out=true, session.logout audited", async () => {
    const { jar } = await browserSignIn("google", admin.email);
    expect((await signedInAs(jar))?.user.id).toBe(admin.id);
    const before = await auditCount("session.logout", admin.id);
    const res = await runResponse(logoutRoute.action as never, new Request(`${APP}/app/logout`, { method: "POST", headers: { Cookie: jar.header() } }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/app/login?out=true");
    jar.add(res);
    expect(await signedInAs(jar)).toBeNull();
    expect(await auditCount("session.logout", admin.id)).toBe(before + 1);

    // A GET does not sign out.
    const again = await browserSignIn("google", admin.email);
    const get = await runResponse(logoutRoute.loader as never, new Request(`${APP}/app/logout`, { headers: { Cookie: again.jar.header() } }));
    again.jar.add(get);
    expect((await signedInAs(again.jar))?.user.id).toBe(admin.id);
  });
});

describe("server-side sessions over the real sign-in flow (ADR 0039)", () => {
  const sidOf = async (jar: CookieJar) => (await sessionStorage.getSession(jar.header())).get("sid");

  it("every sign-in gets a new session id; the cookie copied before is refused afterwards", async () => {
    const { jar } = await browserSignIn("google", employee.email);
    const first = await sidOf(jar);
    expect(first).toEqual(expect.any(String));
    const copy = jar.header();
    // Signing in again in the same browser replaces the session: a new id, and the old one is gone.
    await browserSignIn("google", employee.email, { jar });
    const second = await sidOf(jar);
    expect(second).not.toBe(first);
    expect((await signedInAs(jar))?.user.id).toBe(employee.id);
    expect(await getCurrentUser(new Request(`${APP}/app/home`, { headers: { Cookie: copy } }))).toBeNull();
  });

  it("a cookie copied before sign-out is refused after it, on pages and on the API", async () => {
    const { jar } = await browserSignIn("lark", admin.email);
    const copy = jar.header();
    expect((await getCurrentUser(new Request(`${APP}/app/home`, { headers: { Cookie: copy } })))?.user.id).toBe(admin.id);
    const res = await runResponse(logoutRoute.action as never, new Request(`${APP}/app/logout`, { method: "POST", headers: { Cookie: jar.header() } }));
    expect(res.status).toBe(302);
    expect(await getCurrentUser(new Request(`${APP}/app/home`, { headers: { Cookie: copy } }))).toBeNull();
    const api = await requireApiUser(new Request(`${APP}/api/v1/route_config`, { headers: { Cookie: copy } })).catch((e) => e);
    expect((api as ApiError).status).toBe(401);
    const page = await run(loginPage.loader as never, new Request(`${APP}/app/login`, { headers: { Cookie: copy } }));
    expect(page).not.toBeInstanceOf(Response); // not sent on as a signed-in user
  });
});

describe("page sign-in with Lark", () => {
  it("exchanges the code server-side and signs in", async () => {
    const { callback, jar } = await browserSignIn("lark", employee.email, { redirectTo: "/app/anytime-feedback" });
    expect(callback.headers.get("Location")).toBe("/app/anytime-feedback");
    expect((await signedInAs(jar))?.user.id).toBe(employee.id);
  });

  it("refuses an unknown email and a wrong state", async () => {
    const unknown = await browserSignIn("lark", `nobody.${Date.now()}@test.example.com`);
    expect(unknown.callback.headers.get("Location")).toBe("/app/login");
    expect(await signedInAs(unknown.jar)).toBeNull();
    const tampered = await browserSignIn("lark", employee.email, { tamperState: true });
    expect(tampered.callback.headers.get("Location")).toBe("/app/login");
    expect(await signedInAs(tampered.jar)).toBeNull();
  });
});

describe("POST /api/v1/tokens with an ID token of the provider", () => {
  it("creates an API token (only its hash stored, token.create audited) that works on protected calls", async () => {
    const res = await postTokens(await idTokenFor(employee.email));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.user).toEqual({ id: employee.id, email: employee.email, name: employee.name, role: "EMPLOYEE", profile_image_url: null });
    const token = res.body.token as string;
    const current = await requireApiUser(new Request(`${APP}/api/v1/cycles`, { headers: { Authorization: `Bearer ${token}` } }));
    expect(current.user.id).toBe(employee.id);
    expect(current.actor.source).toBe("api");

    const db = await getDb();
    const row = await db.apiToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
    expect(row).toMatchObject({ userId: employee.id, provider: "google", revokedAt: null });
    expect(JSON.stringify(await db.apiToken.findMany({ where: { userId: employee.id } }))).not.toContain(token);
    expect(await auditCount("token.create", row.id)).toBe(1);

    // DELETE revokes it (token.revoke audited); afterwards it no longer works.
    const del = await callRoute(tokensRoute.action as never, { method: "DELETE", path: "/api/v1/tokens", token });
    expect(del.status).toBe(204);
    await expectApiRejects(token);
    expect(await auditCount("token.revoke", row.id)).toBe(1);
    const again = await callRoute(tokensRoute.action as never, { method: "DELETE", path: "/api/v1/tokens", token });
    expect(again.status).toBe(401);
  });

  it("rejects a token signed by another key", async () => {
    const real = await idTokenFor(employee.email);
    const { kid } = decodeProtectedHeader(real);
    const { privateKey } = await generateKeyPair("RS256");
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ email: employee.email, email_verified: true, name: employee.name })
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .setIssuer(provider.issuer)
      .setSubject("forged")
      .setAudience(DEV_CLIENTS.google.clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(privateKey);
    const res = await postTokens(forged);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: "unauthorized", message: expect.stringMatching(/Invalid ID token/), details: null } });
    // Tampering with the payload of a real token fails too.
    const [h, , s] = real.split(".");
    const payload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(real.split(".")[1]!, "base64url").toString()), email: admin.email })).toString("base64url");
    expect((await postTokens(`${h}.${payload}.${s}`)).status).toBe(401);
  });

  it("rejects an expired token", async () => {
    const idToken = await idTokenFor(employee.email);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 2 * 60 * 60 * 1000); // the provider's ID tokens live one hour
      const res = await postTokens(idToken);
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ code: "unauthorized", message: "The ID token has expired" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("rejects a token for another audience (client)", async () => {
    const res = await postTokens(await idTokenFor(employee.email, DEV_CLIENTS.lark));
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: "unauthorized", message: expect.stringMatching(/Invalid ID token/) });
  });

  it("rejects unknown and inactive emails, and a missing or malformed header", async () => {
    for (const email of [`nobody.${Date.now()}@test.example.com`, inactive.email]) {
      const res = await postTokens(await idTokenFor(email));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: "unauthorized", message: "No active user with this email address", details: null } });
    }
    expect((await postTokens()).status).toBe(401);
    expect((await postTokens("not-a-jwt")).status).toBe(401);
    expect((await callRoute(tokensRoute.loader as never, { path: "/api/v1/tokens" })).status).toBe(405);
  });
});

describe("POST /api/v1/lark/access_token", () => {
  const larkCode = (email: string) => codeFor(email, DEV_CLIENTS.lark, `${APP}/auth/lark/callback`, "/open-apis/authen/v1/authorize");
  const post = (body: unknown) => callRoute(larkTokenRoute.action as never, { method: "POST", path: "/api/v1/lark/access_token", body });

  it("signs in with a good code; the same code cannot be used twice", async () => {
    const code = await larkCode(admin.email);
    const res = await post({ code });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.user).toMatchObject({ id: admin.id, email: admin.email, role: "SUPER_ADMIN" });
    const current = await requireApiUser(new Request(`${APP}/api/v1/cycles`, { headers: { Authorization: `Bearer ${res.body.token}` } }));
    expect(current.user.id).toBe(admin.id);
    const row = await (await getDb()).apiToken.findUniqueOrThrow({ where: { tokenHash: hashToken(res.body.token) } });
    expect(row.provider).toBe("lark");

    const reused = await post({ code });
    expect(reused.status).toBe(401);
    expect(reused.body.error.code).toBe("unauthorized");
  });

  it("rejects an unknown email and invalid input", async () => {
    const res = await post({ code: await larkCode(`nobody.${Date.now()}@test.example.com`) });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: "unauthorized", message: "No active user with this email address" });
    expect((await post({})).status).toBe(400);
    expect((await post({ code: "" })).status).toBe(400);
    expect((await post({ code: "never-issued" })).status).toBe(401);
  });
});
