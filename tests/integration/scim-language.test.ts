/**
 * Issue 28 / ADR 0096: the directory's preferredLanguage and timezone (RFC 7643 §4.1.1) through /scim/v2 — written by
 * POST, PUT and PATCH, given back on GET, bad values refused with SCIM's error body (nothing written), each change
 * audited — and used after the person's own choice: a notification and its email go out in the directory's language.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { getDb } from "~/platform/db.server";
import { SYSTEM_ACTOR } from "~/platform/audit.server";
import { createScimToken } from "~/features/scim/tokens.server";
import { ERROR_SCHEMA, PATCH_SCHEMA, USER_SCHEMA } from "~/features/scim/protocol";
import * as scimRoute from "~/routes/scim.v2.$";
import * as feedbacks from "~/routes/api.v1.realtime_feedbacks._index";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { decodeWords, firstMailTo, useTestSmtp } from "../support/smtp";

const mail = useTestSmtp(beforeAll, afterAll);
const tag = randomUUID().slice(0, 8);
let token: string;

beforeAll(async () => {
  token = (await createScimToken(SYSTEM_ACTOR, `Entra ${tag}`)).token;
});

type Answer = { status: number; body: any };

async function scim(method: string, path: string, body?: unknown): Promise<Answer> {
  const headers = new Headers({ Authorization: `Bearer ${token}` });
  if (body !== undefined) headers.set("Content-Type", "application/scim+json");
  const request = new Request(`http://127.0.0.1/scim/v2/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const handler = method === "GET" ? scimRoute.loader : scimRoute.action;
  const response = await handler({ request, params: { "*": path.split("?")[0]! }, context: {} } as never);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const email = (name: string) => `${name}.${tag}@acme.example.com`;
const userBody = (name: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER_SCHEMA],
  userName: email(name),
  name: { formatted: name },
  emails: [{ value: email(name), type: "work" }],
  active: true,
  ...extra,
});
const patch = (...Operations: unknown[]) => ({ schemas: [PATCH_SCHEMA], Operations });
const row = async (scimId: string) =>
  (await getDb()).user.findUniqueOrThrow({ where: { scimId }, select: { id: true, scimPreferredLanguage: true, scimTimeZone: true, locale: true, timeZone: true } });

describe("SCIM preferredLanguage and timezone", () => {
  it("POST stores them, GET gives them back, PUT and PATCH change and clear them, each change audited", async () => {
    const created = await scim("POST", "Users", userBody("wang", { preferredLanguage: "zh-CN", timezone: "Asia/Shanghai" }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ preferredLanguage: "zh-CN", timezone: "Asia/Shanghai" });
    const id = created.body.id as string;
    expect(await row(id)).toMatchObject({ scimPreferredLanguage: "zh-CN", scimTimeZone: "Asia/Shanghai", locale: null, timeZone: null });
    expect((await scim("GET", `Users/${id}`)).body).toMatchObject({ preferredLanguage: "zh-CN", timezone: "Asia/Shanghai" });

    const patched = await scim("PATCH", `Users/${id}`, patch({ op: "replace", path: "preferredLanguage", value: "en-GB, zh-CN;q=0.5" }, { op: "replace", value: { timezone: "europe/berlin" } }));
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ preferredLanguage: "en-GB, zh-CN;q=0.5", timezone: "Europe/Berlin" });
    expect(await row(id)).toMatchObject({ scimPreferredLanguage: "en-GB, zh-CN;q=0.5", scimTimeZone: "Europe/Berlin" });

    const removed = await scim("PATCH", `Users/${id}`, patch({ op: "remove", path: "timezone" }));
    expect(removed.status).toBe(200);
    expect(removed.body.timezone).toBeUndefined();
    expect((await row(id)).scimTimeZone).toBeNull();

    const replaced = await scim("PUT", `Users/${id}`, userBody("wang", { preferredLanguage: "zh-Hans" }));
    expect(replaced.status).toBe(200);
    expect(await row(id)).toMatchObject({ scimPreferredLanguage: "zh-Hans", scimTimeZone: null });

    const { id: userId } = await row(id);
    const audits = await (await getDb()).auditRecord.findMany({ where: { entityType: "User", entityId: String(userId), action: "user.scim_attributes" }, orderBy: { id: "asc" } });
    expect(audits.map((a) => [(a.before as any)?.scimPreferredLanguage ?? null, (a.after as any).scimPreferredLanguage])).toEqual([
      [null, "zh-CN"],
      ["zh-CN", "en-GB, zh-CN;q=0.5"],
      ["en-GB, zh-CN;q=0.5", "en-GB, zh-CN;q=0.5"],
      ["en-GB, zh-CN;q=0.5", "zh-Hans"],
    ]);
    expect(audits.every((a) => a.source === "scim")).toBe(true);
  });

  it("refuses a value that is no language tag or no IANA zone with SCIM's invalidValue, writing nothing", async () => {
    expect((await scim("POST", "Users", userBody("bad1", { preferredLanguage: "en_US" }))).body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "400", scimType: "invalidValue" });
    expect((await scim("POST", "Users", userBody("bad2", { timezone: "China Standard Time" }))).status).toBe(400);
    expect(await (await getDb()).user.count({ where: { email: { in: [email("bad1"), email("bad2")] } } })).toBe(0);

    const { body } = await scim("POST", "Users", userBody("keep", { preferredLanguage: "zh-CN", timezone: "Asia/Shanghai" }));
    const refused = await scim("PATCH", `Users/${body.id}`, patch({ op: "replace", path: "timezone", value: "+08:00" }, { op: "replace", path: "title", value: "Changed" }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ schemas: [ERROR_SCHEMA], scimType: "invalidValue" });
    const kept = await (await getDb()).user.findUniqueOrThrow({ where: { scimId: body.id }, select: { scimTimeZone: true, jobTitle: true } });
    expect(kept).toEqual({ scimTimeZone: "Asia/Shanghai", jobTitle: null });
  });

  it("publishes both in the User schema, the supported languages as canonical values", async () => {
    const { body } = await scim("GET", `Schemas/${USER_SCHEMA}`);
    const attrs = body.attributes as Array<{ name: string; canonicalValues?: string[] }>;
    expect(attrs.find((a) => a.name === "preferredLanguage")?.canonicalValues).toEqual(["en", "zh-CN"]);
    expect(attrs.find((a) => a.name === "timezone")?.canonicalValues).toContain("Asia/Shanghai");
  });
});

describe("the directory's language for a person who chose none", () => {
  it("sends the notification and its email in Chinese to a person whose directory says zh-CN; their own choice wins", async () => {
    const { body: zhUser } = await scim("POST", "Users", userBody("zhang", { name: { formatted: "张伟" }, preferredLanguage: "zh-CN", timezone: "Asia/Shanghai" }));
    const { body: chose } = await scim("POST", "Users", userBody("chose", { name: { formatted: "Chose English" }, preferredLanguage: "zh-CN" }));
    const db = await getDb();
    await db.user.update({ where: { scimId: chose.id }, data: { locale: "en" } });
    const giver = await db.user.update({ where: { id: (await createTestUser({ name: `Giver ${tag}` })).id }, data: { name: "Łukasz Żółć" } });
    const bearer = await bearerFor(giver.id);
    for (const to of [email("zhang"), email("chose")]) {
      const res = await callRoute(feedbacks.action as never, { method: "POST", path: "/api/v1/realtime_feedbacks", token: bearer, body: { reviewee_email: to, body: "很好 ✓" } });
      expect(res.status).toBe(201);
    }
    const zhId = (await row(zhUser.id)).id;
    const enId = (await row(chose.id)).id;
    expect((await db.notification.findFirstOrThrow({ where: { userId: zhId, kind: "anytime_feedback" } })).title).toBe("Łukasz Żółć 给你发送了新反馈");
    expect((await db.notification.findFirstOrThrow({ where: { userId: enId, kind: "anytime_feedback" } })).title).toBe("New feedback from Łukasz Żółć");
    expect(decodeWords((await firstMailTo(mail.server, email("zhang"))).subject)).toBe("Łukasz Żółć 给你发送了新反馈");
    expect(decodeWords((await firstMailTo(mail.server, email("chose"))).subject)).toBe("New feedback from Łukasz Żółć");
  });
});
