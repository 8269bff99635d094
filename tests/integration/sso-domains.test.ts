/**
 * Sign-in for a provisioned company (issue 25 item 5; docs/decisions/0054-scim-tokens-sso-domains-directory-populate.md):
 * a user put in the directory by anyone signs in with either provider by email; with SSO_ALLOWED_DOMAINS, a verified
 * address of an allowed domain unknown to the directory is created as an employee at its first sign-in (audited by
 * the system, "sign-in"); an address outside the domains, a deactivated or an erased user is refused with
 * 'Error while login' and nothing is created. Over real HTTP with the local OpenID provider, like auth.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { getCurrentUser } from "~/platform/auth.server";
import { DEV_CLIENTS } from "~/features/auth/sso-settings.server";
import { SIGN_IN_ACTOR, userForIdentity } from "~/features/auth/first-sign-in.server";
import { createDirectoryUser, deactivateDirectoryUser } from "~/features/users/directory.server";
import * as googleStart from "~/routes/auth.google";
import * as googleCallback from "~/routes/auth.google.callback";
import * as larkStart from "~/routes/auth.lark";
import * as larkCallback from "~/routes/auth.lark.callback";
import * as tokensRoute from "~/routes/api.v1.tokens";
import { startDevOidcProvider, type DevOidcProvider } from "../../server/dev-oidc-provider";
import { callRoute } from "../support/api";
import { freePorts } from "../support/temporal";
import { CookieJar } from "../../scripts/lib/child-process";

const APP = "http://127.0.0.1:5612";
const ENV_KEYS = ["DEV_OIDC_URL", "APP_URL", "GOOGLE_ISSUER", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "LARK_BASE_URL", "LARK_CLIENT_ID", "LARK_CLIENT_SECRET", "LARK_AUTHORIZE_URL", "SSO_ALLOWED_DOMAINS"];
const savedEnv: Record<string, string | undefined> = {};
const tag = `s${Date.now().toString(36)}`;
const DOMAIN = `${tag}.example.com`;
const OTHER = `other-${tag}.example.org`;
const ADMIN_ACTOR = { userId: null, realUserId: null, source: "cli" as const, label: "command line" };
let provider: DevOidcProvider;

beforeAll(async () => {
  for (const key of ENV_KEYS) {
    savedEnv[key] = process.env[key];
    delete process.env[key];
  }
  const [port] = await freePorts(1);
  provider = await startDevOidcProvider({ port: port!, listUsers: async () => [] });
  process.env.DEV_OIDC_URL = provider.issuer;
  process.env.APP_URL = APP;
});

beforeEach(() => {
  process.env.SSO_ALLOWED_DOMAINS = `${DOMAIN}, ${OTHER.toUpperCase()}`;
});

afterAll(async () => {
  await provider?.close();
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
});

async function respond(fn: unknown, request: Request): Promise<Response> {
  try {
    return (await (fn as (a: never) => Promise<Response>)({ request, params: {}, context: {} } as never)) as Response;
  } catch (err) {
    if (err instanceof Response) return err;
    throw err;
  }
}

/** The browser round trip: the login page's button, the provider's picker (free-text email), the app's callback. */
async function browserSignIn(via: "google" | "lark", email: string) {
  const jar = new CookieJar();
  const start = await respond(via === "google" ? googleStart.action : larkStart.action, new Request(`${APP}/auth/${via}`, {
    method: "POST",
    body: new URLSearchParams(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  }));
  expect(start.status).toBe(302);
  jar.add(start);
  const authorize = new URL(start.headers.get("Location")!);
  const fields = new URLSearchParams(authorize.searchParams);
  fields.set("email", email);
  const chosen = await fetch(`${authorize.origin}${authorize.pathname}`, { method: "POST", body: fields, redirect: "manual" });
  expect(chosen.status).toBe(302);
  const callback = await respond(via === "google" ? googleCallback.loader : larkCallback.loader, new Request(chosen.headers.get("Location")!, {
    headers: { Cookie: jar.header() },
  }));
  jar.add(callback);
  const current = await getCurrentUser(new Request(`${APP}/app/home`, { headers: { Cookie: jar.header() } }));
  return { location: callback.headers.get("Location"), user: current?.user ?? null };
}

async function idTokenFor(email: string) {
  const redirectUri = "http://127.0.0.1:5613/native-client";
  const client = DEV_CLIENTS.google;
  const authorize = await fetch(`${provider.issuer}/authorize`, {
    method: "POST",
    body: new URLSearchParams({ client_id: client.clientId, redirect_uri: redirectUri, state: "s", nonce: "n", email }),
    redirect: "manual",
  });
  const code = new URL(authorize.headers.get("Location")!).searchParams.get("code")!;
  const res = await fetch(`${provider.issuer}/token`, {
    method: "POST",
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: client.clientId, client_secret: client.clientSecret }),
  });
  return ((await res.json()) as { id_token: string }).id_token;
}

const usersWith = async (email: string) => (await getDb()).user.findMany({ where: { email: { equals: email, mode: "insensitive" } } });
const REFUSED = "/app/login";

