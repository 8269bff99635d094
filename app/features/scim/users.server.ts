import { randomUUID } from "node:crypto";
import type { Actor } from "~/platform/actor";
import { getDb, type Tx } from "~/platform/db.server";
import { ApiError } from "~/platform/api.server";
import { recordAudit } from "~/platform/audit.server";
import { Prisma } from "~/generated/prisma/client.ts";
import { createDirectoryUser, updateDirectoryUser } from "~/features/users/directory.server";
import { directoryFields, writeDeferredLinks } from "./links.server";
import { normalizeEmail } from "~/features/users/directory-rules";
import {
  ATTRIBUTES_SCHEMA,
  DEFAULT_COUNT,
  ENTERPRISE_SCHEMA,
  LIST_SCHEMA,
  PMR_SCHEMA,
  MAX_RESULTS,
  ScimError,
  checkIfMatch,
  invalidValue,
  scimNotFound,
  uniqueness,
  versionOf,
} from "./protocol";
import { readUserResource, userResource, type ScimUserInput, type ScimUserResource, type ScimUserRow } from "./user-resource";
import { userFilterWhere } from "./user-filter";
import { applyPatch, readPatchOperations } from "./patch";
import { attributeExtensions, scimAttributes, writeResourceAttributes } from "./attributes.server";
import type { ScimAttributeDef } from "./attribute-extension";

/**
 * The SCIM Users endpoint's work (RFC 7644 §3; docs/decisions/0051-scim-provisioning.md). Every change goes through
 * the directory's one writer (users/directory.server.ts) with the SCIM actor, so the same rules hold and each change
 * is audited with source scim and the token's label; a deactivation ends the person's sessions and tokens there.
 * Only SCIM-linked users (scimId set) are resources: a SCIM DELETE deactivates the person and unlinks them (the
 * resource answers 404 afterwards; the person stays, deactivated, in past cycles, audit and reports).
 */

const PERSON = { select: { scimId: true, email: true } } as const;
const SELECT = {
  id: true,
  role: true,
  scimId: true,
  scimExternalId: true,
  scimUserName: true,
  scimGivenName: true,
  scimFamilyName: true,
  scimPreferredLanguage: true,
  scimTimeZone: true,
  email: true,
  name: true,
  jobTitle: true,
  department: true,
  level: true,
  location: true,
  employeeNumber: true,
  active: true,
  managerId: true,
  secondaryManagerId: true,
  hrPartnerId: true,
  createdAt: true,
  updatedAt: true,
  manager: PERSON,
  secondaryManager: PERSON,
  hrPartner: PERSON,
} as const satisfies Prisma.UserSelect;

type Row = ScimUserRow & { id: number; role: string; managerId: number | null; secondaryManagerId: number | null; hrPartnerId: number | null };

/** A refusal of the directory (ApiError) in the protocol's terms. */
export function scimErrorOf(err: unknown): unknown {
  if (err instanceof ApiError) {
    if (err.status === 409) return uniqueness(err.message);
    if (err.status === 404) return scimNotFound(err.message);
    // A 422 of the directory (a rule over valid values, ADR 0060) keeps its 400 code: SCIM's invalidValue.
    if (err.status === 400 || err.code === "bad_request") return invalidValue(err.message);
    return new ScimError(err.status, null, err.message);
  }
  if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
    return uniqueness("Another user already has this userName, email or employee number");
  }
  return err;
}

async function inScim<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  try {
    return await db.$transaction(work, { timeout: 20_000 });
  } catch (err) {
    throw scimErrorOf(err);
  }
}

async function rowByScimId(tx: Tx, scimId: string): Promise<Row> {
  const row = await tx.user.findUnique({ where: { scimId }, select: SELECT });
  if (!row) throw scimNotFound(`No User with id ${scimId}`);
  return row;
}

/** The user's resource with their people attribute values (ADR 0110). */
async function resourceOf(db: Tx, row: Row, base: string, defs: readonly ScimAttributeDef[]): Promise<ScimUserResource> {
  return userResource(row, base, (await attributeExtensions(db, [row.id], defs)).get(row.id));
}

