/**
 * People attribute values over SCIM (issue 29 §1, ADR 0110): the extension urn:ietf:params:scim:schemas:extension:pmr:
 * attributes:2.0:User in /Schemas (one string attribute per attribute kept as a value, SCIM names from keys and names)
 * and /ResourceTypes; values set by POST, kept when a PUT leaves the extension out, replaced (and cleared) by a PUT
 * carrying it, changed by PATCH paths into the extension (add, replace, remove, a no-path value, the whole URN);
 * refused values are 400 invalidValue with nothing kept; every change one `user.attributes` record with the token as
 * actor; a change moves the resource's version; filters still work and one on an attribute value is invalidFilter.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { getDb } from "~/platform/db.server";
import { SYSTEM_ACTOR } from "~/platform/audit.server";
import { createScimToken } from "~/features/scim/tokens.server";
import { createAttribute, deleteAttribute } from "~/features/insights/attributes.server";
import { ATTRIBUTES_SCHEMA, PATCH_SCHEMA, USER_SCHEMA } from "~/features/scim/protocol";
import * as scimRoute from "~/routes/scim.v2.$";

const tag = randomUUID().slice(0, 8);
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

type Answer = { status: number; body: any; headers: Headers };

async function scim(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const h = new Headers({ Authorization: `Bearer ${token}`, ...headers });
  if (body !== undefined) h.set("Content-Type", "application/scim+json");
  const [pathname] = path.split("?");
  const request = new Request(`http://127.0.0.1/scim/v2/${path}`, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
  const handler = method === "GET" ? scimRoute.loader : scimRoute.action;
  const response = await handler({ request, params: { "*": pathname! }, context: {} } as never);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

const patch = (...Operations: unknown[]) => ({ schemas: [PATCH_SCHEMA], Operations });
const email = (name: string) => `${name}.${tag}@acme.example.com`;
const userBody = (name: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER_SCHEMA],
  userName: email(name),
  name: { givenName: name, familyName: "Tester" },
  emails: [{ value: email(name), type: "work" }],
  active: true,
  ...extra,
});

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
  it("is in /Schemas with one string attribute per attribute kept as a value, and in the User resource type", async () => {
    const schema = await scim("GET", `Schemas/${ATTRIBUTES_SCHEMA}`);
    expect(schema.status).toBe(200);
    const names = (schema.body.attributes as Array<{ name: string; type: string; description: string }>).map((a) => a.name);
    expect(names).toEqual(expect.arrayContaining(["gender", "employmentType", COST, HOURS]));
    // Built-ins kept in the user's own fields are not here (department: Enterprise; level, location: ours).
    expect(names).not.toEqual(expect.arrayContaining(["level"]));
    expect(names.filter((n) => ["department", "location", "startDate"].includes(n))).toEqual([]);
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
