import { getDb, type Tx } from "~/platform/db.server";
import { recordAudit, type Actor } from "~/platform/audit.server";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { AttributeDefinition } from "~/generated/prisma/client.ts";
import { ATTRIBUTE_VALUES_AUDIT, parseAttributeValue, type AttributeValueError, type PersonAttribute } from "~/features/insights/attribute-value-rules";

/**
 * People's attribute values (issue 29 §1, docs/decisions/0109): the one module that writes them (the directory's admin
 * page and API, the directory CSV import, SCIM) and reads them (those, and the insights). Built-in level, location,
 * department and start date live in the User columns, edited as before through the directory; gender, employment
 * type and custom attributes live in AttributeValue. Values are sensitive: never in a participant's, manager's,
 * panelist's page, payload or export (tests/integration/attribute-values-no-leak.test.ts).
 */

export { ATTRIBUTE_VALUES_AUDIT, parseAttributeValue, type AttributeValueError, type PersonAttribute };

/** One value to set; null or "" (after trimming) clears it. */
export type AttributeValueInput = { attributeId: number; value: string | null };

/** The built-in attributes whose values are User columns (edited with the person's other directory fields). */
export const COLUMN_ATTRIBUTE_KEYS = ["level", "location", "department", "start_date"] as const;
export type ColumnAttributeKey = (typeof COLUMN_ATTRIBUTE_KEYS)[number];
export const isColumnAttribute = (key: string | null): key is ColumnAttributeKey => key !== null && (COLUMN_ATTRIBUTE_KEYS as readonly string[]).includes(key);

/** Who reads or edits: super admins every attribute; HR partners (for their people) attributes of visibility `hr`. */
export type AttributeReach = "super_admins" | "hr";
export const reachesAttribute = (reach: AttributeReach, def: Pick<AttributeDefinition, "visibility">): boolean =>
  reach === "super_admins" || def.visibility === "HR";

const KIND = { CATEGORY: "category", DATE: "date", NUMBER: "number" } as const;

export type AttributeValueFailure = { attributeId: number } & AttributeValueError;

const failure = (attributeId: number, key: TranslationKey, en: string): AttributeValueFailure => ({ attributeId, key, en });

/**
 * Sets (or clears) values of one person inside the caller's transaction, all or nothing: with any error nothing is
 * written. Unknown ids, attributes out of `reach` (answered as unknown, so their existence is not told) and the
 * built-in column attributes are refused. One audit record `user.attributes` for the person (before/after: attribute
 * name → value, null when unset, the changed attributes only), none when nothing changed; a change moves the person's
 * updatedAt (their SCIM resource's version).
 */