export async function getScimUser(scimId: string, base: string): Promise<ScimUserResource> {
  const db = await getDb();
  const row = await db.user.findUnique({ where: { scimId }, select: SELECT });
  if (!row) throw scimNotFound(`No User with id ${scimId}`);
  return resourceOf(db as unknown as Tx, row, base, await scimAttributes(db));
}

export async function listScimUsers(q: { filter: string | null; startIndex: number; count: number | null }, base: string) {
  const where: Prisma.UserWhereInput = { AND: [{ scimId: { not: null } }, userFilterWhere(q.filter)] };
  const count = Math.min(q.count ?? DEFAULT_COUNT, MAX_RESULTS);
  const db = await getDb();
  const [total, rows, defs] = await Promise.all([
    db.user.count({ where }),
    count === 0 ? Promise.resolve([]) : db.user.findMany({ where, select: SELECT, orderBy: { id: "asc" }, skip: q.startIndex - 1, take: count }),
    scimAttributes(db),
  ]);
  const values = await attributeExtensions(db, rows.map((r) => r.id), defs);
  return { schemas: [LIST_SCHEMA], totalResults: total, itemsPerPage: rows.length, startIndex: q.startIndex, Resources: rows.map((r) => userResource(r, base, values.get(r.id))) };
}

async function assertUserNameFree(tx: Tx, userName: string, selfId: number | null) {
  const other = await tx.user.findFirst({ where: { scimUserName: { equals: userName, mode: "insensitive" }, ...(selfId ? { id: { not: selfId } } : {}) } });
  if (other) throw uniqueness(`A User with the userName ${userName} already exists`);
}

/**
 * The SCIM attributes the directory does not keep (userName, given and family name, preferredLanguage and timezone):
 * written and audited here.
 */
async function writeScimAttributes(tx: Tx, actor: Actor, id: number, input: ScimUserInput) {
  const before = await tx.user.findUniqueOrThrow({
    where: { id },
    select: { scimUserName: true, scimGivenName: true, scimFamilyName: true, scimPreferredLanguage: true, scimTimeZone: true },
  });
  const after = {
    scimUserName: input.userName,
    scimGivenName: input.givenName,
    scimFamilyName: input.familyName,
    scimPreferredLanguage: input.preferredLanguage,
    scimTimeZone: input.timezone,
  };
  if ((Object.keys(after) as Array<keyof typeof after>).every((k) => before[k] === after[k])) return;
  await tx.user.update({ where: { id }, data: after });
  await recordAudit(tx, actor, { action: "user.scim_attributes", entityType: "User", entityId: id, before, after });
}

/**
 * POST /Users. A person already in the directory and not linked to SCIM (made by an admin, imported, or unlinked
 * by a SCIM DELETE) is linked and re-activated when the userName or the email is theirs; a linked one is a
 * duplicate (409 uniqueness).
 */
export async function createScimUser(actor: Actor, body: unknown, base: string): Promise<ScimUserResource> {
  const defs = await scimAttributes();
  const input = readUserResource(body, null, defs);
  const scimId = randomUUID();
  return inScim(async (tx) => {
    const emails = [...new Set([input.email, normalizeEmail(input.userName)])];
    const candidates = await tx.user.findMany({
      where: { OR: [{ scimUserName: { equals: input.userName, mode: "insensitive" } }, { email: { in: emails, mode: "insensitive" } }] },
      select: { id: true, scimId: true },
    });
    if (candidates.some((c) => c.scimId !== null)) throw uniqueness(`A User with the userName ${input.userName} or the email ${input.email} already exists`);
    if (candidates.length > 1) throw uniqueness(`The userName ${input.userName} and the email ${input.email} belong to two different people`);
    const scim = { scimId, externalId: input.externalId };
    let id: number;
    if (candidates.length === 1) {
      id = candidates[0]!.id;
      const current = await tx.user.findUniqueOrThrow({ where: { id }, select: { managerId: true, secondaryManagerId: true, hrPartnerId: true } });
      const { fields, deferred } = await directoryFields(tx, input, current);
      await updateDirectoryUser(actor, id, fields, { tx, scim });
      await writeDeferredLinks(tx, actor, id, deferred);
    } else {
      await assertUserNameFree(tx, input.userName, null);
      const { fields, deferred } = await directoryFields(tx, input, null);
      id = (await createDirectoryUser(actor, { ...fields, email: input.email, name: input.name }, { tx, scim })).id;
      await writeDeferredLinks(tx, actor, id, deferred);
    }
    await writeScimAttributes(tx, actor, id, input);
    await writeResourceAttributes(tx, actor, id, input.attributes, undefined, defs);
    return resourceOf(tx, await rowByScimId(tx, scimId), base, defs);
  });
}

