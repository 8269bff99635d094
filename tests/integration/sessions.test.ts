/**
 * Server-side page sessions (docs/decisions/0039-server-side-sessions.md): the cookie holds a random id, the row
 * (keyed by its SHA-256) holds the users; sign-out, deactivation and a role change delete rows; spoofing rotates the
 * id; idle and absolute expiry. (Sign-in's new id and the copied cookie after sign-out over the real provider flow are
 * in auth.test.ts.)
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import { getCurrentUser, requireApiUser, requireUser } from "~/platform/auth.server";
import { sessionStorage, SESSION_COOKIE_NAME } from "~/platform/session.server";
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_IDLE_TIMEOUT_MS, SESSION_TOUCH_INTERVAL_MS } from "~/platform/session-rules";
import * as spoofRoute from "~/routes/api.v1.admin.spoof";
import * as adminUser from "~/routes/api.v1.admin.users.$id";
import * as userPage from "~/routes/app.admin.users.$userId";
import * as logoutRoute from "~/routes/app.logout";
import * as tokensRoute from "~/routes/api.v1.tokens";
import * as homePage from "~/routes/app.home";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { callWithSession, sessionCookieFor, sessionCookieOf } from "../support/session";

const tag = `ss${Date.now().toString(36)}`;
let admin: User;
let adminToken: string;

beforeAll(async () => {
  admin = await createTestUser({ role: "SUPER_ADMIN", name: `Session Admin ${tag}` });
  adminToken = await bearerFor(admin.id);
});

const requestWith = (cookie: string) => new Request("http://127.0.0.1/app/home", { headers: { Cookie: cookie } });
const whoIs = async (cookie: string) => (await getCurrentUser(requestWith(cookie)))?.user.id ?? null;
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The random id inside a `__pmr_session=…` cookie (signature checked). */
async function sidOf(cookie: string): Promise<string> {
  const sid = (await sessionStorage.getSession(cookie)).get("sid");
  expect(typeof sid).toBe("string");
  return sid as string;
}
async function rowOf(cookie: string) {
  return (await getDb()).userSession.findUnique({ where: { id: sha256(await sidOf(cookie)) } });
}
async function setTimes(cookie: string, times: { signedInAt?: Date; lastSeenAt?: Date }) {
  await (await getDb()).userSession.update({ where: { id: sha256(await sidOf(cookie)) }, data: times });
}
async function lastAudit(action: string, entityId: number) {
  return (await getDb()).auditRecord.findFirst({ where: { action, entityType: "User", entityId: String(entityId) }, orderBy: { id: "desc" } });
}

describe("the cookie and the row", () => {
  it("the cookie holds only a random id; the table holds its SHA-256 and the user", async () => {
    const user = await createTestUser({ name: `Session Plain ${tag}` });
    const cookie = await sessionCookieFor(user.id);
    const data = (await sessionStorage.getSession(cookie)).data;
    expect(Object.keys(data)).toEqual(["sid"]);
    const sid = await sidOf(cookie);
    expect(sid).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    expect(JSON.stringify(data)).not.toMatch(/userId|realUserId|email/);
    const db = await getDb();
    expect(await db.userSession.findUnique({ where: { id: sid } })).toBeNull();
    expect(await rowOf(cookie)).toMatchObject({ userId: user.id, realUserId: null });
    expect(await whoIs(cookie)).toBe(user.id);
    // The one-query lookup gives the same User objects as the client (no extra database columns, same types).
    expect((await getCurrentUser(requestWith(cookie)))!.user).toStrictEqual(await db.user.findUnique({ where: { id: user.id } }));
    const spoofing = await getCurrentUser(requestWith(await sessionCookieFor(user.id, admin.id)));
    expect(spoofing!.user).toStrictEqual(await db.user.findUnique({ where: { id: user.id } }));
    expect(spoofing!.realUser).toStrictEqual(await db.user.findUnique({ where: { id: admin.id } }));
  });

  it("an old-style cookie naming a user, a forged id and a bad signature sign nobody in", async () => {
    const user = await createTestUser({ name: `Session Forged ${tag}` });
    const forged = await sessionStorage.getSession();
    forged.set("userId" as never, user.id as never);
    forged.set("realUserId" as never, admin.id as never);
    const oldStyle = (await sessionStorage.commitSession(forged)).split(";")[0]!;
    expect(await getCurrentUser(requestWith(oldStyle))).toBeNull();

    const guessed = await sessionStorage.getSession();
    guessed.set("sid", "A".repeat(43));
    expect(await getCurrentUser(requestWith((await sessionStorage.commitSession(guessed)).split(";")[0]!))).toBeNull();

    const real = await sessionCookieFor(user.id);
    const [name, value] = real.split("=");
    const tampered = `${name}=${value!.slice(0, -2)}${value!.endsWith("AA") ? "BB" : "AA"}`;
    expect(await getCurrentUser(requestWith(tampered))).toBeNull();
  });

  it("a page visited with an ended session goes to the login page and the stale cookie is cleared", async () => {
    const user = await createTestUser({ name: `Session Stale ${tag}` });
    const cookie = await sessionCookieFor(user.id);
    await (await getDb()).userSession.deleteMany({ where: { userId: user.id } });
    const res = await callWithSession(homePage.loader as never, { path: "/app/home", cookie });
    expect(res.status).toBe(302);
    expect(res.response.headers.get("Location")).toMatch(/^\/app\/login\?out=true/);
    const cleared = res.response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/i);
  });
});

