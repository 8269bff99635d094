import { getDb, type Db, type Tx } from "~/platform/db.server";
import type { Actor } from "~/platform/actor";
import { isColumnAttribute, readAttributeValues, setAttributeValues } from "~/features/insights/attribute-values.server";
import { START_DATE_KEY, attributeExtension, scimAttributeDefs, type ScimAttributeDef } from "./attribute-extension";
import { ATTRIBUTES_SCHEMA, invalidValue } from "./protocol";

/**
 * The people attribute values of SCIM Users (docs/decisions/0110): read for the resources, written through the one
 * writer of values (setAttributeValues: checked per kind, one `user.attributes` audit record per person changed, the
 * SCIM token as actor). A SCIM token reaches every attribute, whatever its visibility: it is a super admin's
 * provisioning credential, which can give any linked person any role anyway (ADR 0110).
 */

const KIND = { CATEGORY: "category", DATE: "date", NUMBER: "number" } as const;

/**
 * The extension's attributes with their SCIM names: those kept as values, and the start date (a user field, which no
 * other SCIM attribute carried; level, location and department keep their mappings in PMR_SCHEMA and Enterprise).
 */
export async function scimAttributes(db?: Db | Tx): Promise<ScimAttributeDef[]> {
  const client = db ?? (await getDb());
  const defs = await client.attributeDefinition.findMany({ select: { id: true, key: true, name: true, kind: true } });
  return scimAttributeDefs(defs.filter((d) => !isColumnAttribute(d.key) || d.key === START_DATE_KEY).map((d) => ({ id: d.id, key: d.key, name: d.name, kind: KIND[d.kind] })));
}

/** Each user's extension object (SCIM name → value), by user id. */
export async function attributeExtensions(db: Db | Tx, userIds: readonly number[], defs: readonly ScimAttributeDef[]): Promise<Map<number, Record<string, string>>> {
  if (userIds.length === 0 || defs.length === 0) return new Map();
  const values = await readAttributeValues(userIds, db as Tx);
  return new Map(userIds.map((id) => [id, attributeExtension(values.get(id) ?? {}, defs)]));
}

/**
 * Keep the values a resource says. `previous` undefined (POST, PUT): every attribute of `given` (null when the
 * resource does not carry the extension: nothing changes). `previous` given (PATCH: the values before the operations,
 * null for none): only the attributes whose value the operations changed. A value its kind refuses is a 400
 * invalidValue and nothing of the request is kept (the caller's transaction). A change moves the resource's version.
 */
export async function writeResourceAttributes(
  tx: Tx,
  actor: Actor,
  userId: number,
  given: Record<number, string | null> | null,
  previous: Record<number, string | null> | null | undefined,
  defs: readonly ScimAttributeDef[],
): Promise<void> {
  let wanted: Record<number, string | null> = {};
  if (previous === undefined) {
    if (given === null) return;
    wanted = given;
  } else {
    for (const d of defs) {
      const after = given?.[d.attributeId] ?? null;
      if (after !== (previous?.[d.attributeId] ?? null)) wanted[d.attributeId] = after;
    }
  }
  const inputs = Object.entries(wanted).map(([id, value]) => ({ attributeId: Number(id), value }));
  if (inputs.length === 0) return;
  // A change moves the user's updatedAt (setAttributeValues, for every channel): meta.version and lastModified follow.
  const { errors } = await setAttributeValues(tx, userId, inputs, actor);
  if (errors.length) {
    const name = (id: number) => defs.find((d) => d.attributeId === id)?.scimName ?? String(id);
    throw invalidValue(errors.map((e) => `${ATTRIBUTES_SCHEMA}:${name(e.attributeId)}: ${e.en}`).join("; "));
  }
}
