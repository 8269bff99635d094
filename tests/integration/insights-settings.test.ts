/**
 * The fairness insights' privacy floor (issue 29 §3, ADR 0103) on the real database: GET/PUT
 * /api/v1/admin/insights_settings — a super admin reads and changes it (audited, before/after), every other role is
 * refused, values below 3 or not whole are refused with the JSON error and change nothing, and the value the
 * insights read (readPrivacyFloor) follows it; the floor a breakdown applies is the stored one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import * as settingsRoute from "~/routes/api.v1.admin.insights_settings";
import { readPrivacyFloor } from "~/features/insights/settings.server";
import { floorBreakdown } from "~/features/insights/privacy-floor";
import { bearerFor, callRoute, createTestUser } from "../support/api";

let admin: User;
let hrOps: User;
let employee: User;
let adminToken: string;
let hrOpsToken: string;
let employeeToken: string;

beforeAll(async () => {
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Floor Admin" });
  hrOps = await createTestUser({ role: "HR_OPS", name: "Floor HR Ops" });
  employee = await createTestUser({ name: "Floor Employee" });
  [adminToken, hrOpsToken, employeeToken] = await Promise.all([bearerFor(admin.id), bearerFor(hrOps.id), bearerFor(employee.id)]);
});

// The setting is company-wide: leave it at its default for later files (only this column; the row holds other settings).
afterAll(async () => {
  await (await getDb()).companySettings.updateMany({ data: { insightsPrivacyFloor: 5 } });
});

const get = (token: string) => callRoute(settingsRoute.loader as never, { path: "/api/v1/admin/insights_settings", token });
const put = (token: string, body: unknown) => callRoute(settingsRoute.action as never, { method: "PUT", path: "/api/v1/admin/insights_settings", token, body });

describe("/api/v1/admin/insights_settings", () => {
  it("a super admin reads the default 5, raises it (audited) and the insights apply it", async () => {
    const db = await getDb();
    await db.companySettings.updateMany({ data: { insightsPrivacyFloor: 5 } });
    const first = await get(adminToken);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ privacy_floor: 5, default_privacy_floor: 5, minimum_privacy_floor: 3 });

    const res = await put(adminToken, { privacy_floor: 7 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.privacy_floor).toBe(7);
    expect((await get(adminToken)).body.privacy_floor).toBe(7);
    expect(await readPrivacyFloor()).toBe(7);
    const audit = await db.auditRecord.findFirstOrThrow({ where: { action: "company.insights_privacy_floor", actorId: admin.id }, orderBy: { id: "desc" } });
    expect(audit).toMatchObject({ entityType: "CompanySettings", entityId: "1", source: "api" });
    expect(audit.before).toEqual({ privacy_floor: 5 });
    expect(audit.after).toEqual({ privacy_floor: 7 });

    // The stored floor is the one a breakdown applies: six people are a group at 5, not at 7.
    const people = [...Array.from({ length: 6 }, (_, i) => ({ id: i, attributes: { gender: "F" } })), ...Array.from({ length: 9 }, (_, i) => ({ id: 10 + i, attributes: { gender: "M" } }))];
    const atFive = floorBreakdown(people, { filters: [], breakdown: "gender" }, 5);
    const atStored = floorBreakdown(people, { filters: [], breakdown: "gender" }, await readPrivacyFloor());
    expect(atFive.shown && atFive.groups.map((g) => g.value)).toEqual(["M", "F"]);
    expect(atStored.shown && atStored.groups).toEqual([]);

    // Setting the same value again writes no audit record.
    const count = await db.auditRecord.count({ where: { action: "company.insights_privacy_floor" } });
    expect((await put(adminToken, { privacy_floor: 7 })).status).toBe(200);
    expect(await db.auditRecord.count({ where: { action: "company.insights_privacy_floor" } })).toBe(count);
  });

  it("refuses a floor below 3, a fraction, other fields and other roles; nothing changes", async () => {
    const db = await getDb();
    expect((await put(adminToken, { privacy_floor: 4 })).status).toBe(200);
    const count = await db.auditRecord.count({ where: { action: "company.insights_privacy_floor" } });
    for (const body of [{ privacy_floor: 2 }, { privacy_floor: 0 }, { privacy_floor: 3.5 }, { privacy_floor: "5" }, { privacy_floor: 5, extra: true }, {}, { privacy_floor: 1001 }]) {
      const res = await put(adminToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: "validation_failed" });
    }
    expect((await callRoute(settingsRoute.action as never, { method: "PUT", path: "/api/v1/admin/insights_settings", token: adminToken, rawBody: "{" })).status).toBe(400);
    for (const token of [hrOpsToken, employeeToken]) {
      expect((await put(token, { privacy_floor: 3 })).status).toBe(403);
      expect((await get(token)).status).toBe(403);
    }
    expect((await get("")).status).toBe(401);
    expect((await callRoute(settingsRoute.action as never, { method: "POST", path: "/api/v1/admin/insights_settings", token: adminToken, body: { privacy_floor: 3 } })).status).toBe(405);
    expect(await readPrivacyFloor()).toBe(4);
    expect(await db.auditRecord.count({ where: { action: "company.insights_privacy_floor" } })).toBe(count);
  });

  it("never reads a stored value below 3 as the floor", async () => {
    await (await getDb()).companySettings.updateMany({ data: { insightsPrivacyFloor: 1 } });
    expect(await readPrivacyFloor()).toBe(3);
    expect((await get(adminToken)).body.privacy_floor).toBe(3);
  });
});
