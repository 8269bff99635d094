/**
 * Erasing a person (ADR 0053) takes their people attribute values with it (issue 29 §1, ADR 0109), as it empties their
 * level, location, department and start date: the AttributeValue rows go, and the `user.attributes` audits keep which
 * attributes changed, when and by whom, never the values. Nobody else's values are touched. The personal data export
 * of a person holds their own values, every attribute whatever its visibility (the export is theirs: ADR 0117), and
 * nobody else's.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { erasePerson } from "~/features/privacy/erase.server";
import { collectPersonData, personExportZip } from "~/features/privacy/export.server";
import { readStoredZip } from "~/platform/zip-store.server";
import { readAttributeValues, setAttributeValues } from "~/features/insights/attribute-values.server";
import { createTestUser } from "../support/api";

/** A super admin as actor, the person and another one (named so), and the built-in gender attribute. */
async function world(personName: string, otherName: string) {
  const db = await getDb();
  const admin = await createTestUser({ role: "SUPER_ADMIN" });
  const actor = { userId: admin.id, realUserId: admin.id, source: "api" as const };
  const [person, other] = await Promise.all([createTestUser({ name: personName }), createTestUser({ name: otherName })]);
  const gender = await db.attributeDefinition.findUniqueOrThrow({ where: { key: "gender" } });
  return { db, tag: randomUUID().slice(0, 6), actor, person, other, gender };
}

describe("erasure and attribute values", () => {
  it("deletes the erased person's values, nulls them in their audits, and leaves others' alone", async () => {
    const { db, tag, actor, person, other, gender } = await world("Erased Person", "Kept Person");
    const band = await db.attributeDefinition.create({ data: { name: `Erasure band ${tag}`, kind: "CATEGORY" } });
    for (const u of [person, other]) {
      const r = await db.$transaction((tx) => setAttributeValues(tx, u.id, [{ attributeId: gender.id, value: `Zeta-${tag}` }, { attributeId: band.id, value: `Xylo-${tag}` }], actor));
      expect(r).toEqual({ changed: true, errors: [] });
    }
    await db.user.update({ where: { id: person.id }, data: { active: false, deactivatedAt: new Date(), level: "L5", location: "Oslo" } });

    const result = await db.$transaction((tx) => erasePerson(tx, actor, person.id), { timeout: 120_000, maxWait: 30_000 });
    expect(result.deleted.attribute_values).toBe(2);

    expect(await db.attributeValue.count({ where: { userId: person.id } })).toBe(0);
    expect((await readAttributeValues([person.id])).get(person.id)).toEqual({});
    const audits = await db.auditRecord.findMany({ where: { action: "user.attributes", entityId: String(person.id) } });
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toEqual({ Gender: null, [band.name]: null });
    expect(audits[0]!.after).toEqual({ Gender: null, [band.name]: null });
    expect(JSON.stringify(await db.auditRecord.findMany({ where: { entityType: "User", entityId: String(person.id) } }))).not.toContain(`-${tag}`);

    // The other person keeps theirs, and the audit of them.
    const kept = (await readAttributeValues([other.id])).get(other.id)!;
    expect(kept[gender.id]).toBe(`Zeta-${tag}`);
    expect(kept[band.id]).toBe(`Xylo-${tag}`);
    expect((await db.auditRecord.findFirstOrThrow({ where: { action: "user.attributes", entityId: String(other.id) } })).after).toEqual({ Gender: `Zeta-${tag}`, [band.name]: `Xylo-${tag}` });
  }, 300_000);
});

describe("the personal data export and attribute values", () => {
  it("holds the person's own values of every attribute (super admins only ones too), nobody else's; none once erased", async () => {
    const { db, tag, actor, person, other, gender } = await world("Exported Person", "Other Person");
    const secret = await db.attributeDefinition.create({ data: { name: `Export secret ${tag}`, kind: "NUMBER", visibility: "SUPER_ADMINS" } });
    await db.$transaction((tx) => setAttributeValues(tx, person.id, [{ attributeId: gender.id, value: `Mine-${tag}` }, { attributeId: secret.id, value: "37.5" }], actor));
    await db.$transaction((tx) => setAttributeValues(tx, other.id, [{ attributeId: gender.id, value: `Theirs-${tag}` }], actor));
    await db.user.update({ where: { id: person.id }, data: { location: `Oslo-${tag}` } });

    const data = await collectPersonData(db, person.id);
    const rows = data.sections.attribute_values!;
    expect(rows).toEqual(
      expect.arrayContaining([
        { attribute_id: gender.id, key: "gender", attribute: gender.name, kind: "category", visibility: gender.visibility.toLowerCase(), value: `Mine-${tag}` },
        { attribute_id: secret.id, key: null, attribute: secret.name, kind: "number", visibility: "super_admins", value: "37.5" },
        expect.objectContaining({ key: "location", value: `Oslo-${tag}` }),
      ]),
    );
    const zip = readStoredZip(personExportZip(data));
    expect(zip.get("attribute_values.csv")!.toString("utf8")).toContain(`Mine-${tag}`);
    // Another person's export: their own value only.
    const theirs = JSON.stringify(await collectPersonData(db, other.id));
    expect(theirs).toContain(`Theirs-${tag}`);
    expect(theirs).not.toContain(`Mine-${tag}`);
    expect(theirs).not.toContain(`Oslo-${tag}`);

    await db.user.update({ where: { id: person.id }, data: { active: false, deactivatedAt: new Date() } });
    await db.$transaction((tx) => erasePerson(tx, actor, person.id), { timeout: 120_000, maxWait: 30_000 });
    expect((await collectPersonData(db, person.id)).sections.attribute_values).toEqual([]);
  }, 300_000);
});
