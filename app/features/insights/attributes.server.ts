import { getDb, type Tx } from "~/platform/db.server";
import { conflict, notFound } from "~/platform/api.server";
import { recordAudit, type Actor } from "~/platform/audit.server";
import type { AttributeDefinition } from "~/generated/prisma/client.ts";

/**
 * People attributes the fairness insights break down by (issue 29 §1, docs/decisions/0103): super admins define them
 * (name, kind, visibility: HR by default); the built-in ones (gender, start date, level, location, department,
 * employment type) come with the migration and can be renamed or narrowed to super admins, not deleted. Every change
 * is audited with the definition before and after. Definitions only: the values, and where they may appear, come
 * with the directory's attribute fields (never in a participant's, manager's or panelist's page, payload or export).
 */

export type AttributeKindJson = "category" | "date" | "number";
export type AttributeVisibilityJson = "hr" | "super_admins";

export type AttributeJson = {
  id: number;
  key: string | null;
  name: string;
  kind: AttributeKindJson;
  visibility: AttributeVisibilityJson;
  built_in: boolean;
  created_at: string;
  updated_at: string;
};

const KIND = { category: "CATEGORY", date: "DATE", number: "NUMBER" } as const;
const VISIBILITY = { hr: "HR", super_admins: "SUPER_ADMINS" } as const;

export function toAttributeJson(row: AttributeDefinition): AttributeJson {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    kind: row.kind.toLowerCase() as AttributeKindJson,
    visibility: row.visibility === "HR" ? "hr" : "super_admins",
    built_in: row.key !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const audited = (row: AttributeDefinition) => {
  const { id, key, name, kind, visibility } = toAttributeJson(row);
  return { id, key, name, kind, visibility };
};

/** Built-in ones first (in the migration's order), then custom ones by name. */
export async function listAttributes(): Promise<AttributeJson[]> {
  const db = await getDb();
  const rows = await db.attributeDefinition.findMany({ orderBy: { id: "asc" } });
  const builtIn = rows.filter((r) => r.key !== null);
  const custom = rows.filter((r) => r.key === null).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return [...builtIn, ...custom].map(toAttributeJson);
}

const attributeNotFound = (id: number) => notFound(`Attribute ${id} not found`);
const nameTaken = (name: string) => conflict(`An attribute named "${name}" exists already`, { field: "name" }, "attribute_name_taken");

/** Names are unique whatever their case ("Tenure" and "tenure" would be one column of every table). */
async function assertNameFree(tx: Tx, name: string, exceptId?: number): Promise<void> {
  const same = await tx.attributeDefinition.findFirst({ where: { name: { equals: name, mode: "insensitive" }, ...(exceptId ? { NOT: { id: exceptId } } : {}) }, select: { id: true } });
  if (same) throw nameTaken(name);
}

export async function createAttribute(actor: Actor, input: { name: string; kind: AttributeKindJson; visibility?: AttributeVisibilityJson }): Promise<AttributeJson> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await assertNameFree(tx, input.name);
    const row = await tx.attributeDefinition.create({ data: { name: input.name, kind: KIND[input.kind], visibility: VISIBILITY[input.visibility ?? "hr"] } });
    await recordAudit(tx, actor, { action: "attribute.create", entityType: "AttributeDefinition", entityId: row.id, before: null, after: audited(row) });
    return toAttributeJson(row);
  });
}

export async function updateAttribute(actor: Actor, id: number, patch: { name?: string; visibility?: AttributeVisibilityJson }): Promise<AttributeJson> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const before = await tx.attributeDefinition.findUnique({ where: { id } });
    if (!before) throw attributeNotFound(id);
    if (patch.name !== undefined) await assertNameFree(tx, patch.name, id);
    const row = await tx.attributeDefinition.update({
      where: { id },
      data: { ...(patch.name !== undefined ? { name: patch.name } : {}), ...(patch.visibility ? { visibility: VISIBILITY[patch.visibility] } : {}) },
    });
    await recordAudit(tx, actor, { action: "attribute.update", entityType: "AttributeDefinition", entityId: id, before: audited(before), after: audited(row) });
    return toAttributeJson(row);
  });
}

/** Deletes a custom attribute; a built-in one is refused (409 `built_in_attribute`). */
export async function deleteAttribute(actor: Actor, id: number): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const before = await tx.attributeDefinition.findUnique({ where: { id } });
    if (!before) throw attributeNotFound(id);
    if (before.key !== null) throw conflict("A built-in attribute cannot be deleted; rename it or limit who sees it", { key: before.key }, "built_in_attribute");
    await tx.attributeDefinition.delete({ where: { id } });
    await recordAudit(tx, actor, { action: "attribute.delete", entityType: "AttributeDefinition", entityId: id, before: audited(before), after: null });
  });
}
