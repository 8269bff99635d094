/**
 * A SCIM filter on Users (RFC 7644 §3.4.2.2) as a Prisma condition on the user table, so a list is filtered and
 * paged by the database. PURE (Prisma types only). The expression is parsed by scim2-parse-filter
 * (docs/decisions/0051-scim-provisioning.md); this file maps its tree onto our columns. Attribute names are
 * case-insensitive, an extension's attributes may carry its URN; an unknown attribute or operator is invalidFilter.
 */
import { parse, type Filter } from "scim2-parse-filter";
import type { Prisma } from "~/generated/prisma/client.ts";
import { ENTERPRISE_SCHEMA, PMR_SCHEMA, USER_SCHEMA, invalidFilter } from "./protocol";

type Where = Prisma.UserWhereInput;
type Column = "scimUserName" | "email" | "scimExternalId" | "name" | "scimGivenName" | "scimFamilyName" | "jobTitle" | "scimId" | "employeeNumber" | "department" | "level" | "location";
type Target =
  | { kind: "string"; column: Column; caseExact: boolean }
  | { kind: "boolean"; column: "active" }
  | { kind: "date"; column: "createdAt" | "updatedAt" }
  | { kind: "person"; relation: "manager" | "secondaryManager" | "hrPartner" }
  | { kind: "emailType" };

const text = (column: Column, caseExact = false): Target => ({ kind: "string", column, caseExact });

/** Lower-cased attribute path (without the core schema's URN) → what it filters. */
const ATTRIBUTES: Record<string, Target> = {
  id: text("scimId", true),
  username: text("scimUserName"),
  externalid: text("scimExternalId", true),
  "name.formatted": text("name"),
  "name.givenname": text("scimGivenName"),
  "name.familyname": text("scimFamilyName"),
  title: text("jobTitle"),
  active: { kind: "boolean", column: "active" },
  emails: text("email"),
  "emails.value": text("email"),
  "emails.type": { kind: "emailType" },
  "meta.created": { kind: "date", column: "createdAt" },
  "meta.lastmodified": { kind: "date", column: "updatedAt" },
  [`${ENTERPRISE_SCHEMA}:employeenumber`.toLowerCase()]: text("employeeNumber"),
  [`${ENTERPRISE_SCHEMA}:department`.toLowerCase()]: text("department"),
  [`${ENTERPRISE_SCHEMA}:manager`.toLowerCase()]: { kind: "person", relation: "manager" },
  [`${ENTERPRISE_SCHEMA}:manager.value`.toLowerCase()]: { kind: "person", relation: "manager" },
  [`${PMR_SCHEMA}:level`.toLowerCase()]: text("level"),
  [`${PMR_SCHEMA}:location`.toLowerCase()]: text("location"),
  [`${PMR_SCHEMA}:secondarymanager`.toLowerCase()]: { kind: "person", relation: "secondaryManager" },
  [`${PMR_SCHEMA}:secondarymanager.value`.toLowerCase()]: { kind: "person", relation: "secondaryManager" },
  [`${PMR_SCHEMA}:hrpartner`.toLowerCase()]: { kind: "person", relation: "hrPartner" },
  [`${PMR_SCHEMA}:hrpartner.value`.toLowerCase()]: { kind: "person", relation: "hrPartner" },
};

function targetOf(path: string): Target {
  let p = path.trim().toLowerCase();
  const core = `${USER_SCHEMA.toLowerCase()}:`;
  if (p.startsWith(core)) p = p.slice(core.length);
  // Without its URN an extension's attribute is found by its name when no core attribute has it.
  const found = ATTRIBUTES[p] ?? ATTRIBUTES[`${ENTERPRISE_SCHEMA.toLowerCase()}:${p}`] ?? ATTRIBUTES[`${PMR_SCHEMA.toLowerCase()}:${p}`];
  if (!found) throw invalidFilter(`The filter names an attribute that cannot be filtered on: ${path}`);
  return found;
}

const NONE: Where = { id: { in: [] } };
const ALL: Where = {};

