/**
 * A user as a SCIM User resource and back (RFC 7643 §4.1, the Enterprise User extension §4.3 and ours;
 * docs/decisions/0051-scim-provisioning.md). PURE. What the resource says is what the server keeps: a PUT or a
 * patched resource is read whole (an attribute left out is cleared).
 */
import { isValidEmail, normalizeEmail } from "~/features/users/directory-rules";
import { canonicalTimeZone, isPreferredLanguage } from "~/platform/i18n/preferences";
import { START_DATE_KEY, readAttributeExtension, type ScimAttributeDef } from "./attribute-extension";
import { ATTRIBUTES_SCHEMA, ENTERPRISE_SCHEMA, PMR_SCHEMA, USER_SCHEMA, invalidSyntax, invalidValue, mutability, scimBoolean, scimString, versionOf } from "./protocol";

type Person = { scimId: string | null } | null;

/** The user columns a resource is made of. */
export type ScimUserRow = {
  scimId: string | null;
  scimExternalId: string | null;
  scimUserName: string | null;
  scimGivenName: string | null;
  scimFamilyName: string | null;
  scimPreferredLanguage: string | null;
  scimTimeZone: string | null;
  email: string;
  name: string;
  jobTitle: string | null;
  department: string | null;
  level: string | null;
  location: string | null;
  employeeNumber: string | null;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
  manager: Person;
  secondaryManager: Person;
  hrPartner: Person;
};

export const usersBase = (base: string) => `${base}/Users`;

function personRef(base: string, person: Person) {
  return person?.scimId ? { value: person.scimId, $ref: `${usersBase(base)}/${person.scimId}` } : undefined;
}

/** Drops undefined members (a null attribute is left out of a resource: RFC 7643 §2.5). */
function compact<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
}

