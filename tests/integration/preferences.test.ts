import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { countStatements } from "~/platform/sql.server";
import { scopedLoader } from "~/platform/request-scope.server";
import * as preferences from "~/routes/api.v1.me.preferences";
import * as root from "~/root";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { sessionCookieFor } from "../support/session";

/** GET/PATCH /api/v1/me/preferences and the root's use of them (docs/decisions/0077-language-and-time-zone-per-person.md). */
describe("a person's own language and time zone", () => {
  let user: Awaited<ReturnType<typeof createTestUser>>;
  let token: string;

  beforeAll(async () => {
    user = await createTestUser({ name: "Preferences Person" });
    token = await bearerFor(user.id);
  });

  const patch = (body: unknown, as = token) =>
    callRoute(preferences.action as never, { method: "PATCH", path: "/api/v1/me/preferences", token: as, body });
  const audits = async () =>
    (await getDb()).auditRecord.findMany({ where: { action: "user.preferences.update", entityType: "User", entityId: String(user.id) }, orderBy: { id: "asc" } });

  it("starts with nothing chosen", async () => {
    const res = await callRoute(preferences.loader as never, { path: "/api/v1/me/preferences", token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ preferences: { locale: null, time_zone: null } });
    expect((await callRoute(preferences.loader as never, { path: "/api/v1/me/preferences" })).status).toBe(401);
  });

  it("saves a choice, writes one audit record with before and after, and a repeat writes none", async () => {
    const res = await patch({ locale: "zh-CN", time_zone: "Asia/Shanghai" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ preferences: { locale: "zh-CN", time_zone: "Asia/Shanghai" } });
    const row = await (await getDb()).user.findUniqueOrThrow({ where: { id: user.id } });
    expect([row.locale, row.timeZone]).toEqual(["zh-CN", "Asia/Shanghai"]);
    let records = await audits();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      actorId: user.id,
      before: { locale: null, time_zone: null },
      after: { locale: "zh-CN", time_zone: "Asia/Shanghai" },
    });

    expect((await patch({ locale: "zh-CN" })).status).toBe(200);
    expect(await audits()).toHaveLength(1);

    // Only the fields sent change; null clears a choice.
    const cleared = await patch({ time_zone: null });
    expect(cleared.body).toEqual({ preferences: { locale: "zh-CN", time_zone: null } });
    records = await audits();
    expect(records).toHaveLength(2);
    expect(records[1]).toMatchObject({ before: { time_zone: "Asia/Shanghai" }, after: { time_zone: null } });
  });

  it.each([
    [{ locale: "fr" }],
    [{ locale: "en-XA" }],
    [{ time_zone: "Mars/Olympus" }],
    [{ time_zone: "+08:00" }],
    [{ locale: "en", colour: "blue" }],
    [{ locale: 7 }],
  ])("refuses %j with a 400 JSON error and changes nothing", async (body) => {
    const before = await (await getDb()).user.findUniqueOrThrow({ where: { id: user.id } });
    const count = (await audits()).length;
    const res = await patch(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "validation_failed" });
    const after = await (await getDb()).user.findUniqueOrThrow({ where: { id: user.id } });
    expect([after.locale, after.timeZone]).toEqual([before.locale, before.timeZone]);
    expect(await audits()).toHaveLength(count);
  });

  it("the root answers in the person's language on every device, else the browser's, with no statement of its own", async () => {
    await patch({ locale: "zh-CN", time_zone: "Asia/Shanghai" });
    const cookie = await sessionCookieFor(user.id);
    const load = (headers: Record<string, string>) => {
      const call = scopedLoader(root.loader as never) as (args: unknown) => Promise<{ locale: string; timeZone: string }>;
      return call({ request: new Request("http://127.0.0.1/app/home", { headers }), context: {}, params: {} });
    };
    // A browser that asks for English still gets the person's choice.
    expect(await load({ Cookie: cookie, "Accept-Language": "en-US" })).toMatchObject({ locale: "zh-CN", timeZone: "Asia/Shanghai" });
    // Without a sign-in: Accept-Language, then en; the browser's zone cookie, then APP_TIME_ZONE (UTC).
    expect(await load({ "Accept-Language": "zh-Hans,en;q=0.5" })).toMatchObject({ locale: "zh-CN", timeZone: "UTC" });
    expect(await load({ "Accept-Language": "fr", Cookie: "pmr_tz=Europe%2FBerlin" })).toMatchObject({ locale: "en", timeZone: "Europe/Berlin" });
    expect(await load({ Cookie: "pmr_tz=Nowhere" })).toMatchObject({ locale: "en", timeZone: "UTC" });

    // The session read is the request's one (ADR 0063): after it, deciding the language costs no statement.
    const context = {};
    const request = () => new Request("http://127.0.0.1/app/home", { headers: { Cookie: cookie } });
    const { readSession } = await import("~/platform/session.server");
    const first = request();
    scopedLoader(async () => null)({ request: first, context } as never);
    await readSession(first);
    const counted = await countStatements(() => (scopedLoader(root.loader as never) as (a: unknown) => Promise<unknown>)({ request: request(), context, params: {} }));
    expect(counted.count, counted.statements.join("\n")).toBe(0);
    expect(counted.result).toMatchObject({ locale: "zh-CN" });
  });

  it("a super admin viewing another user may not change that user's choice", async () => {
    const admin = await createTestUser({ role: "SUPER_ADMIN", name: "Preferences Admin" });
    const cookie = await sessionCookieFor(user.id, admin.id);
    const request = new Request("http://127.0.0.1/api/v1/me/preferences", {
      method: "PATCH",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ locale: "en" }),
    });
    const res = (await preferences.action({ request, params: {}, context: {} } as never)) as Response;
    expect(res.status).toBe(403);
    const row = await (await getDb()).user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.locale).toBe("zh-CN");
  });
});