describe("provisioned users", () => {
  it("sign in with either provider by email, whoever put them in the directory, with or without allowed domains", async () => {
    const made = await createDirectoryUser(ADMIN_ACTOR, { email: `Pat.Provisioned@${tag}.corp.example`, name: "Pat Provisioned" });
    expect(made.email).toBe(`pat.provisioned@${tag}.corp.example`);
    delete process.env.SSO_ALLOWED_DOMAINS;
    for (const via of ["google", "lark"] as const) {
      const { location, user } = await browserSignIn(via, made.email);
      expect(location).toBe("/app/home");
      expect(user?.id).toBe(made.id);
    }
    // The provider's spelling of the address does not matter.
    const user = await userForIdentity({ email: ` PAT.Provisioned@${tag}.CORP.example `, name: null, emailVerified: false }, (m) => new Error(m));
    expect(user.id).toBe(made.id);
    expect(await usersWith(made.email)).toHaveLength(1);
  });
});

describe("SSO_ALLOWED_DOMAINS", () => {
  it("is off by default: an unknown address of any domain is refused and nothing is created", async () => {
    delete process.env.SSO_ALLOWED_DOMAINS;
    const email = `first.off@${DOMAIN}`;
    const { location, user } = await browserSignIn("google", email);
    expect(location).toBe(REFUSED);
    expect(user).toBeNull();
    expect(await usersWith(email)).toHaveLength(0);
  });

  it("creates a verified person of an allowed domain as an employee at first sign-in (Google), audited by the system, once", async () => {
    const email = `ana.lima@${DOMAIN}`;
    const db = await getDb();
    const { location, user } = await browserSignIn("google", email);
    expect(location).toBe("/app/home");
    expect(user).toMatchObject({ email, name: "Ana Lima", role: "EMPLOYEE", active: true, scimId: null });
    const audits = await db.auditRecord.findMany({ where: { entityType: "User", entityId: String(user!.id), action: "user.create" } });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: null, source: "system", actorLabel: "sign-in" });
    expect(await db.auditRecord.count({ where: { action: "session.login", entityId: String(user!.id) } })).toBe(1);

    const again = await browserSignIn("google", email);
    expect(again.user?.id).toBe(user!.id);
    expect(await usersWith(email)).toHaveLength(1);
    expect(await db.auditRecord.count({ where: { entityType: "User", entityId: String(user!.id), action: "user.create" } })).toBe(1);
  });

  it("works with Lark (its enterprise address) and for every listed domain, whatever its case in the setting", async () => {
    const email = `li.wei@${OTHER}`;
    const { location, user } = await browserSignIn("lark", email);
    expect(location).toBe("/app/home");
    expect(user).toMatchObject({ email, role: "EMPLOYEE" });
  });

  it("works for the API sign-in (POST /api/v1/tokens with an ID token)", async () => {
    const email = `api.first@${DOMAIN}`;
    const res = await callRoute(tokensRoute.action as never, { method: "POST", path: "/api/v1/tokens", token: await idTokenFor(email) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.user).toMatchObject({ email, role: "EMPLOYEE" });
  });

  it("refuses an address outside the domains (a subdomain included) and an unverified one; nothing is created", async () => {
    for (const email of [`out@elsewhere-${tag}.example.com`, `sub@eng.${DOMAIN}`, `x@${DOMAIN}.evil.example`]) {
      const { location, user } = await browserSignIn("google", email);
      expect(location, email).toBe(REFUSED);
      expect(user).toBeNull();
      expect(await usersWith(email)).toHaveLength(0);
    }
    const api = await callRoute(tokensRoute.action as never, { method: "POST", path: "/api/v1/tokens", token: await idTokenFor(`api.out@elsewhere-${tag}.example.com`) });
    expect(api.status).toBe(401);
    const unverified = `unverified@${DOMAIN}`;
    await expect(userForIdentity({ email: unverified, name: "U", emailVerified: false }, (m) => new Error(m))).rejects.toThrow(/No active user/);
    expect(await usersWith(unverified)).toHaveLength(0);
  });

  it("refuses a deactivated user and an erased one of an allowed domain: they stay as they are, nobody new is made", async () => {
    const db = await getDb();
    const gone = await createDirectoryUser(ADMIN_ACTOR, { email: `gone@${DOMAIN}`, name: "Gone Person" });
    await deactivateDirectoryUser(ADMIN_ACTOR, gone.id);
    const erased = await createDirectoryUser(ADMIN_ACTOR, { email: `erased@${DOMAIN}`, name: "Erased Person" });
    await db.user.update({ where: { id: erased.id }, data: { active: false, deactivatedAt: new Date(), erasedAt: new Date() } });
    const auditsBefore = await db.auditRecord.count();
    for (const person of [gone, erased]) {
      for (const via of ["google", "lark"] as const) {
        const { location, user } = await browserSignIn(via, person.email);
        expect(location, `${via} ${person.email}`).toBe(REFUSED);
        expect(user).toBeNull();
      }
      const rows = await usersWith(person.email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: person.id, active: false });
    }
    // Nothing written: no user.create, no session.login, no re-activation.
    expect(await db.auditRecord.count()).toBe(auditsBefore);
  });

  it("the system actor of a creation carries the label 'sign-in'", () => {
    expect(SIGN_IN_ACTOR).toEqual({ userId: null, realUserId: null, source: "system", label: "sign-in" });
  });
});