describe("sign-out", () => {
  it("deletes the row: a copy of the cookie taken before no longer works, on pages and on the API", async () => {
    const user = await createTestUser({ name: `Session Out ${tag}` });
    const cookie = await sessionCookieFor(user.id);
    const copy = `${cookie}`;
    expect(await whoIs(copy)).toBe(user.id);
    const res = await callWithSession(logoutRoute.action as never, { method: "POST", path: "/app/logout", cookie });
    expect(res.status).toBe(302);
    expect(await (await getDb()).userSession.count({ where: { userId: user.id } })).toBe(0);
    expect(await whoIs(copy)).toBeNull();
    await expect(requireApiUser(requestWith(copy))).rejects.toMatchObject({ status: 401 });
    await expect(requireUser(requestWith(copy))).rejects.toBeInstanceOf(Response);
    expect(await lastAudit("session.logout", user.id)).toMatchObject({ actorId: user.id, realActorId: user.id });
  });

  it("DELETE /api/v1/tokens with the cookie ends that session only", async () => {
    const user = await createTestUser({ name: `Session Api Out ${tag}` });
    const one = await sessionCookieFor(user.id);
    const other = await sessionCookieFor(user.id);
    const res = await callWithSession(tokensRoute.action as never, { method: "DELETE", path: "/api/v1/tokens", cookie: one });
    expect(res.status).toBe(204);
    expect(await whoIs(one)).toBeNull();
    expect(await whoIs(other)).toBe(user.id);
  });
});

