/**
 * Spoofing: POST/DELETE /api/v1/admin/spoof for bearer and cookie callers, the spoof rules, the page
 * actions, what may not be done while spoofing, and the audit trail (actor = admin, real actor kept).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import * as spoofRoute from "~/routes/api.v1.admin.spoof";
import * as adminUsers from "~/routes/api.v1.admin.users";
import * as userFeedback from "~/routes/api.v1.user_feedback";
import * as tokens from "~/routes/api.v1.tokens";
import * as routeConfig from "~/routes/api.v1.route_config";
import * as usersPage from "~/routes/app.admin.users._index";
import * as userPage from "~/routes/app.admin.users.$userId";
import * as adminLayout from "~/routes/app.admin";
import { getCurrentUser, hashToken, requireApiUser } from "~/platform/auth.server";
import { bearerFor, createTestUser } from "../support/api";
import { callWithSession, sessionCookieFor, sessionCookieOf } from "../support/session";

const tag = `s${Date.now().toString(36)}`;
let admin: User;
let otherAdmin: User;
let viewed: User;
let inactive: User;
let adminToken: string;
const roleUsers: Partial<Record<"PEOPLE_PARTNER" | "HR_OPS" | "EMPLOYEE", { user: User; token: string }>> = {};

beforeAll(async () => {
  admin = await createTestUser({ role: "SUPER_ADMIN", name: `Spoof Admin ${tag}` });
  otherAdmin = await createTestUser({ role: "SUPER_ADMIN", name: `Spoof Other Admin ${tag}` });
  viewed = await createTestUser({ name: `Spoof Viewed ${tag}` });
  inactive = await createTestUser({ name: `Spoof Inactive ${tag}` });
  await (await getDb()).user.update({ where: { id: inactive.id }, data: { active: false } });
  adminToken = await bearerFor(admin.id);
  for (const role of ["PEOPLE_PARTNER", "HR_OPS", "EMPLOYEE"] as const) {
    const user = await createTestUser({ role, name: `Spoof ${role} ${tag}` });
    roleUsers[role] = { user, token: await bearerFor(user.id) };
  }
});

const post = (opts: { token?: string; cookie?: string; body?: unknown }) =>
  callWithSession(spoofRoute.action as never, { method: "POST", path: "/api/v1/admin/spoof", body: opts.body, token: opts.token, cookie: opts.cookie });
const del = (opts: { token?: string; cookie?: string }) =>
  callWithSession(spoofRoute.action as never, { method: "DELETE", path: "/api/v1/admin/spoof", token: opts.token, cookie: opts.cookie });
const asRequest = (opts: { token?: string; cookie?: string }) =>
  new Request("http://127.0.0.1/api/v1/route_config", {
    headers: { ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}), ...(opts.cookie ? { Cookie: opts.cookie } : {}) },
  });

async function audits(action: string, entityId: number) {
  const db = await getDb();
  return db.auditRecord.findMany({ where: { action, entityType: "User", entityId: String(entityId) }, orderBy: { id: "asc" } });
}

describe("bearer callers", () => {
  it("POST returns a new token acting as the viewed user for the admin; DELETE with it revokes it and returns the admin", async () => {
    const before = (await audits("spoof.start", viewed.id)).length;
    const res = await post({ token: adminToken, body: { spoofed_user_email: viewed.email.toUpperCase() } });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ id: viewed.id, email: viewed.email, name: viewed.name, role: "EMPLOYEE" });
    expect(res.body.real_user).toMatchObject({ id: admin.id });
    expect(typeof res.body.token).toBe("string");
    const spoofToken: string = res.body.token;

    const row = await (await getDb()).apiToken.findUnique({ where: { tokenHash: hashToken(spoofToken) } });
    expect(row).toMatchObject({ userId: viewed.id, realUserId: admin.id, provider: "spoof", revokedAt: null });
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(8 * 3600 * 1000);

    const current = await requireApiUser(asRequest({ token: spoofToken }));
    expect(current.user.id).toBe(viewed.id);
    expect(current.realUser?.id).toBe(admin.id);
    expect(current.actor).toMatchObject({ userId: viewed.id, realUserId: admin.id });

    const started = await audits("spoof.start", viewed.id);
    expect(started).toHaveLength(before + 1);
    expect(started.at(-1)).toMatchObject({ actorId: admin.id, realActorId: admin.id, source: "api" });
    expect(started.at(-1)!.after).toMatchObject({ spoofed_user: { id: viewed.id, email: viewed.email }, mode: "token", token_id: row!.id });

    // The viewed user is no admin: admin calls are refused with the spoof token.
    expect((await callWithSession(adminUsers.loader as never, { path: "/api/v1/admin/users", token: spoofToken })).status).toBe(403);

    const end = await del({ token: spoofToken });
    expect(end.status).toBe(200);
    expect(end.body).toEqual({ user: expect.objectContaining({ id: admin.id, email: admin.email, role: "SUPER_ADMIN" }) });
    expect((await (await getDb()).apiToken.findUnique({ where: { id: row!.id } }))!.revokedAt).not.toBeNull();
    const ended = await audits("spoof.end", viewed.id);
    expect(ended.at(-1)).toMatchObject({ actorId: admin.id, realActorId: admin.id });
    expect(ended.at(-1)!.before).toMatchObject({ mode: "token", token_id: row!.id });

    // The revoked token no longer works; the admin's own token still does.
    expect((await callWithSession(routeConfig.loader as never, { path: "/api/v1/route_config", token: spoofToken })).status).toBe(401);
    expect((await callWithSession(routeConfig.loader as never, { path: "/api/v1/route_config", token: adminToken })).status).toBe(200);
  });

  it("DELETE without a spoof (the admin's own token) is 409", async () => {
    const res = await del({ token: adminToken });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe("You are not viewing another user");
    expect(res.body.error.details).toEqual({ message_key: { key: "users.spoofRefusal.notSpoofing" } });
  });
});

describe("cookie callers (the pages)", () => {
  it("POST switches the session to the viewed user with the admin as real user; DELETE switches back", async () => {
    const cookie = await sessionCookieFor(admin.id);
    const res = await post({ cookie, body: { spoofed_user_email: viewed.email } });
    expect(res.status).toBe(201);
    expect(res.body.token).toBeUndefined();
    const spoofCookie = sessionCookieOf(res.response)!;
    expect(spoofCookie).toBeTruthy();
    const during = await getCurrentUser(asRequest({ cookie: spoofCookie }));
    expect(during?.user.id).toBe(viewed.id);
    expect(during?.realUser?.id).toBe(admin.id);
    expect((await audits("spoof.start", viewed.id)).at(-1)!.after).toMatchObject({ mode: "session", token_id: null });

    // The admin area is closed to the viewed user (the layout answers 403)…
    const layout = await callWithSession(adminLayout.loader as never, { path: "/app/admin/users", cookie: spoofCookie });
    expect(layout.status).toBe(403);
    // …but ending the spoof works for the real admin.
    const end = await del({ cookie: spoofCookie });
    expect(end.status).toBe(200);
    expect(end.body.user).toMatchObject({ id: admin.id });
    const back = sessionCookieOf(end.response)!;
    const after = await getCurrentUser(asRequest({ cookie: back }));
    expect(after?.user.id).toBe(admin.id);
    expect(after?.realUser).toBeNull();
    expect((await audits("spoof.end", viewed.id)).at(-1)).toMatchObject({ actorId: admin.id, realActorId: admin.id, source: "api" });
  });

  it("the users table and the user page start a spoof and land on /app/home", async () => {
    const cookie = await sessionCookieFor(admin.id);
    const fromTable = await callWithSession(usersPage.action as never, {
      method: "POST",
      path: "/app/admin/users",
      cookie,
      form: { intent: "spoof", email: viewed.email },
    });
    expect(fromTable.status).toBe(302);
    expect(fromTable.response.headers.get("Location")).toBe("/app/home");
    const tableCookie = sessionCookieOf(fromTable.response)!;
    expect((await getCurrentUser(asRequest({ cookie: tableCookie })))?.realUser?.id).toBe(admin.id);
    expect((await audits("spoof.start", viewed.id)).at(-1)).toMatchObject({ actorId: admin.id, source: "page" });
    // The spoof continues the sign-in under a new session id: the admin's old cookie no longer works (ADR 0039).
    expect(await getCurrentUser(asRequest({ cookie }))).toBeNull();

    const fromPage = await callWithSession(userPage.action as never, {
      method: "POST",
      path: `/app/admin/users/${viewed.id}`,
      cookie: await sessionCookieFor(admin.id),
      params: { userId: String(viewed.id) },
      form: { intent: "spoof" },
    });
    expect(fromPage.status).toBe(302);
    const pageCookie = sessionCookieOf(fromPage.response)!;
    expect((await getCurrentUser(asRequest({ cookie: pageCookie })))?.user.id).toBe(viewed.id);

    // A refused target is a form error, not an error page.
    const refused = await callWithSession(usersPage.action as never, {
      method: "POST",
      path: "/app/admin/users",
      cookie: await sessionCookieFor(admin.id),
      form: { intent: "spoof", email: otherAdmin.email },
    });
    expect(refused.status).toBe(422);
    // Said by its key (ADR 0108): the page shows it in the reader's language.
    expect(refused.body).toEqual({ ok: false, error: { key: "users.spoofBlocked.superAdmin" } });
  });
});

describe("spoof rules", () => {
  it("refuses yourself, another super admin and an inactive user (422), an unknown user (404), a bad email (400)", async () => {
    const self = await post({ token: adminToken, body: { spoofed_user_email: admin.email } });
    expect(self.status).toBe(422);
    expect(self.body.error).toEqual({ code: "spoof_not_allowed", message: "You cannot spoof yourself", details: { message_key: { key: "users.spoofBlocked.self" } } });
    const other = await post({ token: adminToken, body: { spoofed_user_email: otherAdmin.email } });
    expect(other.status).toBe(422);
    expect(other.body.error.message).toBe("A super admin cannot be spoofed");
    expect(other.body.error.details).toEqual({ message_key: { key: "users.spoofBlocked.superAdmin" } });
    const gone = await post({ token: adminToken, body: { spoofed_user_email: inactive.email } });
    expect(gone.status).toBe(422);
    expect(gone.body.error.message).toBe(`${inactive.name} is not an active user`);
    expect(gone.body.error.details).toEqual({ message_key: { key: "users.spoofRefusal.inactive", values: { name: inactive.name } } });
    const nobody = await post({ token: adminToken, body: { spoofed_user_email: `nobody.${tag}@test.example.com` } });
    expect(nobody.status).toBe(404);
    expect(nobody.body.error.details).toEqual({ message_key: { key: "users.spoofRefusal.noUser", values: { email: `nobody.${tag}@test.example.com` } } });
    for (const body of [{ spoofed_user_email: "nope" }, {}, { spoofed_user_email: 42 }]) {
      const res = await post({ token: adminToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
  });

  it("answers 401 without sign-in and 403 for every role but super admin", async () => {
    expect((await post({ body: { spoofed_user_email: viewed.email } })).status).toBe(401);
    expect((await del({})).status).toBe(401);
    for (const [role, { token }] of Object.entries(roleUsers)) {
      const res = await post({ token, body: { spoofed_user_email: viewed.email } });
      expect(res.status, role).toBe(403);
      expect((await del({ token })).status, role).toBe(409);
    }
    expect(await (await getDb()).apiToken.count({ where: { userId: viewed.id, realUserId: { not: null }, revokedAt: null } })).toBe(0);
  });

  it("refuses a nested spoof (409) with a spoof token and with a spoof session", async () => {
    const started = await post({ token: adminToken, body: { spoofed_user_email: viewed.email } });
    const spoofToken = started.body.token as string;
    const target = roleUsers.EMPLOYEE!.user;
    const nested = await post({ token: spoofToken, body: { spoofed_user_email: target.email } });
    expect(nested.status).toBe(409);
    expect(nested.body.error.code).toBe("already_spoofing");
    expect(nested.body.error.details).toEqual({ message_key: { key: "users.spoofRefusal.alreadySpoofing" } });
    const spoofCookie = await sessionCookieFor(viewed.id, admin.id);
    expect((await post({ cookie: spoofCookie, body: { spoofed_user_email: target.email } })).status).toBe(409);
    expect((await del({ token: spoofToken })).status).toBe(200);
  });

  it("a spoof ends by itself when the real user is no longer a super admin", async () => {
    const demoted = await createTestUser({ role: "SUPER_ADMIN", name: `Spoof Demoted ${tag}` });
    const started = await post({ token: await bearerFor(demoted.id), body: { spoofed_user_email: viewed.email } });
    expect(started.status).toBe(201);
    await (await getDb()).user.update({ where: { id: demoted.id }, data: { role: "EMPLOYEE" } });
    expect((await callWithSession(routeConfig.loader as never, { path: "/api/v1/route_config", token: started.body.token })).status).toBe(401);
  });

  it("a spoof ends by itself when the viewed user becomes a super admin (the admin never acts with that role)", async () => {
    const promoted = await createTestUser({ name: `Spoof Promoted ${tag}` });
    const started = await post({ token: adminToken, body: { spoofed_user_email: promoted.email } });
    expect(started.status).toBe(201);
    const spoofCookie = await sessionCookieFor(promoted.id, admin.id);
    expect((await getCurrentUser(asRequest({ cookie: spoofCookie })))?.user.id).toBe(promoted.id);
    await (await getDb()).user.update({ where: { id: promoted.id }, data: { role: "SUPER_ADMIN" } });
    expect((await callWithSession(adminUsers.loader as never, { path: "/api/v1/admin/users", token: started.body.token })).status).toBe(401);
    expect(await getCurrentUser(asRequest({ cookie: spoofCookie }))).toBeNull();
    // Signed in as themselves, the promoted user is a super admin as usual.
    expect((await callWithSession(adminUsers.loader as never, { path: "/api/v1/admin/users", token: await bearerFor(promoted.id) })).status).toBe(200);
  });
});

describe("while spoofing", () => {
  it("no personal writes in the viewed user's name: user feedback and new tokens are 403", async () => {
    const started = await post({ token: adminToken, body: { spoofed_user_email: viewed.email } });
    const spoofToken = started.body.token as string;
    const feedback = await callWithSession(userFeedback.action as never, {
      method: "POST",
      path: "/api/v1/user_feedback",
      token: spoofToken,
      body: { has_liked: true, text: "written by an admin" },
    });
    expect(feedback.status).toBe(403);
    expect(feedback.body.error.code).toBe("spoofing");
    const spoofCookie = await sessionCookieFor(viewed.id, admin.id);
    const viaCookie = await callWithSession(userFeedback.action as never, { method: "POST", path: "/api/v1/user_feedback", cookie: spoofCookie, body: { has_liked: false } });
    expect(viaCookie.status).toBe(403);
    expect(await (await getDb()).userFeedback.count({ where: { userId: viewed.id } })).toBe(0);

    const mint = await callWithSession(tokens.action as never, { method: "POST", path: "/api/v1/tokens", cookie: spoofCookie });
    expect(mint.status).toBe(403);
    expect(mint.body.error.code).toBe("spoofing");
    // Not spoofing: the same route goes on to check the ID token (401 without one).
    expect((await callWithSession(tokens.action as never, { method: "POST", path: "/api/v1/tokens", cookie: await sessionCookieFor(viewed.id) })).status).toBe(401);

    // Feedback as yourself still works.
    const own = await callWithSession(userFeedback.action as never, {
      method: "POST",
      path: "/api/v1/user_feedback",
      token: await bearerFor(viewed.id),
      body: { has_liked: true },
    });
    expect(own.status).toBe(201);

    await del({ token: spoofToken });
  });

  it("every audit record names the real user: signing the spoof token out is the viewed user's act by the admin", async () => {
    const started = await post({ token: adminToken, body: { spoofed_user_email: viewed.email } });
    const spoofToken = started.body.token as string;
    const row = await (await getDb()).apiToken.findUnique({ where: { tokenHash: hashToken(spoofToken) } });
    const res = await callWithSession(tokens.action as never, { method: "DELETE", path: "/api/v1/tokens", token: spoofToken });
    expect(res.status).toBe(204);
    const record = await (await getDb()).auditRecord.findFirst({ where: { action: "token.revoke", entityId: String(row!.id) } });
    expect(record).toMatchObject({ actorId: viewed.id, realActorId: admin.id, source: "api" });
  });
});
