/**
 * People attributes (issue 29 §1, ADR 0103) on the real database: the built-in ones come with the migration; a super
 * admin lists them, defines custom ones (names unique whatever their case), renames, narrows who sees them and
 * deletes custom ones — every change audited with before/after; built-in ones cannot be deleted; every other role is
 * refused and bad input is a 4xx JSON error that changes nothing.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import * as listRoute from "~/routes/api.v1.admin.attributes";
import * as oneRoute from "~/routes/api.v1.admin.attributes.$id";
import { bearerFor, callRoute, createTestUser } from "../support/api";

let admin: User;
let adminToken: string;
let otherTokens: string[];

beforeAll(async () => {
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Attribute Admin" });
  const others = await Promise.all([createTestUser({ role: "HR_OPS" }), createTestUser({ role: "PEOPLE_PARTNER" }), createTestUser({})]);
  [adminToken, ...otherTokens] = await Promise.all([bearerFor(admin.id), ...others.map((u) => bearerFor(u.id))]);
});

const list = (token: string) => callRoute(listRoute.loader as never, { path: "/api/v1/admin/attributes", token });
const create = (token: string, body: unknown) => callRoute(listRoute.action as never, { method: "POST", path: "/api/v1/admin/attributes", token, body });
const patch = (token: string, id: number | string, body: unknown) => callRoute(oneRoute.action as never, { method: "PATCH", path: `/api/v1/admin/attributes/${id}`, token, body, params: { id: String(id) } });
const remove = (token: string, id: number | string) => callRoute(oneRoute.action as never, { method: "DELETE", path: `/api/v1/admin/attributes/${id}`, token, params: { id: String(id) } });
const audits = async (action: string, id: number) => (await getDb()).auditRecord.findMany({ where: { action, entityType: "AttributeDefinition", entityId: String(id) }, orderBy: { id: "asc" } });

describe("/api/v1/admin/attributes", () => {
  it("lists the built-in attributes first, visible to HR by default", async () => {
    const res = await list(adminToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const builtIn = res.body.attributes.filter((a: { built_in: boolean }) => a.built_in);
    expect(builtIn.map((a: { key: string }) => a.key)).toEqual(["gender", "start_date", "level", "location", "department", "employment_type"]);
    expect(builtIn.find((a: { key: string }) => a.key === "start_date")).toMatchObject({ kind: "date", visibility: "hr", name: "Start date" });
    expect(res.body.attributes.slice(0, 6).every((a: { built_in: boolean }) => a.built_in)).toBe(true);
  });

  it("defines, renames, narrows and deletes a custom attribute, each step audited", async () => {
    const name = `Tenure bucket ${randomUUID().slice(0, 6)}`;
    const created = await create(adminToken, { name: `  ${name}  `, kind: "number" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const attribute = created.body.attribute;
    expect(attribute).toMatchObject({ key: null, name, kind: "number", visibility: "hr", built_in: false });
    expect((await list(adminToken)).body.attributes.map((a: { id: number }) => a.id)).toContain(attribute.id);
    expect((await audits("attribute.create", attribute.id))[0]).toMatchObject({ actorId: admin.id, before: null, after: { id: attribute.id, name, kind: "number", visibility: "hr", key: null } });

    // The same name in another case is taken.
    const clash = await create(adminToken, { name: name.toUpperCase(), kind: "category" });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ code: "attribute_name_taken" });

    const renamed = await patch(adminToken, attribute.id, { name: `${name} (years)`, visibility: "super_admins" });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.attribute).toMatchObject({ name: `${name} (years)`, visibility: "super_admins", kind: "number" });
    const update = (await audits("attribute.update", attribute.id))[0]!;
    expect(update.before).toMatchObject({ name, visibility: "hr" });
    expect(update.after).toMatchObject({ name: `${name} (years)`, visibility: "super_admins" });

    // The kind cannot change (the values would no longer fit): the body is refused.
    expect((await patch(adminToken, attribute.id, { kind: "date" })).status).toBe(400);

    const deleted = await remove(adminToken, attribute.id);
    expect(deleted.status).toBe(204);
    expect(await (await getDb()).attributeDefinition.findUnique({ where: { id: attribute.id } })).toBeNull();
    expect((await audits("attribute.delete", attribute.id))[0]).toMatchObject({ after: null, before: { name: `${name} (years)` } });
    expect((await remove(adminToken, attribute.id)).status).toBe(404);
    expect((await patch(adminToken, attribute.id, { name: "Gone" })).status).toBe(404);
  });

  it("renames a built-in attribute but never deletes it", async () => {
    const db = await getDb();
    const gender = await db.attributeDefinition.findUniqueOrThrow({ where: { key: "gender" } });
    const refused = await remove(adminToken, gender.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "built_in_attribute" });
    expect(await db.attributeDefinition.findUnique({ where: { id: gender.id } })).not.toBeNull();
    const renamed = await patch(adminToken, gender.id, { name: "Gender identity" });
    expect(renamed.body.attribute).toMatchObject({ key: "gender", name: "Gender identity", built_in: true });
    expect((await patch(adminToken, gender.id, { name: "Gender" })).status).toBe(200);
    // A custom attribute may not take a built-in one's name either.
    expect((await create(adminToken, { name: "gender", kind: "category" })).status).toBe(409);
  });

  it("refuses other roles and bad input with a JSON error; nothing changes", async () => {
    const db = await getDb();
    const before = await db.attributeDefinition.count();
    const auditsBefore = await db.auditRecord.count({ where: { entityType: "AttributeDefinition" } });
    const gender = await db.attributeDefinition.findUniqueOrThrow({ where: { key: "gender" } });
    for (const token of otherTokens) {
      expect((await list(token)).status).toBe(403);
      expect((await create(token, { name: "Sneaky", kind: "category" })).status).toBe(403);
      expect((await patch(token, gender.id, { name: "Sneaky" })).status).toBe(403);
      expect((await remove(token, gender.id)).status).toBe(403);
    }
    expect((await list("")).status).toBe(401);
    for (const body of [{}, { name: "", kind: "category" }, { name: "   ", kind: "category" }, { name: "x".repeat(101), kind: "category" }, { name: "Ok", kind: "colour" }, { name: "Ok", kind: "category", visibility: "everyone" }, { name: "Ok", kind: "category", extra: 1 }, { name: 5, kind: "category" }]) {
      const res = await create(adminToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
    expect((await patch(adminToken, "abc", { name: "Ok" })).status).toBe(404); // a path that names nothing
    expect((await patch(adminToken, gender.id, { visibility: "managers" })).status).toBe(400);
    expect((await callRoute(oneRoute.action as never, { method: "PUT", path: `/api/v1/admin/attributes/${gender.id}`, token: adminToken, params: { id: String(gender.id) }, body: {} })).status).toBe(405);
    expect(await db.attributeDefinition.count()).toBe(before);
    expect(await db.auditRecord.count({ where: { entityType: "AttributeDefinition" } })).toBe(auditsBefore);
  });
});
