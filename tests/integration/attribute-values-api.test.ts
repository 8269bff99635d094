/**
 * People's attribute values through GET/PUT /api/v1/admin/users/{id}/attributes (issue 29 §1, ADR 0109), on the real
 * database: super admins read and set every attribute of everyone; HR partners only for their people (HR partner in a
 * cycle or in the directory) and only attributes of visibility `hr`; everyone else 403. A PUT is all or nothing: one
 * refused value (per kind, built-in column attribute, unknown id, out of reach) is 422 with each reason and nothing
 * changes. Every change writes one `user.attributes` audit with before/after by attribute name; none when unchanged.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { AttributeDefinition, User } from "~/generated/prisma/client.ts";
import * as route from "~/routes/api.v1.admin.users.$id.attributes";
import { readAttributeValues } from "~/features/insights/attribute-values.server";
import { bearerFor, callRoute, createTestUser } from "../support/api";

let admin: User, hr: User, person: User, cyclePerson: User, stranger: User, hrOps: User;
let tokens: Record<"admin" | "hr" | "person" | "hrOps" | "manager", string>;
let gender: AttributeDefinition, level: AttributeDefinition, band: AttributeDefinition, secret: AttributeDefinition, joined: AttributeDefinition;

beforeAll(async () => {
  const db = await getDb();
  const tag = randomUUID().slice(0, 6);
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Values Admin" });
  hr = await createTestUser({ role: "PEOPLE_PARTNER", name: "Values HR" });
  hrOps = await createTestUser({ role: "HR_OPS", name: "Values Ops" });
  const manager = await createTestUser({ name: "Values Manager" });
  person = await createTestUser({ name: "Values Person", hrPartnerId: hr.id, managerId: manager.id });
  cyclePerson = await createTestUser({ name: "Values Cycle Person" });
  stranger = await createTestUser({ name: "Values Stranger" });
  await db.user.update({ where: { id: person.id }, data: { level: "L4", location: "Lisbon", startDate: new Date("2021-04-01T00:00:00Z") } });
  const cycle = await db.cycle.create({ data: { name: `Values ${tag}`, state: "CALIBRATION", workflowId: `values-${tag}`, startDate: new Date() } });
  await db.participant.create({ data: { cycleId: cycle.id, userId: cyclePerson.id, hrPartnerId: hr.id } });
  gender = await db.attributeDefinition.findUniqueOrThrow({ where: { key: "gender" } });
  level = await db.attributeDefinition.findUniqueOrThrow({ where: { key: "level" } });
  band = await db.attributeDefinition.create({ data: { name: `Band ${tag}`, kind: "CATEGORY" } });
  secret = await db.attributeDefinition.create({ data: { name: `Secret score ${tag}`, kind: "NUMBER", visibility: "SUPER_ADMINS" } });
  joined = await db.attributeDefinition.create({ data: { name: `Joined ${tag}`, kind: "DATE" } });
  const [a, h, p, o, m] = await Promise.all([admin, hr, person, hrOps, manager].map((u) => bearerFor(u.id)));
  tokens = { admin: a!, hr: h!, person: p!, hrOps: o!, manager: m! };
});

const get = (token: string, id: number | string) => callRoute(route.loader as never, { path: `/api/v1/admin/users/${id}/attributes`, token, params: { id: String(id) } });
const put = (token: string, id: number | string, body: unknown) => callRoute(route.action as never, { method: "PUT", path: `/api/v1/admin/users/${id}/attributes`, token, body, params: { id: String(id) } });
const valueOf = (body: { attributes: Array<{ attribute_id: number; value: string | null }> }, id: number) => body.attributes.find((a) => a.attribute_id === id)?.value;
const audits = async (userId: number) => (await getDb()).auditRecord.findMany({ where: { action: "user.attributes", entityType: "User", entityId: String(userId) }, orderBy: { id: "asc" } });
const stored = async (userId: number) => (await getDb()).attributeValue.findMany({ where: { userId }, orderBy: { attributeId: "asc" }, select: { attributeId: true, value: true } });

describe("GET/PUT /api/v1/admin/users/{id}/attributes as a super admin", () => {
  it("lists every attribute with the person's values, the column ones from the directory fields and not editable", async () => {
    const res = await get(tokens.admin, person.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user_id).toBe(person.id);
    const ids = res.body.attributes.map((a: { attribute_id: number }) => a.attribute_id);
    for (const d of [gender, level, band, secret, joined]) expect(ids).toContain(d.id);
    expect(res.body.attributes.find((a: { key: string }) => a.key === "level")).toMatchObject({ value: "L4", editable: false, kind: "category" });
    expect(res.body.attributes.find((a: { key: string }) => a.key === "start_date")).toMatchObject({ value: "2021-04-01", editable: false });
    expect(res.body.attributes.find((a: { key: string }) => a.key === "gender")).toMatchObject({ value: null, editable: true });
    expect(res.body.attributes.find((a: { attribute_id: number }) => a.attribute_id === secret.id)).toMatchObject({ visibility: "super_admins", kind: "number" });
    expect((await get(tokens.admin, 2_000_000_000)).status).toBe(404);
  });

  it("sets, keeps and clears values, one audit per change with before/after by name, none when nothing changed", async () => {
    const res = await put(tokens.admin, person.id, { values: [{ attribute_id: gender.id, value: "  Zeta-Gender-7 " }, { attribute_id: band.id, value: "Xylo-Band" }, { attribute_id: secret.id, value: "007.50" }, { attribute_id: joined.id, value: "2020-02-29" }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(valueOf(res.body, gender.id)).toBe("Zeta-Gender-7");
    expect(valueOf(res.body, secret.id)).toBe("7.5");
    expect(valueOf(res.body, joined.id)).toBe("2020-02-29");
    const [first] = await audits(person.id);
    expect(first).toMatchObject({ actorId: admin.id, realActorId: admin.id, source: "api", before: { Gender: null, [band.name]: null, [secret.name]: null, [joined.name]: null }, after: { Gender: "Zeta-Gender-7", [band.name]: "Xylo-Band", [secret.name]: "7.5", [joined.name]: "2020-02-29" } });

    // The same values again: nothing changes, no audit.
    const again = await put(tokens.admin, person.id, { values: [{ attribute_id: gender.id, value: "Zeta-Gender-7" }, { attribute_id: secret.id, value: "7.5" }] });
    expect(again.status).toBe(200);
    expect(await audits(person.id)).toHaveLength(1);

    // Clearing (null or blank) deletes the row; the audit holds only what changed.
    const cleared = await put(tokens.admin, person.id, { values: [{ attribute_id: band.id, value: null }, { attribute_id: joined.id, value: "  " }, { attribute_id: gender.id, value: "Zeta-Gender-7" }] });
    expect(cleared.status).toBe(200);
    expect(valueOf(cleared.body, band.id)).toBeNull();
    const last = (await audits(person.id)).at(-1)!;
    expect(last.before).toEqual({ [band.name]: "Xylo-Band", [joined.name]: "2020-02-29" });
    expect(last.after).toEqual({ [band.name]: null, [joined.name]: null });
    expect(await stored(person.id)).toEqual([{ attributeId: gender.id, value: "Zeta-Gender-7" }, { attributeId: secret.id, value: "7.5" }].sort((a, b) => a.attributeId - b.attributeId));

    // readAttributeValues: the columns and the stored values, by person and attribute id.
    const read = (await readAttributeValues([person.id, stranger.id])).get(person.id)!;
    expect(read[gender.id]).toBe("Zeta-Gender-7");
    expect(read[level.id]).toBe("L4");
    expect(read[band.id]).toBeUndefined();
    expect((await readAttributeValues([stranger.id])).get(stranger.id)).toEqual({});
  });

  it("refuses the whole PUT when any value is refused, saying each reason; nothing changes", async () => {
    const before = await stored(person.id);
    const auditCount = (await audits(person.id)).length;
    const res = await put(tokens.admin, person.id, {
      values: [
        { attribute_id: band.id, value: "Fine value" },
        { attribute_id: joined.id, value: "2026-02-30" },
        { attribute_id: secret.id, value: "1e3" },
        { attribute_id: gender.id, value: "two\nlines" },
        { attribute_id: level.id, value: "L9" },
        { attribute_id: 2_000_000_000, value: "x" },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.code).toBe("validation_failed");
    const codes = Object.fromEntries(res.body.error.details.values.map((v: { attribute_id: number; code: string }) => [v.attribute_id, v.code]));
    expect(codes).toEqual({
      [joined.id]: "attributeValues.error.date",
      [secret.id]: "attributeValues.error.number",
      [gender.id]: "attributeValues.error.control",
      [level.id]: "attributeValues.error.column",
      2000000000: "attributeValues.error.unknown",
    });
    expect(res.body.error.details.values.find((v: { attribute_id: number }) => v.attribute_id === joined.id).message).toBe("Enter a date as yyyy-mm-dd, e.g. 2024-03-31");
    const dup = await put(tokens.admin, person.id, { values: [{ attribute_id: band.id, value: "a" }, { attribute_id: band.id, value: "b" }] });
    expect(dup.status).toBe(422);
    expect(dup.body.error.details.values[0].code).toBe("attributeValues.error.duplicate");
    expect((await put(tokens.admin, person.id, { values: [{ attribute_id: band.id, value: "x".repeat(101) }] })).body.error.details.values[0].code).toBe("attributeValues.error.tooLong");
    expect(await stored(person.id)).toEqual(before);
    expect(await audits(person.id)).toHaveLength(auditCount);
    expect((await (await getDb()).user.findUniqueOrThrow({ where: { id: person.id } })).level).toBe("L4");
  });

  it("answers a malformed body with a 400 JSON error", async () => {
    for (const body of [{}, { values: [] }, { values: [{ attribute_id: "1", value: "x" }] }, { values: [{ attribute_id: band.id, value: 3 }] }, { values: [{ attribute_id: band.id, value: "x", extra: 1 }] }, { values: [], more: true }]) {
      const res = await put(tokens.admin, person.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: "validation_failed" });
    }
    // A path id that is no id names nothing: 404, as every /api/v1 path.
    expect((await put(tokens.admin, "abc", { values: [{ attribute_id: band.id, value: "x" }] })).status).toBe(404);
  });
});

describe("HR partners and everyone else", () => {
  it("an HR partner reads and sets the HR-visible attributes of their people (directory or cycle), never the super-admin ones", async () => {
    for (const who of [person, cyclePerson]) {
      const res = await get(tokens.hr, who.id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const ids = res.body.attributes.map((a: { attribute_id: number }) => a.attribute_id);
      expect(ids).toContain(gender.id);
      expect(ids).toContain(band.id);
      expect(ids).not.toContain(secret.id);
      expect(JSON.stringify(res.body)).not.toContain("7.5");
    }
    const set = await put(tokens.hr, cyclePerson.id, { values: [{ attribute_id: band.id, value: "Band by HR" }] });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await audits(cyclePerson.id)).at(-1)).toMatchObject({ actorId: hr.id, after: { [band.name]: "Band by HR" } });
    // A super-admin-only attribute is unknown to them: refused, nothing written.
    const refused = await put(tokens.hr, cyclePerson.id, { values: [{ attribute_id: secret.id, value: "5" }] });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.values[0].code).toBe("attributeValues.error.unknown");
    expect(await (await getDb()).attributeValue.findMany({ where: { userId: cyclePerson.id, attributeId: secret.id } })).toEqual([]);
  });

  it("refuses an HR partner someone else's people, and every other role anyone's (the person too)", async () => {
    const db = await getDb();
    const before = await db.attributeValue.count();
    for (const [token, id] of [
      [tokens.hr, stranger.id],
      [tokens.hr, hr.id],
      [tokens.person, person.id],
      [tokens.manager, person.id],
      [tokens.hrOps, person.id],
    ] as const) {
      const read = await get(token, id);
      expect(read.status, `GET ${id}`).toBe(403);
      expect(JSON.stringify(read.body)).not.toContain("Zeta-Gender-7");
      expect((await put(token, id, { values: [{ attribute_id: band.id, value: "Intruder" }] })).status, `PUT ${id}`).toBe(403);
    }
    expect(await db.attributeValue.count()).toBe(before);
    expect((await get("", person.id)).status).toBe(401);
  });
});