/** `attributes`: the user's people attribute values by SCIM name (attributeExtension), none by default. */
export function userResource(row: ScimUserRow, base: string, attributes: Record<string, string> = {}) {
  const enterprise = compact({ employeeNumber: row.employeeNumber, department: row.department, manager: personRef(base, row.manager) });
  const ours = compact({ level: row.level, location: row.location, secondaryManager: personRef(base, row.secondaryManager), hrPartner: personRef(base, row.hrPartner) });
  return {
    schemas: [
      USER_SCHEMA,
      ...(Object.keys(enterprise).length ? [ENTERPRISE_SCHEMA] : []),
      ...(Object.keys(ours).length ? [PMR_SCHEMA] : []),
      ...(Object.keys(attributes).length ? [ATTRIBUTES_SCHEMA] : []),
    ],
    id: row.scimId!,
    ...compact({ externalId: row.scimExternalId }),
    userName: row.scimUserName ?? row.email,
    name: compact({ formatted: row.name, givenName: row.scimGivenName, familyName: row.scimFamilyName }),
    ...compact({ title: row.jobTitle, preferredLanguage: row.scimPreferredLanguage, timezone: row.scimTimeZone }),
    active: row.active,
    emails: [{ value: row.email, type: "work" }],
    ...(Object.keys(enterprise).length ? { [ENTERPRISE_SCHEMA]: enterprise } : {}),
    ...(Object.keys(ours).length ? { [PMR_SCHEMA]: ours } : {}),
    ...(Object.keys(attributes).length ? { [ATTRIBUTES_SCHEMA]: attributes } : {}),
    meta: {
      resourceType: "User",
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${usersBase(base)}/${row.scimId}`,
      version: versionOf(row.updatedAt),
    },
  };
}

export type ScimUserResource = ReturnType<typeof userResource>;

/** What a User resource asks the server to keep (people by SCIM id; null clears). */
export type ScimUserInput = {
  userName: string;
  email: string;
  name: string;
  givenName: string | null;
  familyName: string | null;
  title: string | null;
  /** RFC 7643 §4.1.1 preferredLanguage (an Accept-Language value) and timezone (IANA), as sent; ADR 0096. */
  preferredLanguage: string | null;
  timezone: string | null;
  active: boolean;
  externalId: string | null;
  employeeNumber: string | null;
  department: string | null;
  level: string | null;
  location: string | null;
  managerId: string | null;
  secondaryManagerId: string | null;
  hrPartnerId: string | null;
  /** People attribute values by attribute id (null: none), or null when the resource does not carry them (ADR 0110). */
  attributes: Record<number, string | null> | null;
  /** The start date (yyyy-mm-dd as sent; null clears) from the attribute extension, undefined when the resource does
   *  not carry the extension (kept as it is, as the values are: ADR 0117). A user field, written with the others. */
  startDate?: string | null;
};

/** The extension's values split: the start date (a user field) apart from the values kept as values. */
function splitStartDate(values: Record<number, string | null> | null, defs: readonly ScimAttributeDef[]): Pick<ScimUserInput, "attributes" | "startDate"> {
  const start = defs.find((d) => d.key === START_DATE_KEY);
  if (values === null || !start) return { attributes: values };
  const { [start.attributeId]: startDate = null, ...attributes } = values;
  return { attributes, startDate };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** An attribute by name, ignoring case (RFC 7643 §2.1), also when written with the core schema's URN. */
function get(o: Record<string, unknown>, name: string): unknown {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(o)) {
    const key = k.toLowerCase();
    if (key === wanted || key === `${USER_SCHEMA.toLowerCase()}:${wanted}`) return v;
  }
  return undefined;
}

/** An extension's object; its attributes may also come flat as "urn:…:User:attr" (a patched resource). */
function extension(o: Record<string, unknown>, urn: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const nested = get(o, urn);
  if (nested !== undefined && nested !== null && !isObject(nested)) throw invalidSyntax(`${urn} must be an object`);
  Object.assign(out, nested ?? {});
  const prefix = `${urn.toLowerCase()}:`;
  for (const [k, v] of Object.entries(o)) if (k.toLowerCase().startsWith(prefix)) out[k.slice(prefix.length)] = v;
  return out;
}

/** A reference to a user: `{ value }`, or the bare id (Entra ID's manager). */
function personId(value: unknown, what: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value.trim() || null;
  if (isObject(value)) return scimString(get(value, "value"), `${what}.value`);
  throw invalidValue(`${what} must be an object with the SCIM id of a user in value`);
}

function emailOf(emails: unknown, userName: string): string {
  if (emails !== undefined && emails !== null && !Array.isArray(emails)) throw invalidValue("emails must be a list");
  const list = ((emails as unknown[] | undefined) ?? []).filter(isObject);
  const pick =
    list.find((e) => String(get(e, "type") ?? "").toLowerCase() === "work") ??
    list.find((e) => get(e, "primary") === true || String(get(e, "primary")).toLowerCase() === "true") ??
    list[0];
  const value = pick ? scimString(get(pick, "value"), "emails.value") : null;
  const email = normalizeEmail(value ?? (isValidEmail(normalizeEmail(userName)) ? userName : ""));
  if (!email) throw invalidValue("A work email is required (emails, or a userName that is an email address)");
  if (!isValidEmail(email)) throw invalidValue(`${email} is not a valid email address`);
  return email;
}

/** preferredLanguage: BCP 47 tags in the form of an Accept-Language value ("zh-CN", "zh-CN, en;q=0.8"). */
function preferredLanguageOf(value: unknown): string | null {
  const text = scimString(value, "preferredLanguage");
  if (text !== null && !isPreferredLanguage(text)) {
    throw invalidValue(`preferredLanguage ${JSON.stringify(text.slice(0, 80))} is not a BCP 47 language tag (or an Accept-Language list of them, e.g. "zh-CN, en;q=0.8")`);
  }
  return text;
}

/** timezone: an IANA time zone this server knows ("Asia/Shanghai"), kept in the runtime's spelling. */
function timeZoneOf(value: unknown): string | null {
  const text = scimString(value, "timezone");
  if (text === null) return null;
  const zone = canonicalTimeZone(text);
  if (!zone) throw invalidValue(`timezone ${JSON.stringify(text.slice(0, 80))} is not an IANA time zone (e.g. "Asia/Shanghai")`);
  return zone;
}

/**
 * Reads a whole User resource (POST, PUT, or the resource after a PATCH). `current` is the user's resource id when
 * it exists: an `id` that differs is a change of a read-only attribute (mutability).
 */
export function readUserResource(body: unknown, current: { id: string } | null = null, attributes: readonly ScimAttributeDef[] = []): ScimUserInput {
  if (!isObject(body)) throw invalidSyntax("The body must be a JSON object (a User resource)");
  const id = get(body, "id");
  if (current && id !== undefined && id !== current.id) throw mutability("id is read-only");
  const userName = scimString(get(body, "userName"), "userName");
  if (!userName) throw invalidValue("userName is required");
  if (userName.length > 320) throw invalidValue("userName is at most 320 characters");
  const nameObj = get(body, "name");
  if (nameObj !== undefined && nameObj !== null && !isObject(nameObj)) throw invalidValue("name must be an object");
  const name = (nameObj ?? {}) as Record<string, unknown>;
  const givenName = scimString(get(name, "givenName"), "name.givenName");
  const familyName = scimString(get(name, "familyName"), "name.familyName");
  const formatted = scimString(get(name, "formatted"), "name.formatted");
  const displayName = scimString(get(body, "displayName"), "displayName");
  const activeValue = get(body, "active");
  const enterprise = extension(body, ENTERPRISE_SCHEMA);
  const ours = extension(body, PMR_SCHEMA);
  return {
    userName,
    email: emailOf(get(body, "emails"), userName),
    name: formatted ?? ([givenName, familyName].filter(Boolean).join(" ") || displayName || userName),
    givenName,
    familyName,
    title: scimString(get(body, "title"), "title"),
    preferredLanguage: preferredLanguageOf(get(body, "preferredLanguage")),
    timezone: timeZoneOf(get(body, "timezone")),
    active: activeValue === undefined || activeValue === null ? true : scimBoolean(activeValue, "active"),
    externalId: scimString(get(body, "externalId"), "externalId"),
    employeeNumber: scimString(get(enterprise, "employeeNumber"), "employeeNumber"),
    department: scimString(get(enterprise, "department"), "department"),
    level: scimString(get(ours, "level"), "level"),
    location: scimString(get(ours, "location"), "location"),
    managerId: personId(get(enterprise, "manager"), "manager"),
    secondaryManagerId: personId(get(ours, "secondaryManager"), "secondaryManager"),
    hrPartnerId: personId(get(ours, "hrPartner"), "hrPartner"),
    ...splitStartDate(readAttributeExtension(body, attributes), attributes),
  };
}
