/**
 * People attribute values on the SCIM User (issue 29 §1, docs/decisions/0110): an extension of ours,
 * ATTRIBUTES_SCHEMA, with one simple string attribute per people attribute kept as a value (built-in gender and
 * employment type, the custom ones); the built-ins kept in the user's own fields stay where they were mapped
 * (department in the Enterprise extension, level and location in PMR_SCHEMA), except the start date, which had no
 * SCIM attribute before: it is `startDate` here (yyyy-mm-dd), kept in the user's own field (ADR 0117). PURE.
 *
 * Names: SCIM attribute names are ALPHA *(ALPHA / DIGIT / "-" / "_") (RFC 7643 §2.1), a people attribute's name is
 * free text, so each gets one: a built-in its key in camel case (gender, employmentType: stable when renamed), a custom
 * one its name's ASCII words in camel case ("Cost center" → costCenter), `attribute<id>` when that leaves nothing or
 * starts with a digit, its id appended when another attribute has it already. The schema (/Schemas) lists them with
 * the attribute's name as description. Every value is a string (Entra ID maps custom attributes as simple strings
 * only): a category's text, a date yyyy-mm-dd, a number's decimal text (a JSON number is taken too).
 */
import { ATTRIBUTES_SCHEMA, invalidSyntax, invalidValue } from "./protocol";

/** `key`: a built-in attribute's (start_date: the one kept in a user field, START_DATE_KEY), null for a custom one. */
export type ScimAttributeDef = { attributeId: number; key: string | null; name: string; kind: "category" | "date" | "number"; scimName: string };

/** The built-in attribute the extension carries though the user's own field keeps it (not AttributeValue). */
export const START_DATE_KEY = "start_date";

const camel = (words: string[]) => words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join("");

/** The SCIM name of each attribute (in id order, so a name's first holder keeps it). */
export function scimAttributeDefs(defs: ReadonlyArray<{ id: number; key: string | null; name: string; kind: ScimAttributeDef["kind"] }>): ScimAttributeDef[] {
  const taken = new Set<string>();
  return [...defs]
    .sort((a, b) => a.id - b.id)
    .map((d) => {
      let name = camel((d.key ?? d.name).split(/[^A-Za-z0-9]+/).filter(Boolean));
      if (!/^[A-Za-z]/.test(name)) name = `attribute${d.id}`;
      if (taken.has(name.toLowerCase())) name = `${name}${d.id}`;
      taken.add(name.toLowerCase());
      return { attributeId: d.id, key: d.key, name: d.name, kind: d.kind, scimName: name };
    });
}

const FORMAT = { category: "text", date: "a date, yyyy-mm-dd", number: "a number, e.g. 37.5" } as const;

/** The schema's attributes (RFC 7643 §7), one per people attribute. */
export function attributeSchemaAttributes(defs: readonly ScimAttributeDef[]) {
  return defs.map((d) => ({
    name: d.scimName,
    type: "string" as const,
    multiValued: false,
    description:
      d.key === START_DATE_KEY
        ? `${d.name} (${FORMAT[d.kind]}); the person's start date in the directory, banded into tenure by the fairness insights`
        : `${d.name} (${FORMAT[d.kind]}); a people attribute for the fairness insights, shown only to HR`,
    required: false,
    caseExact: false,
    mutability: "readWrite" as const,
    returned: "default" as const,
    uniqueness: "none" as const,
  }));
}

/** The extension's object of a user with these values (by attribute id); empty when the user has none. */
export function attributeExtension(values: Readonly<Record<number, string>>, defs: readonly ScimAttributeDef[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of defs) if (values[d.attributeId] !== undefined) out[d.scimName] = values[d.attributeId]!;
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * What a resource says of the values: every attribute's value (null: none) when the resource carries the extension
 * (nested, or flat as "urn:…:User:name" after a PATCH), or null when it does not (a PUT or POST without it leaves the
 * values as they are: the identity provider does not keep them). Names ignore case; an unknown one is ignored, as an
 * attribute of the core schema the server does not keep is.
 */
export function readAttributeExtension(body: Record<string, unknown>, defs: readonly ScimAttributeDef[]): Record<number, string | null> | null {
  const urn = ATTRIBUTES_SCHEMA.toLowerCase();
  let found = false;
  const given: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    const key = k.toLowerCase();
    if (key === urn) {
      found = true;
      if (v === null) continue;
      if (!isObject(v)) throw invalidSyntax(`${ATTRIBUTES_SCHEMA} must be an object`);
      for (const [name, value] of Object.entries(v)) given[name.toLowerCase()] = value;
    } else if (key.startsWith(`${urn}:`)) {
      found = true;
      given[key.slice(urn.length + 1)] = v;
    }
  }
  if (!found) return null;
  const out: Record<number, string | null> = {};
  for (const d of defs) {
    const value = given[d.scimName.toLowerCase()];
    if (value === undefined || value === null) out[d.attributeId] = null;
    else if (typeof value === "string") out[d.attributeId] = value.trim() || null;
    else if (typeof value === "number" && d.kind === "number" && Number.isFinite(value)) out[d.attributeId] = String(value);
    else throw invalidValue(`${d.scimName} must be a string`);
  }
  return out;
}