export async function setAttributeValues(
  tx: Tx,
  userId: number,
  inputs: AttributeValueInput[],
  actor: Actor,
  reach: AttributeReach = "super_admins",
): Promise<{ changed: boolean; errors: AttributeValueFailure[] }> {
  const ids = [...new Set(inputs.map((i) => i.attributeId))];
  const defs = new Map((await tx.attributeDefinition.findMany({ where: { id: { in: ids } } })).map((d) => [d.id, d]));
  const errors: AttributeValueFailure[] = [];
  const wanted = new Map<number, string | null>();
  for (const input of inputs) {
    const def = defs.get(input.attributeId);
    if (!def || !reachesAttribute(reach, def)) {
      errors.push(failure(input.attributeId, "attributeValues.error.unknown", "No such attribute"));
      continue;
    }
    if (isColumnAttribute(def.key)) {
      errors.push(failure(input.attributeId, "attributeValues.error.column", "This attribute is edited with the person's directory fields"));
      continue;
    }
    if (wanted.has(def.id)) {
      errors.push(failure(input.attributeId, "attributeValues.error.duplicate", "This attribute is given more than once"));
      continue;
    }
    const raw = input.value?.trim() ?? "";
    if (raw === "") {
      wanted.set(def.id, null);
      continue;
    }
    const parsed = parseAttributeValue(KIND[def.kind], raw);
    if (!parsed.ok) errors.push({ attributeId: def.id, key: parsed.key, en: parsed.en });
    else wanted.set(def.id, parsed.value);
  }
  if (errors.length) return { changed: false, errors };

  const current = new Map(
    (await tx.attributeValue.findMany({ where: { userId, attributeId: { in: [...wanted.keys()] } }, select: { attributeId: true, value: true } })).map((v) => [v.attributeId, v.value]),
  );
  const before: Record<string, string | null> = {};
  const after: Record<string, string | null> = {};
  const clear: number[] = [];
  for (const [attributeId, value] of wanted) {
    const old = current.get(attributeId) ?? null;
    if (old === value) continue;
    const name = defs.get(attributeId)!.name;
    before[name] = old;
    after[name] = value;
    if (value === null) clear.push(attributeId);
    else await tx.attributeValue.upsert({ where: { userId_attributeId: { userId, attributeId } }, create: { userId, attributeId, value }, update: { value } });
  }
  if (clear.length) await tx.attributeValue.deleteMany({ where: { userId, attributeId: { in: clear } } });
  const changed = Object.keys(after).length > 0;
  if (changed) {
    await recordAudit(tx, actor, { action: ATTRIBUTE_VALUES_AUDIT, entityType: "User", entityId: userId, before, after });
    // The person's record changed, whichever channel wrote it (admin page, API, CSV import, SCIM): their updatedAt moves,
    // which is their SCIM resource's meta.version (ETag) and lastModified (ADR 0117).
    await tx.user.update({ where: { id: userId }, data: { updatedAt: new Date() } });
  }
  return { changed, errors: [] };
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The built-in attributes' ids by their key (the column each one reads). */
export type ColumnAttributeIds = ReadonlyMap<ColumnAttributeKey, number>;

/** A person's directory columns that are attribute values. */
export type AttributeColumns = { level: string | null; location: string | null; department: string | null; startDate: Date | null };

/**
 * One person's values, keyed by attribute id: the built-in column ones (level, location, department: their text;
 * start date: yyyy-mm-dd; blank is unset) and the stored ones. The one rule of readAttributeValues and of the
 * insights' population statement, which reads the same columns and rows in its own statement (ADR 0116).
 */
export function attributeValuesOf(columnIds: ColumnAttributeIds, user: AttributeColumns, stored: Iterable<{ attributeId: number; value: string }>): Record<number, string> {
  const row: Record<number, string> = {};
  const set = (key: ColumnAttributeKey, value: string | null) => {
    const id = columnIds.get(key);
    if (id !== undefined && value !== null && value.trim() !== "") row[id] = value;
  };
  set("level", user.level);
  set("location", user.location);
  set("department", user.department);
  set("start_date", user.startDate ? isoDate(user.startDate) : null);
  for (const v of stored) row[v.attributeId] = v.value;
  return row;
}

/** The built-in column attributes' ids from attribute definitions (keys of the others are not columns). */
export const columnAttributeIds = (defs: Iterable<{ id: number; key: string | null }>): ColumnAttributeIds => {
  const ids = new Map<ColumnAttributeKey, number>();
  for (const d of defs) if (isColumnAttribute(d.key)) ids.set(d.key, d.id);
  return ids;
};

/**
 * Every attribute value of the given people, built-in column ones included (level, location, department: their text;
 * start date: yyyy-mm-dd), keyed by person then attribute id; a person without values maps to {}. Unset values are
 * absent. For the directory's admin page and API and the insights; never for a participant's, manager's or panelist's
 * page.
 */
export async function readAttributeValues(userIds: readonly number[], db?: Tx): Promise<Map<number, Record<number, string>>> {
  const out = new Map<number, Record<number, string>>();
  if (!userIds.length) return out;
  const client = db ?? (await getDb());
  const ids = [...new Set(userIds)];
  const [columns, users, values] = await Promise.all([
    client.attributeDefinition.findMany({ where: { key: { in: [...COLUMN_ATTRIBUTE_KEYS] } }, select: { id: true, key: true } }),
    client.user.findMany({ where: { id: { in: ids } }, select: { id: true, level: true, location: true, department: true, startDate: true } }),
    client.attributeValue.findMany({ where: { userId: { in: ids } }, select: { userId: true, attributeId: true, value: true } }),
  ]);
  const columnIds = columnAttributeIds(columns);
  const stored = new Map<number, Array<{ attributeId: number; value: string }>>();
  for (const v of values) (stored.get(v.userId) ?? stored.set(v.userId, []).get(v.userId)!).push(v);
  for (const u of users) out.set(u.id, attributeValuesOf(columnIds, u, stored.get(u.id) ?? []));
  return out;
}


type PersonAttributeDef = Pick<AttributeDefinition, "id" | "key" | "name" | "kind" | "visibility">;

/** The attributes within `reach` of one person with their values: built-in first (migration order), then custom by name. */
export async function readPersonAttributes(userId: number, reach: AttributeReach, db?: Tx): Promise<PersonAttribute[]> {
  const client = db ?? (await getDb());
  // One statement (the admin user page's reads stay within their round trips): the definitions, the person's columns
  // and stored values, joined by attributeValuesOf as readAttributeValues joins them.
  const [row] = await client.$queryRaw<Array<{ defs: PersonAttributeDef[] | null; person: (Omit<AttributeColumns, "startDate"> & { startDate: string | null }) | null; stored: Array<{ attributeId: number; value: string }> | null }>>`
    SELECT (SELECT json_agg(json_build_object('id', d.id, 'key', d.key, 'name', d.name, 'kind', d.kind, 'visibility', d.visibility) ORDER BY d.id)
              FROM "AttributeDefinition" d) AS defs,
           (SELECT json_build_object('level', u.level, 'location', u.location, 'department', u.department, 'startDate', u."startDate")
              FROM "User" u WHERE u.id = ${userId}) AS person,
           (SELECT json_agg(json_build_object('attributeId', v."attributeId", 'value', v.value))
              FROM "AttributeValue" v WHERE v."userId" = ${userId}) AS stored`;
  const defs = row?.defs ?? [];
  const person = row?.person;
  const mine = person ? attributeValuesOf(columnAttributeIds(defs), { ...person, startDate: person.startDate ? new Date(`${person.startDate}T00:00:00Z`) : null }, row?.stored ?? []) : {};
  const builtIn = defs.filter((d) => d.key !== null);
  const custom = defs.filter((d) => d.key === null).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return [...builtIn, ...custom]
    .filter((d) => reachesAttribute(reach, d))
    .map((d) => ({
      id: d.id,
      key: d.key,
      name: d.name,
      kind: KIND[d.kind],
      visibility: d.visibility === "HR" ? ("hr" as const) : ("super_admins" as const),
      value: mine[d.id] ?? null,
      editable: !isColumnAttribute(d.key),
    }));
}