function stringCondition(op: string, value: unknown, column: Column, caseExact: boolean, path: string): Where {
  if (op === "pr") return { AND: [{ [column]: { not: null } }, { NOT: { [column]: "" } }] };
  if (value === null) {
    if (op === "eq") return { [column]: null };
    if (op === "ne") return { [column]: { not: null } };
  }
  if (typeof value !== "string") throw invalidFilter(`${path} is compared with a string`);
  const mode = caseExact ? undefined : ("insensitive" as const);
  const v = column === "email" ? value.trim() : value;
  switch (op) {
    case "eq":
      return { [column]: { equals: v, mode } };
    case "ne":
      return { OR: [{ [column]: null }, { NOT: { [column]: { equals: v, mode } } }] };
    case "co":
      return { [column]: { contains: v, mode } };
    case "sw":
      return { [column]: { startsWith: v, mode } };
    case "ew":
      return { [column]: { endsWith: v, mode } };
    case "gt":
    case "ge":
    case "lt":
    case "le":
      return { [column]: { [op === "ge" ? "gte" : op === "le" ? "lte" : op]: v } };
    default:
      throw invalidFilter(`Unknown operator ${op}`);
  }
}

function condition(op: string, path: string, value: unknown): Where {
  const target = targetOf(path);
  switch (target.kind) {
    case "string":
      return stringCondition(op, value, target.column, target.caseExact, path);
    case "boolean": {
      if (op === "pr") return ALL;
      const v = typeof value === "string" ? value.toLowerCase() === "true" ? true : value.toLowerCase() === "false" ? false : null : value;
      if (typeof v !== "boolean") throw invalidFilter(`${path} is compared with true or false`);
      if (op === "eq") return { active: v };
      if (op === "ne") return { active: !v };
      throw invalidFilter(`${path} can only be compared with eq, ne or pr`);
    }
    case "date": {
      if (op === "pr") return ALL;
      const date = typeof value === "string" ? new Date(value) : null;
      if (!date || Number.isNaN(date.getTime())) throw invalidFilter(`${path} is compared with a date-time`);
      const key = { eq: "equals", ne: "not", gt: "gt", ge: "gte", lt: "lt", le: "lte" }[op];
      if (!key) throw invalidFilter(`${path} cannot be compared with ${op}`);
      return { [target.column]: { [key]: date } };
    }
    case "person": {
      if (op === "pr") return { [target.relation]: { scimId: { not: null } } };
      if (typeof value !== "string" || (op !== "eq" && op !== "ne")) throw invalidFilter(`${path} is compared with eq or ne and a SCIM id`);
      const match: Where = { [target.relation]: { scimId: value } };
      return op === "eq" ? match : { NOT: match };
    }
    case "emailType": {
      // The one email is of type work.
      if (op === "pr") return ALL;
      if (typeof value !== "string") throw invalidFilter(`${path} is compared with a string`);
      const works = { eq: (v: string) => v === "work", ne: (v: string) => v !== "work", co: (v: string) => "work".includes(v), sw: (v: string) => "work".startsWith(v), ew: (v: string) => "work".endsWith(v) }[op];
      if (!works) throw invalidFilter(`${path} cannot be compared with ${op}`);
      return works(value.toLowerCase()) ? ALL : NONE;
    }
  }
}

function toWhere(f: Filter, prefix = ""): Where {
  switch (f.op) {
    case "and":
      return { AND: f.filters.map((x) => toWhere(x, prefix)) };
    case "or":
      return { OR: f.filters.map((x) => toWhere(x, prefix)) };
    case "not":
      return { NOT: toWhere(f.filter, prefix) };
    case "[]":
      // emails[type eq "work" and value co "x"]: the inner attributes are the multi-valued attribute's own.
      return toWhere(f.valFilter, `${prefix}${f.attrPath}.`);
    case "pr":
      return condition("pr", `${prefix}${f.attrPath}`, null);
    default:
      return condition(f.op, `${prefix}${f.attrPath}`, f.compValue);
  }
}

/** The condition a `filter` parameter stands for (all users when absent); invalidFilter when it cannot be read. */
export function userFilterWhere(filter: string | null): Where {
  if (filter === null || filter.trim() === "") return ALL;
  if (filter.length > 2000) throw invalidFilter("The filter is too long");
  let tree: Filter;
  try {
    tree = parse(filter);
  } catch (err) {
    throw invalidFilter(`The filter cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  return toWhere(tree);
}