describe("deactivation and role change end every session of the user", () => {
  it("deactivation (PATCH active:false) deletes their sessions and spoof sessions and revokes their tokens, in one audited change", async () => {
    const user = await createTestUser({ name: `Session Deactivated ${tag}` });
    const bystander = await createTestUser({ name: `Session Bystander ${tag}` });
    const laptop = await sessionCookieFor(user.id);
    const phone = await sessionCookieFor(user.id);
    const spoofed = await sessionCookieFor(user.id, admin.id); // an admin viewing as them
    const token = await bearerFor(user.id);
    const untouched = await sessionCookieFor(bystander.id);
    const res = await callRoute(adminUser.action as never, {
      method: "PATCH",
      path: `/api/v1/admin/users/${user.id}`,
      token: adminToken,
      body: { active: false },
      params: { id: String(user.id) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const db = await getDb();
    expect(await db.userSession.count({ where: { OR: [{ userId: user.id }, { realUserId: user.id }] } })).toBe(0);
    for (const cookie of [laptop, phone, spoofed]) expect(await whoIs(cookie)).toBeNull();
    expect(await db.apiToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
    await expect(requireApiUser(new Request("http://127.0.0.1/api/v1/config", { headers: { Authorization: `Bearer ${token}` } }))).rejects.toMatchObject({ status: 401 });
    expect(await whoIs(untouched)).toBe(bystander.id);
    const audit = await lastAudit("session.revoke_all", user.id);
    expect(audit).toMatchObject({ actorId: admin.id });
    expect(audit!.after).toEqual({ reason: "deactivated", sessions: 3, tokens: 1 });
    // Reactivated, the user signs in again; nothing old comes back.
    await db.user.update({ where: { id: user.id }, data: { active: true } });
    expect(await whoIs(laptop)).toBeNull();
  });

  it("a role change on the admin user page signs the user out everywhere, also from a spoof they were running", async () => {
    const other = await createTestUser({ role: "SUPER_ADMIN", name: `Session Demoted ${tag}` });
    const viewed = await createTestUser({ name: `Session Viewed ${tag}` });
    const own = await sessionCookieFor(other.id);
    const spoofing = await sessionCookieFor(viewed.id, other.id);
    const viewedOwn = await sessionCookieFor(viewed.id);
    const cookie = await sessionCookieFor(admin.id);
    const res = await callWithSession(userPage.action as never, {
      method: "POST",
      path: `/app/admin/users/${other.id}`,
      cookie,
      params: { userId: String(other.id) },
      form: { intent: "role", role: "HR_OPS" },
    });
    expect(res.status).toBe(200);
    expect(await whoIs(own)).toBeNull();
    expect(await whoIs(spoofing)).toBeNull();
    expect(await whoIs(viewedOwn)).toBe(viewed.id); // the viewed user's own session is not theirs to lose
    expect(await whoIs(cookie)).toBe(admin.id);
    expect((await lastAudit("session.revoke_all", other.id))!.after).toEqual({ reason: "role_changed", sessions: 2, tokens: 0 });
  });

  it("other changes (a name) leave the sessions alone", async () => {
    const user = await createTestUser({ name: `Session Renamed ${tag}` });
    const cookie = await sessionCookieFor(user.id);
    const res = await callRoute(adminUser.action as never, {
      method: "PATCH",
      path: `/api/v1/admin/users/${user.id}`,
      token: adminToken,
      body: { name: `Session Renamed Again ${tag}` },
      params: { id: String(user.id) },
    });
    expect(res.status).toBe(200);
    expect(await whoIs(cookie)).toBe(user.id);
    expect(await lastAudit("session.revoke_all", user.id)).toBeNull();
  });
});

describe("spoofing rotates the session id", () => {
  it("start and stop each give a new id; the earlier cookies stop working; the sign-in time is kept", async () => {
    const viewed = await createTestUser({ name: `Session Spoofed ${tag}` });
    const before = await sessionCookieFor(admin.id);
    const signedInAt = new Date(Date.now() - 60 * 60 * 1000);
    await setTimes(before, { signedInAt });

    const start = await callWithSession(spoofRoute.action as never, { method: "POST", path: "/api/v1/admin/spoof", cookie: before, body: { spoofed_user_email: viewed.email } });
    expect(start.status).toBe(201);
    const during = sessionCookieOf(start.response)!;
    expect(await sidOf(during)).not.toBe(await sidOf(before));
    expect(await whoIs(before)).toBeNull();
    expect(await rowOf(before)).toBeNull();
    expect(await rowOf(during)).toMatchObject({ userId: viewed.id, realUserId: admin.id, signedInAt });
    const current = await getCurrentUser(requestWith(during));
    expect(current?.user.id).toBe(viewed.id);
    expect(current?.realUser?.id).toBe(admin.id);

    const stop = await callWithSession(spoofRoute.action as never, { method: "DELETE", path: "/api/v1/admin/spoof", cookie: during });
    expect(stop.status).toBe(200);
    const after = sessionCookieOf(stop.response)!;
    expect(new Set([await sidOf(before), await sidOf(during), await sidOf(after)]).size).toBe(3);
    expect(await whoIs(during)).toBeNull();
    expect(await rowOf(after)).toMatchObject({ userId: admin.id, realUserId: null, signedInAt });
    expect((await getCurrentUser(requestWith(after)))?.realUser).toBeNull();
  });

  it("a replayed spoof cookie cannot end or restart a spoof once the session moved on", async () => {
    const viewed = await createTestUser({ name: `Session Replay ${tag}` });
    const start = await callWithSession(spoofRoute.action as never, {
      method: "POST",
      path: "/api/v1/admin/spoof",
      cookie: await sessionCookieFor(admin.id),
      body: { spoofed_user_email: viewed.email },
    });
    const during = sessionCookieOf(start.response)!;
    await callWithSession(spoofRoute.action as never, { method: "DELETE", path: "/api/v1/admin/spoof", cookie: during });
    const replay = await callWithSession(spoofRoute.action as never, { method: "DELETE", path: "/api/v1/admin/spoof", cookie: during });
    expect(replay.status).toBe(401);
  });
});

describe("idle timeout and absolute lifetime", () => {
  it("a session idle for the timeout is refused and its row deleted", async () => {
    const user = await createTestUser({ name: `Session Idle ${tag}` });
    const cookie = await sessionCookieFor(user.id);
    await setTimes(cookie, { lastSeenAt: new Date(Date.now() - SESSION_IDLE_TIMEOUT_MS - 1000) });
    const row = await rowOf(cookie);
    expect(await whoIs(cookie)).toBeNull();
    expect(await (await getDb()).userSession.findUnique({ where: { id: row!.id } })).toBeNull();
  });

  it("just inside the idle timeout the session lives and the request is recorded; recent activity writes nothing", async () => {
    const user = await createTestUser({ name: `Session Active ${tag}` });
    const cookie = await sessionCookieFor(user.id);
    const nearlyIdle = new Date(Date.now() - SESSION_IDLE_TIMEOUT_MS + 60 * 1000);
    await setTimes(cookie, { lastSeenAt: nearlyIdle });
    const t0 = Date.now();
    expect(await whoIs(cookie)).toBe(user.id);
    const touched = (await rowOf(cookie))!.lastSeenAt.getTime();
    expect(touched).toBeGreaterThanOrEqual(t0 - 5);

    const recent = new Date(Date.now() - SESSION_TOUCH_INTERVAL_MS + 30 * 1000);
    await setTimes(cookie, { lastSeenAt: recent });
    expect(await whoIs(cookie)).toBe(user.id);
    expect((await rowOf(cookie))!.lastSeenAt).toEqual(recent); // no write within the interval
  });

  it("a session past its absolute lifetime is refused however active", async () => {
    const user = await createTestUser({ name: `Session Old ${tag}` });
    const cookie = await sessionCookieFor(user.id);
    await setTimes(cookie, { signedInAt: new Date(Date.now() - SESSION_ABSOLUTE_LIFETIME_MS - 1000), lastSeenAt: new Date() });
    expect(await whoIs(cookie)).toBeNull();
    expect(await rowOf(cookie)).toBeNull();
    await expect(requireApiUser(requestWith(cookie))).rejects.toMatchObject({ status: 401 });
  });

  it("the cookie expires with the absolute lifetime", async () => {
    const user = await createTestUser({ name: `Session Cookie ${tag}` });
    const { startSession } = await import("~/platform/session.server");
    const setCookie = await startSession(new Request("http://127.0.0.1/"), { userId: user.id });
    expect(setCookie).toMatch(new RegExp(`Max-Age=${SESSION_ABSOLUTE_LIFETIME_MS / 1000 - 1}|Max-Age=${SESSION_ABSOLUTE_LIFETIME_MS / 1000}`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
  });

  it("a sign-in sweeps ended rows of everyone", async () => {
    const user = await createTestUser({ name: `Session Swept ${tag}` });
    const cookie = await sessionCookieFor(user.id);
    await setTimes(cookie, { lastSeenAt: new Date(Date.now() - SESSION_IDLE_TIMEOUT_MS - 1000) });
    const key = (await rowOf(cookie))!.id;
    await sessionCookieFor(admin.id);
    expect(await (await getDb()).userSession.findUnique({ where: { id: key } })).toBeNull();
  });
});
