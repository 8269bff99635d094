/**
 * API tokens (docs/decisions/0039-server-side-sessions.md): stored as SHA-256 only and shown once, listed with name,
 * prefix, made, last used and expiry, revocable by their owner and by super admins (403 for anyone else), through
 * /api/v1 and the pages, audited.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createHash } from "node:crypto";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import { TOKEN_LAST_USED_PRECISION_MS } from "~/platform/auth.server";
import { TOKEN_NAME_MAX } from "~/features/auth/tokens/rules";
import * as tokensIndex from "~/routes/api.v1.api_tokens._index";
import * as tokenRoute from "~/routes/api.v1.api_tokens.$id";
import * as adminTokens from "~/routes/api.v1.admin.users.$id.api_tokens";
import * as spoofRoute from "~/routes/api.v1.admin.spoof";
import * as tokensPage from "~/routes/app.api-tokens";
import * as userPage from "~/routes/app.admin.users.$userId";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { callWithSession, sessionCookieFor } from "../support/session";

const tag = `tk${Date.now().toString(36)}`;
let owner: User;
let other: User;
let hrOps: User;
let admin: User;
let ownerToken: string;
let otherToken: string;
let hrOpsToken: string;
let adminToken: string;

beforeAll(async () => {
  owner = await createTestUser({ name: `Token Owner ${tag}` });
  other = await createTestUser({ name: `Token Other ${tag}` });
  hrOps = await createTestUser({ role: "HR_OPS", name: `Token Hr ${tag}` });
  admin = await createTestUser({ role: "SUPER_ADMIN", name: `Token Admin ${tag}` });
  [ownerToken, otherToken, hrOpsToken, adminToken] = await Promise.all([owner, other, hrOps, admin].map((u) => bearerFor(u.id)));
});

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const create = (token: string | undefined, body: unknown) => callRoute(tokensIndex.action as never, { method: "POST", path: "/api/v1/api_tokens", token, body });
const list = (token: string) => callRoute(tokensIndex.loader as never, { path: "/api/v1/api_tokens", token });
const revoke = (token: string | undefined, id: number | string) =>
  callRoute(tokenRoute.action as never, { method: "DELETE", path: `/api/v1/api_tokens/${id}`, token, params: { id: String(id) } });
const listOf = (token: string, userId: number | string) =>
  callRoute(adminTokens.loader as never, { path: `/api/v1/admin/users/${userId}/api_tokens`, token, params: { id: String(userId) } });
/** Any authenticated call: 200 when the token works, 401 when it does not. */
const works = async (token: string) => (await list(token)).status;

async function audits(action: string, tokenId: number) {
  return (await getDb()).auditRecord.findMany({ where: { action, entityType: "ApiToken", entityId: String(tokenId) }, orderBy: { id: "asc" } });
}