async function replaceWith(
  tx: Tx,
  actor: Actor,
  row: Row,
  input: ScimUserInput,
  base: string,
  defs: readonly ScimAttributeDef[],
  previous: ScimUserInput | null = null,
): Promise<ScimUserResource> {
  await assertUserNameFree(tx, input.userName, row.id);
  const { fields, deferred } = await directoryFields(tx, input, row, previous);
  await updateDirectoryUser(actor, row.id, fields, { tx, scim: { externalId: input.externalId } });
  await writeDeferredLinks(tx, actor, row.id, deferred);
  await writeScimAttributes(tx, actor, row.id, input);
  await writeResourceAttributes(tx, actor, row.id, input.attributes, previous ? previous.attributes : undefined, defs);
  return resourceOf(tx, await rowByScimId(tx, row.scimId!), base, defs);
}

/** PUT /Users/{id}: the resource as sent replaces the user's SCIM attributes (one left out is cleared). */
export async function replaceScimUser(actor: Actor, scimId: string, body: unknown, ifMatch: string | null, base: string): Promise<ScimUserResource> {
  const defs = await scimAttributes();
  return inScim(async (tx) => {
    const row = await rowByScimId(tx, scimId);
    checkIfMatch(ifMatch, versionOf(row.updatedAt));
    return replaceWith(tx, actor, row, readUserResource(body, { id: scimId }, defs), base, defs);
  });
}

/** PATCH /Users/{id}: the operations (scim-patch) applied to the current resource, the result kept as a PUT would. */
export async function patchScimUser(actor: Actor, scimId: string, body: unknown, ifMatch: string | null, base: string): Promise<ScimUserResource> {
  const operations = readPatchOperations(body);
  const defs = await scimAttributes();
  return inScim(async (tx) => {
    const row = await rowByScimId(tx, scimId);
    checkIfMatch(ifMatch, versionOf(row.updatedAt));
    const current = await resourceOf(tx, row, base, defs);
    const patched = applyPatch(current, operations, [ENTERPRISE_SCHEMA, PMR_SCHEMA, ATTRIBUTES_SCHEMA]);
    // A formatted name made of the given and family names follows them when only they change.
    const joined = [row.scimGivenName, row.scimFamilyName].filter(Boolean).join(" ");
    const name = (patched as { name?: Record<string, unknown> }).name;
    if (name && joined && row.name === joined && name.formatted === row.name) delete name.formatted;
    return replaceWith(tx, actor, row, readUserResource(patched, { id: scimId }, defs), base, defs, readUserResource(current, { id: scimId }, defs));
  });
}

/**
 * DELETE /Users/{id}: the person is deactivated (sessions and tokens end) and unlinked from SCIM, so the resource is
 * gone for the identity provider (404 afterwards, RFC 7644 §3.6) while the person and their history stay.
 */
export async function deleteScimUser(actor: Actor, scimId: string, ifMatch: string | null): Promise<void> {
  await inScim(async (tx) => {
    const row = await rowByScimId(tx, scimId);
    checkIfMatch(ifMatch, versionOf(row.updatedAt));
    await updateDirectoryUser(actor, row.id, { active: false }, { tx, scim: { scimId: null } });
  });
}

/** The user a SCIM id names (for group membership): its row id and role, or null. */
export async function linkedUserId(tx: Tx, scimId: string): Promise<{ id: number; role: string } | null> {
  return tx.user.findUnique({ where: { scimId }, select: { id: true, role: true } });
}
