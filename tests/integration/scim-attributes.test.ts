/**
 * People attribute values over SCIM (issue 29 §1, ADR 0110): the extension urn:ietf:params:scim:schemas:extension:pmr:
 * attributes:2.0:User in /Schemas (one string attribute per attribute kept as a value, SCIM names from keys and names)
 * and /ResourceTypes; values set by POST, kept when a PUT leaves the extension out, replaced (and cleared) by a PUT
 * carrying it, changed by PATCH paths into the extension (add, replace, remove, a no-path value, the whole URN);
 * refused values are 400 invalidValue with nothing kept; every change one `user.attributes` record with the token as
 * actor; a change moves the resource's version; filters still work and one on an attribute value is invalidFilter.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomInt } from "node:crypto";
import { getDb } from "~/platform/db.server";
import { SYSTEM_ACTOR } from "~/platform/audit.server";
import { createScimToken } from "~/features/scim/tokens.server";
import { createAttribute, deleteAttribute } from "~/features/insights/attributes.server";
import { ATTRIBUTES_SCHEMA } from "~/features/scim/protocol";
import { scimClient, scimPatch } from "../support/scim";
import * as attributesRoute from "~/routes/api.v1.admin.users.$id.attributes";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { directoryImportJob, runJobActivitiesToEnd } from "../support/job-run";

// Digits only: an attribute's SCIM name is its name in camel case, which would capitalise a tag that starts with a letter.
const tag = String(randomInt(10_000_000, 100_000_000));
const LABEL = `Entra ${tag}`;
let token: string;
let cost: { id: number; name: string };
let hours: { id: number; name: string };
let gender: number;
let employment: number;
const COST = `costCenter${tag}`;
const HOURS = `hoursPerWeek${tag}`;

beforeAll(async () => {
  token = (await createScimToken(SYSTEM_ACTOR, LABEL)).token;
  cost = await createAttribute(SYSTEM_ACTOR, { name: `Cost center ${tag}`, kind: "category" });
  hours = await createAttribute(SYSTEM_ACTOR, { name: `Hours per week ${tag}`, kind: "number" });
  const db = await getDb();
  gender = (await db.attributeDefinition.findUniqueOrThrow({ where: { key: "gender" } })).id;
  employment = (await db.attributeDefinition.findUniqueOrThrow({ where: { key: "employment_type" } })).id;
});

afterAll(async () => {
  for (const a of [cost, hours]) await deleteAttribute(SYSTEM_ACTOR, a.id).catch(() => undefined);
});

const { scim, email, userBody } = scimClient(() => token, tag);
const patch = scimPatch;

async function values(scimId: string): Promise<Record<number, string>> {
  const db = await getDb();
  const u = await db.user.findUniqueOrThrow({ where: { scimId }, select: { id: true } });
  return Object.fromEntries((await db.attributeValue.findMany({ where: { userId: u.id } })).map((v) => [v.attributeId, v.value]));
}

async function audits(scimId: string) {
  const db = await getDb();
  const u = await db.user.findUniqueOrThrow({ where: { scimId }, select: { id: true } });
  const rows = await db.auditRecord.findMany({ where: { entityType: "User", entityId: String(u.id), action: "user.attributes" }, orderBy: { id: "asc" } });
  return rows.map((r) => ({ source: r.source, label: r.actorLabel, before: r.before, after: r.after }));
}

describe("SCIM people attribute extension", () => {
  it("is in /Schemas with one string attribute per attribute kept as a value and the start date, and in the User resource type", async () => {
    const schema = await scim("GET", `Schemas/${ATTRIBUTES_SCHEMA}`);
    expect(schema.status).toBe(200);
    const names = (schema.body.attributes as Array<{ name: string; type: string; description: string }>).map((a) => a.name);
    expect(names).toEqual(expect.arrayContaining(["gender", "employmentType", "startDate", COST, HOURS]));
    // The other built-ins kept in the user's own fields are not here (department: Enterprise; level, location: ours).
    expect(names).not.toEqual(expect.arrayContaining(["level"]));
    expect(names.filter((n) => ["department", "location"].includes(n))).toEqual([]);
    expect(schema.body.attributes.every((a: { type: string }) => a.type === "string")).toBe(true);
    const all = await scim("GET", "Schemas");
    expect(all.body.Resources.map((s: { id: string }) => s.id)).toContain(ATTRIBUTES_SCHEMA);
    const type = await scim("GET", "ResourceTypes/User");
    expect(type.body.schemaExtensions).toContainEqual({ schema: ATTRIBUTES_SCHEMA, required: false });
  });

  it("POST sets values; a PUT without the extension keeps them, one with it replaces and clears; audited with the token", async () => {
    const created = await scim("POST", "Users", userBody("ada", { [ATTRIBUTES_SCHEMA]: { Gender: "Woman", [COST]: " CC-7 ", [HOURS]: 37.5 } }));
    expect(created.status).toBe(201);
    expect(created.body.schemas).toContain(ATTRIBUTES_SCHEMA);
    expect(created.body[ATTRIBUTES_SCHEMA]).toEqual({ gender: "Woman", [COST]: "CC-7", [HOURS]: "37.5" });
    const id: string = created.body.id;
    expect(await values(id)).toEqual({ [gender]: "Woman", [cost.id]: "CC-7", [hours.id]: "37.5" });
    expect(await audits(id)).toEqual([{ source: "scim", label: LABEL, before: { Gender: null, [cost.name]: null, [hours.name]: null }, after: { Gender: "Woman", [cost.name]: "CC-7", [hours.name]: "37.5" } }]);

    const kept = await scim("PUT", `Users/${id}`, userBody("ada", { title: "Engineer" }));
    expect(kept.status).toBe(200);
    expect(kept.body[ATTRIBUTES_SCHEMA]).toEqual({ gender: "Woman", [COST]: "CC-7", [HOURS]: "37.5" });

    const replaced = await scim("PUT", `Users/${id}`, userBody("ada", { [ATTRIBUTES_SCHEMA]: { gender: "Woman", employmentType: "Full-time" } }));
    expect(replaced.status).toBe(200);
    expect(replaced.body[ATTRIBUTES_SCHEMA]).toEqual({ gender: "Woman", employmentType: "Full-time" });
    expect(await values(id)).toEqual({ [gender]: "Woman", [employment]: "Full-time" });
    expect((await audits(id)).at(-1)).toEqual({
      source: "scim",
      label: LABEL,
      before: { "Employment type": null, [cost.name]: "CC-7", [hours.name]: "37.5" },
      after: { "Employment type": "Full-time", [cost.name]: null, [hours.name]: null },
    });
    // The same PUT again changes nothing: no record, the same version.
    const n = (await audits(id)).length;
    const again = await scim("PUT", `Users/${id}`, userBody("ada", { [ATTRIBUTES_SCHEMA]: { gender: "Woman", employmentType: "Full-time" } }));
    expect(again.body.meta.version).toBe(replaced.body.meta.version);
    expect((await audits(id)).length).toBe(n);
  });

  it("PATCH paths into the extension add, replace and remove values; a change moves the version; a bad value is 400 and keeps nothing", async () => {
    const created = await scim("POST", "Users", userBody("bob"));
    expect(created.body.schemas).not.toContain(ATTRIBUTES_SCHEMA);
    const id: string = created.body.id;
    const v0 = created.body.meta.version;
    const added = await scim("PATCH", `Users/${id}`, patch({ op: "add", path: `${ATTRIBUTES_SCHEMA}:gender`, value: "Man" }, { op: "Replace", path: `${ATTRIBUTES_SCHEMA}:${COST}`, value: "CC-1" }));
    expect(added.status).toBe(200);
    expect(added.body[ATTRIBUTES_SCHEMA]).toEqual({ gender: "Man", [COST]: "CC-1" });
    expect(added.body.meta.version).not.toBe(v0);
    expect(added.headers.get("ETag")).toBe(added.body.meta.version);
    // Entra's no-path shape with the extension as an object; only what it names changes.
    const noPath = await scim("PATCH", `Users/${id}`, patch({ op: "replace", value: { [ATTRIBUTES_SCHEMA]: { [HOURS]: "20" } } }));
    expect(noPath.body[ATTRIBUTES_SCHEMA]).toEqual({ gender: "Man", [COST]: "CC-1", [HOURS]: "20" });
    const removed = await scim("PATCH", `Users/${id}`, patch({ op: "remove", path: `${ATTRIBUTES_SCHEMA}:${COST}` }));
    expect(removed.body[ATTRIBUTES_SCHEMA]).toEqual({ gender: "Man", [HOURS]: "20" });
    expect(await values(id)).toEqual({ [gender]: "Man", [hours.id]: "20" });
    expect((await audits(id)).map((a) => a.after)).toEqual([{ Gender: "Man", [cost.name]: "CC-1" }, { [hours.name]: "20" }, { [cost.name]: null }]);

    const bad = await scim("PATCH", `Users/${id}`, patch({ op: "replace", path: "title", value: "Lead" }, { op: "replace", path: `${ATTRIBUTES_SCHEMA}:${HOURS}`, value: "lots" }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ scimType: "invalidValue", detail: `${ATTRIBUTES_SCHEMA}:${HOURS}: Enter a number, e.g. 12 or 37.5` });
    const after = await scim("GET", `Users/${id}`);
    expect(after.body.title).toBeUndefined();
    expect(after.body[ATTRIBUTES_SCHEMA]).toEqual({ gender: "Man", [HOURS]: "20" });
    const wrongType = await scim("POST", "Users", userBody("cat", { [ATTRIBUTES_SCHEMA]: { gender: true } }));
    expect(wrongType).toMatchObject({ status: 400, body: { scimType: "invalidValue", detail: "gender must be a string" } });
    expect(await (await getDb()).user.findFirst({ where: { email: email("cat") } })).toBeNull();

    // Removing the whole extension clears every value.
    const cleared = await scim("PATCH", `Users/${id}`, patch({ op: "remove", path: ATTRIBUTES_SCHEMA }));
    expect(cleared.status).toBe(200);
    expect(cleared.body[ATTRIBUTES_SCHEMA]).toBeUndefined();
    expect(await values(id)).toEqual({});
  });

  it("filters and attribute projection still work; a filter on an attribute value is invalidFilter", async () => {
    const created = await scim("POST", "Users", userBody("dee", { [ATTRIBUTES_SCHEMA]: { gender: "Woman" } }));
    const found = await scim("GET", `Users?filter=${encodeURIComponent(`userName eq "${email("dee")}"`)}`);
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0][ATTRIBUTES_SCHEMA]).toEqual({ gender: "Woman" });
    const only = await scim("GET", `Users/${created.body.id}?attributes=${encodeURIComponent(`${ATTRIBUTES_SCHEMA}:gender`)}`);
    expect(only.body).toEqual({ id: created.body.id, schemas: created.body.schemas, [ATTRIBUTES_SCHEMA]: { gender: "Woman" } });
    const without = await scim("GET", `Users/${created.body.id}?excludedAttributes=${encodeURIComponent(ATTRIBUTES_SCHEMA)}`);
    expect(without.body[ATTRIBUTES_SCHEMA]).toBeUndefined();
    const byValue = await scim("GET", `Users?filter=${encodeURIComponent(`${ATTRIBUTES_SCHEMA}:gender eq "Woman"`)}`);
    expect(byValue).toMatchObject({ status: 400, body: { scimType: "invalidFilter" } });
  });
});

describe("the resource's version when values change through another channel (ADR 0117)", () => {
  it("moves with the admin API's and the directory import's changes, stays when they change nothing; a stale If-Match is 412", async () => {
    const admin = await createTestUser({ role: "SUPER_ADMIN", name: `Version Admin ${tag}` });
    const adminToken = await bearerFor(admin.id);
    const created = await scim("POST", "Users", userBody("eve", { [ATTRIBUTES_SCHEMA]: { gender: "Woman" } }));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const userId = (await (await getDb()).user.findUniqueOrThrow({ where: { scimId: id }, select: { id: true } })).id;
    const version = async () => {
      const read = await scim("GET", `Users/${id}`);
      expect(read.headers.get("ETag")).toBe(read.body.meta.version);
      return { version: read.body.meta.version as string, lastModified: read.body.meta.lastModified as string, values: read.body[ATTRIBUTES_SCHEMA] };
    };
    const v0 = await version();

    // The admin page's channel (its API: the same writer) changes employment type: a new version, lastModified later.
    const put = (value: string) =>
      callRoute(attributesRoute.action as never, { method: "PUT", path: `/api/v1/admin/users/${userId}/attributes`, token: adminToken, body: { values: [{ attribute_id: employment, value }] }, params: { id: String(userId) } });
    expect((await put("Part-time")).status).toBe(200);
    const v1 = await version();
    expect(v1.values).toEqual({ gender: "Woman", employmentType: "Part-time" });
    expect(v1.version).not.toBe(v0.version);
    expect(v1.lastModified > v0.lastModified).toBe(true);
    // The identity provider's write with the version it read before is refused (412), nothing kept.
    const stale = await scim("PATCH", `Users/${id}`, patch({ op: "replace", path: `${ATTRIBUTES_SCHEMA}:gender`, value: "Man" }), { "If-Match": v0.version });
    expect(stale.status).toBe(412);
    // The same value again changes nothing: the same version.
    expect((await put("Part-time")).status).toBe(200);
    expect((await version()).version).toBe(v1.version);

    // The directory CSV import changes gender: a new version; the same file again: none.
    const lines = ["email,name,gender", `${email("eve")},Eve Tester,Man`];
    await runJobActivitiesToEnd(await directoryImportJob(lines, admin.id), { userId: admin.id, realUserId: admin.id, source: "api" }, 10);
    const v2 = await version();
    expect(v2.values).toEqual({ gender: "Man", employmentType: "Part-time" });
    expect(v2.version).not.toBe(v1.version);
    await runJobActivitiesToEnd(await directoryImportJob(lines, admin.id), { userId: admin.id, realUserId: admin.id, source: "api" }, 10);
    expect((await version()).version).toBe(v2.version);
    // The version the identity provider holds now is accepted.
    expect((await scim("PATCH", `Users/${id}`, patch({ op: "replace", path: "title", value: "Analyst" }), { "If-Match": v2.version })).status).toBe(200);
  });
});

describe("the start date on SCIM (ADR 0117)", () => {
  it("is the extension's startDate: set, kept by a PUT without the extension, patched, refused when not a date, cleared", async () => {
    const db = await getDb();
    const startOf = async (scimId: string) => (await db.user.findUniqueOrThrow({ where: { scimId }, select: { startDate: true } })).startDate?.toISOString().slice(0, 10) ?? null;
    const created = await scim("POST", "Users", userBody("fay", { [ATTRIBUTES_SCHEMA]: { startDate: "2021-03-15", gender: "Woman" } }));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body[ATTRIBUTES_SCHEMA]).toEqual({ gender: "Woman", startDate: "2021-03-15" });
    expect(await startOf(id)).toBe("2021-03-15");
    // The directory's own audit of the field, with the token as actor; no attribute value row for it.
    const userId = (await db.user.findUniqueOrThrow({ where: { scimId: id }, select: { id: true } })).id;
    expect(await db.attributeValue.count({ where: { userId, attribute: { key: "start_date" } } })).toBe(0);

    const kept = await scim("PUT", `Users/${id}`, userBody("fay", { title: "Designer" }));
    expect(kept.status).toBe(200);
    expect(await startOf(id)).toBe("2021-03-15");

    const patched = await scim("PATCH", `Users/${id}`, patch({ op: "replace", path: `${ATTRIBUTES_SCHEMA}:startDate`, value: "2022-01-10" }));
    expect(patched.status).toBe(200);
    expect(patched.body[ATTRIBUTES_SCHEMA].startDate).toBe("2022-01-10");
    expect(patched.body.meta.version).not.toBe(kept.body.meta.version);
    const audit = await db.auditRecord.findFirstOrThrow({ where: { entityType: "User", entityId: String(userId), action: "user.update", source: "scim", actorLabel: LABEL }, orderBy: { id: "desc" } });
    expect(audit.after).toMatchObject({ start_date: "2022-01-10" });

    const refused = await scim("PATCH", `Users/${id}`, patch({ op: "replace", path: `${ATTRIBUTES_SCHEMA}:startDate`, value: "15/03/2021" }, { op: "replace", path: "title", value: "Lead" }));
    expect(refused).toMatchObject({ status: 400, body: { scimType: "invalidValue" } });
    expect(await startOf(id)).toBe("2022-01-10");
    expect((await scim("GET", `Users/${id}`)).body.title).toBe("Designer");

    const removed = await scim("PATCH", `Users/${id}`, patch({ op: "remove", path: `${ATTRIBUTES_SCHEMA}:startDate` }));
    expect(removed.status).toBe(200);
    expect(await startOf(id)).toBeNull();
    expect(removed.body[ATTRIBUTES_SCHEMA]).toEqual({ gender: "Woman" });
  });
});