describe("making a token", () => {
  it("shows the token once, stores only its SHA-256, lists it by name and prefix; audited token.create", async () => {
    const res = await create(ownerToken, { name: "  CI export  ", expires_in_days: 7 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const token: string = res.body.token;
    expect(token).toMatch(/^pmr_[A-Za-z0-9_-]{43}$/);
    expect(res.body.api_token).toMatchObject({ name: "CI export", prefix: token.slice(0, 12), provider: "personal", last_used_at: null, current: false });
    const expires = new Date(res.body.api_token.expires_at).getTime() - Date.now();
    expect(expires).toBeGreaterThan(7 * 86400_000 - 60_000);
    expect(expires).toBeLessThanOrEqual(7 * 86400_000);

    const db = await getDb();
    const row = await db.apiToken.findUniqueOrThrow({ where: { id: res.body.api_token.id } });
    expect(row.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(await db.apiToken.findMany({ where: { userId: owner.id } }))).not.toContain(token.slice(12));
    expect(JSON.stringify(await db.auditRecord.findMany({ where: { entityType: "ApiToken", entityId: String(row.id) } }))).not.toContain(token.slice(12));
    expect(await audits("token.create", row.id)).toHaveLength(1);

    // It works, and the list (made with it) marks it current and never shows the token.
    const listed = await list(token);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(token.slice(12));
    const mine = listed.body.api_tokens.find((t: { id: number }) => t.id === row.id);
    expect(mine).toMatchObject({ name: "CI export", current: true });
    expect(listed.body.api_tokens.find((t: { current: boolean; id: number }) => t.id !== row.id && t.current)).toBeUndefined();
    // Another user's list does not have it.
    expect((await list(otherToken)).body.api_tokens.map((t: { id: number }) => t.id)).not.toContain(row.id);
  });

  it("records the last use at most every few minutes", async () => {
    const made = await create(ownerToken, { name: "Last used" });
    const id = made.body.api_token.id as number;
    const db = await getDb();
    expect(await works(made.body.token)).toBe(200);
    await vi.waitFor(async () => expect((await db.apiToken.findUniqueOrThrow({ where: { id } })).lastUsedAt).not.toBeNull());
    const first = (await db.apiToken.findUniqueOrThrow({ where: { id } })).lastUsedAt!;
    expect(await works(made.body.token)).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect((await db.apiToken.findUniqueOrThrow({ where: { id } })).lastUsedAt).toEqual(first);
    // Once the recorded use is older than the precision, the next call records again.
    const old = new Date(Date.now() - TOKEN_LAST_USED_PRECISION_MS - 1000);
    await db.apiToken.update({ where: { id }, data: { lastUsedAt: old } });
    expect(await works(made.body.token)).toBe(200);
    await vi.waitFor(async () => expect((await db.apiToken.findUniqueOrThrow({ where: { id } })).lastUsedAt!.getTime()).toBeGreaterThan(old.getTime()));
  });

  it("validates the input (400 in the error format) and needs a sign-in (401)", async () => {
    for (const body of [{}, { name: "" }, { name: "   " }, { name: "x".repeat(101) }, { name: "a", expires_in_days: 0 }, { name: "a", expires_in_days: 91 }, { name: "a", expires_in_days: 1.5 }, { name: "a", extra: 1 }, { name: 5 }]) {
      const res = await create(ownerToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
    expect((await create(undefined, { name: "anon" })).status).toBe(401);
    expect((await callRoute(tokensIndex.action as never, { method: "PUT", path: "/api/v1/api_tokens", token: ownerToken, body: {} })).status).toBe(405);
  });

  it("is refused while spoofing (403 spoofing), as every personal write", async () => {
    const spoof = await callRoute(spoofRoute.action as never, { method: "POST", path: "/api/v1/admin/spoof", token: adminToken, body: { spoofed_user_email: owner.email } });
    expect(spoof.status).toBe(201);
    const res = await create(spoof.body.token, { name: "in their name" });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("spoofing");
    // Nor may the spoofing admin revoke the viewed user's tokens in their name.
    const target = (await create(ownerToken, { name: "Spoof target" })).body.api_token.id as number;
    expect((await revoke(spoof.body.token, target)).status).toBe(403);
    expect((await callRoute(spoofRoute.action as never, { method: "DELETE", path: "/api/v1/admin/spoof", token: spoof.body.token })).status).toBe(200);
  });
});

describe("revoking", () => {
  it("the owner revokes; the token is refused with 401 afterwards; audited token.revoke by owner", async () => {
    const made = await create(ownerToken, { name: "To revoke" });
    const { token } = made.body;
    const id = made.body.api_token.id as number;
    expect(await works(token)).toBe(200);
    const res = await revoke(ownerToken, id);
    expect(res.status).toBe(204);
    expect(await works(token)).toBe(401);
    expect((await list(ownerToken)).body.api_tokens.map((t: { id: number }) => t.id)).not.toContain(id);
    const [audit] = await audits("token.revoke", id);
    expect(audit).toMatchObject({ actorId: owner.id, realActorId: owner.id, source: "api" });
    expect(audit!.after).toMatchObject({ by: "owner" });
    // Twice: the token is gone (404).
    expect((await revoke(ownerToken, id)).status).toBe(404);
  });

  it("another user, also HR ops, gets 403 and the token keeps working; a super admin revokes it", async () => {
    const made = await create(ownerToken, { name: "Guarded" });
    const id = made.body.api_token.id as number;
    for (const token of [otherToken, hrOpsToken]) {
      const res = await revoke(token, id);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: "forbidden", message: "You can only revoke your own API tokens" });
    }
    expect(await works(made.body.token)).toBe(200);
    expect(await audits("token.revoke", id)).toHaveLength(0);

    expect((await revoke(adminToken, id)).status).toBe(204);
    expect(await works(made.body.token)).toBe(401);
    const [audit] = await audits("token.revoke", id);
    expect(audit).toMatchObject({ actorId: admin.id });
    expect(audit!.after).toMatchObject({ by: "admin" });
  });

  it("unknown and malformed ids are 404; no sign-in is 401; GET is 405", async () => {
    expect((await revoke(ownerToken, 2_000_000_000)).status).toBe(404);
    expect((await revoke(ownerToken, "abc")).status).toBe(404);
    expect((await revoke(ownerToken, "99999999999")).status).toBe(404);
    expect((await revoke(undefined, 1)).status).toBe(401);
    expect((await callRoute(tokenRoute.loader as never, { path: "/api/v1/api_tokens/1", token: ownerToken, params: { id: "1" } })).status).toBe(405);
  });
});

describe("the admin's view of a user's tokens", () => {
  it("lists the user's live tokens for a super admin only; 404 for an unknown user", async () => {
    const made = await create(otherToken, { name: "Seen by admin" });
    const res = await listOf(adminToken, other.id);
    expect(res.status).toBe(200);
    const names = res.body.api_tokens.map((t: { name: string }) => t.name);
    expect(names).toContain("Seen by admin");
    expect(JSON.stringify(res.body)).not.toContain(made.body.token.slice(12));
    for (const token of [ownerToken, hrOpsToken]) expect((await listOf(token, other.id)).status).toBe(403);
    expect((await listOf(adminToken, 2_000_000_000)).status).toBe(404);
    expect((await listOf(adminToken, "x")).status).toBe(404);
  });
});

describe("the pages", () => {
  it("/app/api-tokens makes a token (shown in that answer only), lists and revokes", async () => {
    const cookie = await sessionCookieFor(owner.id);
    const made = await callWithSession(tokensPage.action as never, {
      method: "POST",
      path: "/app/api-tokens",
      cookie,
      form: { intent: "create_token", name: `Page token ${tag}`, expires_in_days: "30" },
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ ok: true, created: { api_token: { name: `Page token ${tag}` } } });
    const token: string = made.body.created.token;
    expect(await works(token)).toBe(200);

    const page = await callWithSession(tokensPage.loader as never, { path: "/app/api-tokens", cookie });
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).not.toContain(token.slice(12));
    const row = page.body.tokens.find((t: { name: string }) => t.name === `Page token ${tag}`);
    expect(row).toMatchObject({ prefix: token.slice(0, 12) });

    const bad = await callWithSession(tokensPage.action as never, { method: "POST", path: "/app/api-tokens", cookie, form: { intent: "create_token", name: "", expires_in_days: "30" } });
    expect(bad.status).toBe(400);
    // The page's answers are keys (ADR 0125), never the API's English.
    expect(bad.body).toEqual({ ok: false, error: { key: "tokens.result.nameRequired" } });
    const long = await callWithSession(tokensPage.action as never, { method: "POST", path: "/app/api-tokens", cookie, form: { intent: "create_token", name: "x".repeat(500), expires_in_days: "30" } });
    expect(long.body).toEqual({ ok: false, error: { key: "tokens.result.nameTooLong", values: { max: TOKEN_NAME_MAX } } });

    const gone = await callWithSession(tokensPage.action as never, { method: "POST", path: "/app/api-tokens", cookie, form: { intent: "revoke_token", token_id: String(row.id) } });
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ ok: true, message: { key: "tokens.result.revoked" } });
    const again = await callWithSession(tokensPage.action as never, { method: "POST", path: "/app/api-tokens", cookie, form: { intent: "revoke_token", token_id: String(row.id) } });
    expect(again).toMatchObject({ status: 404, body: { ok: false, error: { key: "tokens.result.noLiveToken" } } });
    expect(await works(token)).toBe(401);

    // Someone else's token from this page: 403 as a form error.
    const others = (await create(otherToken, { name: "Not yours" })).body.api_token.id as number;
    const denied = await callWithSession(tokensPage.action as never, { method: "POST", path: "/app/api-tokens", cookie, form: { intent: "revoke_token", token_id: String(others) } });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ ok: false, error: { key: "tokens.result.onlyOwn" } });
  });

  it("the admin user page lists the user's tokens and revokes one; non-admins get 403", async () => {
    const made = await create(otherToken, { name: `Admin page ${tag}` });
    const id = made.body.api_token.id as number;
    const cookie = await sessionCookieFor(admin.id);
    const page = await callWithSession(userPage.loader as never, { path: `/app/admin/users/${other.id}`, cookie, params: { userId: String(other.id) } });
    expect(page.status).toBe(200);
    expect(page.body.tokens.map((t: { id: number }) => t.id)).toContain(id);
    const employeeCookie = await sessionCookieFor(owner.id);
    const denied = await callWithSession(userPage.action as never, {
      method: "POST",
      path: `/app/admin/users/${other.id}`,
      cookie: employeeCookie,
      params: { userId: String(other.id) },
      form: { intent: "revoke_token", token_id: String(id) },
    });
    expect(denied.status).toBe(403);
    expect(await works(made.body.token)).toBe(200);
    const res = await callWithSession(userPage.action as never, {
      method: "POST",
      path: `/app/admin/users/${other.id}`,
      cookie,
      params: { userId: String(other.id) },
      form: { intent: "revoke_token", token_id: String(id) },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, message: { key: "tokens.result.revoked" } });
    expect(await works(made.body.token)).toBe(401);
  });
});

describe("OpenAPI", () => {
  it("describes the token calls", async () => {
    const res = await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" });
    const paths = res.body.paths;
    expect(Object.keys(paths["/api/v1/api_tokens"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(paths["/api/v1/api_tokens/{id}"])).toEqual(["delete"]);
    expect(Object.keys(paths["/api/v1/admin/users/{id}/api_tokens"])).toEqual(["get"]);
    expect(paths["/api/v1/api_tokens"].post.responses["201"]).toBeDefined();
  });
});
