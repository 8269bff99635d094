/**
 * SCIM tokens (docs/decisions/0054-scim-tokens-sso-domains-directory-populate.md): made and revoked by super admins
 * through /api/v1/admin/scim_tokens and the SCIM provisioning page, shown once, stored as SHA-256 only, last use
 * recorded at most once a minute, audited without the token; a SCIM token is not a user token and the reverse.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import * as scimTokens from "~/routes/api.v1.admin.scim_tokens._index";
import * as scimToken from "~/routes/api.v1.admin.scim_tokens.$id";
import * as tokensIndex from "~/routes/api.v1.api_tokens._index";
import * as scimPage from "~/routes/app.admin.scim-tokens";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { authenticateScimToken, createScimToken, listScimTokens, revokeScimToken } from "~/features/scim/tokens.server";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { callWithSession, sessionCookieFor } from "../support/session";

const tag = `st${Date.now().toString(36)}`;
let admin: User;
let hrOps: User;
let employee: User;
let adminToken: string;
let hrOpsToken: string;
let employeeToken: string;

beforeAll(async () => {
  admin = await createTestUser({ role: "SUPER_ADMIN", name: `Scim Admin ${tag}` });
  hrOps = await createTestUser({ role: "HR_OPS", name: `Scim Hr ${tag}` });
  employee = await createTestUser({ name: `Scim Employee ${tag}` });
  [adminToken, hrOpsToken, employeeToken] = await Promise.all([admin, hrOps, employee].map((u) => bearerFor(u.id)));
});

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const create = (token: string | undefined, body: unknown) =>
  callRoute(scimTokens.action as never, { method: "POST", path: "/api/v1/admin/scim_tokens", token, body });
const list = (token: string | undefined) => callRoute(scimTokens.loader as never, { path: "/api/v1/admin/scim_tokens", token });
const revoke = (token: string | undefined, id: number | string) =>
  callRoute(scimToken.action as never, { method: "DELETE", path: `/api/v1/admin/scim_tokens/${id}`, token, params: { id: String(id) } });
const countTokens = async () => (await getDb()).scimToken.count();
const audits = async (action: string, id: number) =>
  (await getDb()).auditRecord.findMany({ where: { action, entityType: "ScimToken", entityId: String(id) }, orderBy: { id: "asc" } });

describe("making a SCIM token", () => {
  it("shows it once, stores only its SHA-256, lists it with its maker; audited scim_token.create without the token", async () => {
    const res = await create(adminToken, { name: `  Okta ${tag}  ` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const token: string = res.body.token;
    expect(token).toMatch(/^pmrscim_[A-Za-z0-9_-]{43}$/);
    expect(res.body.scim_token).toMatchObject({
      name: `Okta ${tag}`,
      prefix: token.slice(0, 16),
      created_by: { id: admin.id, name: admin.name, email: admin.email },
      last_used_at: null,
      revoked_at: null,
    });
    const db = await getDb();
    const row = await db.scimToken.findUniqueOrThrow({ where: { id: res.body.scim_token.id } });
    expect(row.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(await db.scimToken.findMany())).not.toContain(token.slice(16));
    const created = await audits("scim_token.create", row.id);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ actorId: admin.id, source: "api" });
    expect(JSON.stringify(created)).not.toContain(token.slice(16));

    const listed = await list(adminToken);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(token.slice(16));
    expect(listed.body.scim_tokens.find((t: { id: number }) => t.id === row.id)).toMatchObject({ name: `Okta ${tag}`, last_used_at: null });
  });

  it("refuses bad input with 400 and makes nothing", async () => {
    const before = await countTokens();
    for (const body of [{ name: "" }, { name: "   " }, { name: "x".repeat(101) }, {}, { name: "ok", extra: 1 }, { name: 5 }, { name: "Okta\u0000" }, { name: "a\nb" }]) {
      const res = await create(adminToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      // A NUL is refused by the input layer before the schema (ADR 0060).
      expect(res.body.error.code).toBe(JSON.stringify(body).includes("\\u0000") ? "invalid_characters" : "validation_failed");
    }
    const raw = await callRoute(scimTokens.action as never, { method: "POST", path: "/api/v1/admin/scim_tokens", token: adminToken, rawBody: "{not json" });
    expect(raw.status).toBe(400);
    await expect(createScimToken({ userId: null, realUserId: null, source: "cli", label: "command line" }, "  ")).rejects.toMatchObject({ status: 400 });
    await expect(createScimToken({ userId: null, realUserId: null, source: "cli", label: "command line" }, "a\u0007b")).rejects.toMatchObject({ status: 400 });
    expect(await countTokens()).toBe(before);
  });

  it("is for super admins only: HR ops and employees get 403 on every method and change nothing; no token 401", async () => {
    const before = await countTokens();
    const { body } = await create(adminToken, { name: `Kept ${tag}` });
    for (const token of [hrOpsToken, employeeToken]) {
      expect((await create(token, { name: "Mine" })).status).toBe(403);
      expect((await list(token)).status).toBe(403);
      expect((await revoke(token, body.scim_token.id)).status).toBe(403);
    }
    expect((await list(undefined)).status).toBe(401);
    expect(await countTokens()).toBe(before + 1);
    expect(await authenticateScimToken(body.token)).toMatchObject({ id: body.scim_token.id });
  });

  it("the command line's token has no maker and its audit record carries the label", async () => {
    const made = await createScimToken({ userId: null, realUserId: null, source: "cli", label: "command line" }, `Entra ${tag}`);
    expect(made).toMatchObject({ name: `Entra ${tag}`, prefix: made.token.slice(0, 16) });
    expect((await listScimTokens()).find((t) => t.id === made.id)).toMatchObject({ created_by: null, last_used_at: null });
    expect(await audits("scim_token.create", made.id)).toMatchObject([{ actorId: null, source: "cli", actorLabel: "command line" }]);
  });
});

describe("using and revoking a SCIM token", () => {
  it("authenticates its bearer, records the last use at most once a minute", async () => {
    const { body } = await create(adminToken, { name: `Use ${tag}` });
    const id: number = body.scim_token.id;
    const db = await getDb();
    expect(await authenticateScimToken(body.token)).toEqual({ id, name: `Use ${tag}` });
    expect(await authenticateScimToken(`Bearer ${body.token}`)).toEqual({ id, name: `Use ${tag}` });
    const first = (await db.scimToken.findUniqueOrThrow({ where: { id } })).lastUsedAt;
    expect(first).not.toBeNull();
    // Within the minute: not written again.
    const recent = new Date(Date.now() - 30_000);
    await db.scimToken.update({ where: { id }, data: { lastUsedAt: recent } });
    await authenticateScimToken(body.token);
    expect((await db.scimToken.findUniqueOrThrow({ where: { id } })).lastUsedAt).toEqual(recent);
    // After it: written.
    const old = new Date(Date.now() - 120_000);
    await db.scimToken.update({ where: { id }, data: { lastUsedAt: old } });
    await authenticateScimToken(body.token);
    const later = (await db.scimToken.findUniqueOrThrow({ where: { id } })).lastUsedAt!;
    expect(later.getTime()).toBeGreaterThan(Date.now() - 10_000);
    const listed = (await list(adminToken)).body.scim_tokens.find((t: { id: number }) => t.id === id);
    expect(listed.last_used_at).toBe(later.toISOString());
  });

  it("a SCIM token is no user token and a user token is no SCIM token", async () => {
    const { body } = await create(adminToken, { name: `Apart ${tag}` });
    expect((await callRoute(tokensIndex.loader as never, { path: "/api/v1/api_tokens", token: body.token })).status).toBe(401);
    expect((await list(body.token)).status).toBe(401);
    expect(await authenticateScimToken(adminToken)).toBeNull();
    expect(await authenticateScimToken(employeeToken)).toBeNull();
    expect(await authenticateScimToken("")).toBeNull();
    expect(await authenticateScimToken(`${body.token}x`)).toBeNull();
    expect(await authenticateScimToken(`pmrscim_${"A".repeat(43)}`)).toBeNull();
  });

  it("revoking stops it at once; audited scim_token.revoke; a second revoke, an unknown or malformed id is 404", async () => {
    const { body } = await create(adminToken, { name: `Gone ${tag}` });
    const id: number = body.scim_token.id;
    const res = await revoke(adminToken, id);
    expect(res.status).toBe(204);
    expect(await authenticateScimToken(body.token)).toBeNull();
    const listed = (await list(adminToken)).body.scim_tokens.find((t: { id: number }) => t.id === id);
    expect(listed.revoked_at).not.toBeNull();
    const revoked = await audits("scim_token.revoke", id);
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({ actorId: admin.id, source: "api" });
    expect(JSON.stringify(revoked)).not.toContain(body.token.slice(16));

    expect((await revoke(adminToken, id)).status).toBe(404);
    expect(await audits("scim_token.revoke", id)).toHaveLength(1);
    for (const bad of ["999999999", "abc", "0", "-1", "2147483648"]) {
      const r = await revoke(adminToken, bad);
      expect(r.status, bad).toBe(404);
      expect(r.body.error.code).toBe("not_found");
    }
    await expect(revokeScimToken({ userId: null, realUserId: null, source: "cli" }, 999_999_999)).rejects.toMatchObject({ status: 404 });
  });

  it("GET and other methods on the token path: 405", async () => {
    const get = await callRoute(scimToken.loader as never, { path: "/api/v1/admin/scim_tokens/1", token: adminToken, params: { id: "1" } });
    expect(get.status).toBe(405);
    const put = await callRoute(scimTokens.action as never, { method: "PUT", path: "/api/v1/admin/scim_tokens", token: adminToken, body: {} });
    expect(put.status).toBe(405);
  });
});

describe("the SCIM provisioning page", () => {
  it("shows the base URL and the tokens, makes one (shown in that answer only) and revokes it; others get 403", async () => {
    const cookie = await sessionCookieFor(admin.id);
    const made = await callWithSession(scimPage.action as never, { method: "POST", path: "/app/admin/scim-tokens", cookie, form: { intent: "create_token", name: `Page ${tag}` } });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ ok: true, created: { scim_token: { name: `Page ${tag}` } } });
    const token: string = made.body.created.token;
    const id: number = made.body.created.scim_token.id;
    expect(await authenticateScimToken(token)).toMatchObject({ id });

    const page = await callWithSession(scimPage.loader as never, { path: "/app/admin/scim-tokens", cookie });
    expect(page.status).toBe(200);
    expect(page.body.baseUrl).toMatch(/\/scim\/v2$/);
    expect(JSON.stringify(page.body)).not.toContain(token.slice(16));
    expect(page.body.tokens.find((t: { id: number }) => t.id === id)).toMatchObject({ prefix: token.slice(0, 16), revoked_at: null });

    const bad = await callWithSession(scimPage.action as never, { method: "POST", path: "/app/admin/scim-tokens", cookie, form: { intent: "create_token", name: " " } });
    expect(bad.status).toBe(400);
    // The page's answers are keys (ADR 0125), never the API's English.
    expect(bad.body).toEqual({ ok: false, error: { key: "tokens.result.namePrintable" } });

    const gone = await callWithSession(scimPage.action as never, { method: "POST", path: "/app/admin/scim-tokens", cookie, form: { intent: "revoke_token", token_id: String(id) } });
    expect(gone.body).toMatchObject({ ok: true, message: { key: "tokens.result.scimRevoked" } });
    expect(await authenticateScimToken(token)).toBeNull();
    const again = await callWithSession(scimPage.action as never, { method: "POST", path: "/app/admin/scim-tokens", cookie, form: { intent: "revoke_token", token_id: String(id) } });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ ok: false, error: { key: "tokens.result.noLiveScimToken" } });

    const before = await countTokens();
    for (const user of [hrOps, employee]) {
      const other = await sessionCookieFor(user.id);
      expect((await callWithSession(scimPage.loader as never, { path: "/app/admin/scim-tokens", cookie: other })).status).toBe(403);
      const denied = await callWithSession(scimPage.action as never, { method: "POST", path: "/app/admin/scim-tokens", cookie: other, form: { intent: "create_token", name: "Mine" } });
      expect(denied.status).toBe(403);
    }
    expect(await countTokens()).toBe(before);
  });

  it("the OpenAPI document describes the three operations", async () => {
    const res = await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" });
    const paths = res.body.paths;
    expect(Object.keys(paths["/api/v1/admin/scim_tokens"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(paths["/api/v1/admin/scim_tokens/{id}"])).toEqual(["delete"]);
    expect(paths["/api/v1/admin/scim_tokens"].post.responses["201"]).toBeDefined();
  });
});
