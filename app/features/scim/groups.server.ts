import { randomUUID } from "node:crypto";
import { filter as compileFilter, parse as parseFilter } from "scim2-parse-filter";
import type { Actor } from "~/platform/actor";
import { getDb, type Tx } from "~/platform/db.server";
import { recordAudit } from "~/platform/audit.server";
import type { ScimGroup } from "~/generated/prisma/client.ts";
import { updateDirectoryUser } from "~/features/users/directory.server";
import type { RoleName } from "~/features/users/roles";
import {
  DEFAULT_COUNT,
  GROUP_SCHEMA,
  LIST_SCHEMA,
  MAX_RESULTS,
  checkIfMatch,
  invalidFilter,
  invalidSyntax,
  invalidValue,
  mutability,
  scimNotFound,
  scimString,
  uniqueness,
  versionOf,
} from "./protocol";
import { GROUP_DISPLAY_NAMES, roleOfGroup } from "./groups-rules";
import { applyPatch, readPatchOperations } from "./patch";
import { scimErrorOf } from "./users.server";
import { usersBase } from "./user-resource";

/**
 * The SCIM Groups endpoint (docs/decisions/0051-scim-provisioning.md): three groups, each a role (groups-rules.ts).
 * A group's members are the SCIM-linked users holding its role; adding a member gives them the role, removing one
 * gives EMPLOYEE back, each through the directory's writer (audited, sessions end on a change of role). People not
 * linked to SCIM (the first admin made on the command line) are out of the identity provider's reach.
 */

type Member = { id: number; scimId: string };

async function membersOf(tx: Tx, role: RoleName): Promise<Member[]> {
  const rows = await tx.user.findMany({ where: { role, scimId: { not: null } }, select: { id: true, scimId: true }, orderBy: { id: "asc" } });
  return rows.map((r) => ({ id: r.id, scimId: r.scimId! }));
}

function groupResource(group: ScimGroup, members: Member[], base: string) {
  return {
    schemas: [GROUP_SCHEMA],
    id: group.id,
    ...(group.externalId ? { externalId: group.externalId } : {}),
    displayName: group.displayName,
    ...(members.length ? { members: members.map((m) => ({ value: m.scimId, $ref: `${usersBase(base)}/${m.scimId}`, type: "User" })) } : {}),
    meta: {
      resourceType: "Group",
      created: group.createdAt.toISOString(),
      lastModified: group.updatedAt.toISOString(),
      location: `${base}/Groups/${group.id}`,
      version: versionOf(group.updatedAt),
    },
  };
}
type GroupResource = ReturnType<typeof groupResource>;

async function inScim<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  try {
    return await db.$transaction(work, { timeout: 30_000 });
  } catch (err) {
    throw scimErrorOf(err);
  }
}

async function groupById(tx: Tx, id: string): Promise<ScimGroup> {
  const group = await tx.scimGroup.findUnique({ where: { id } });
  if (!group) throw scimNotFound(`No Group with id ${id}`);
  return group;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The SCIM ids a members list names (each `{ value }`). */
function memberIds(members: unknown): string[] {
  if (members === undefined || members === null) return [];
  if (!Array.isArray(members)) throw invalidValue("members must be a list");
  const ids = members.map((m, i) => {
    const value = isObject(m) ? scimString(m.value, `members[${i}].value`) : null;
    if (!value) throw invalidValue(`members[${i}] must hold the SCIM id of a User in value`);
    return value;
  });
  return [...new Set(ids)];
}

/** Makes the group's members exactly `wanted` (SCIM ids of linked users): joiners get the role, leavers EMPLOYEE. */
async function setMembers(tx: Tx, actor: Actor, group: ScimGroup, wanted: string[]): Promise<boolean> {
  const current = await membersOf(tx, group.role);
  const currentIds = new Set(current.map((m) => m.scimId));
  const wantedSet = new Set(wanted);
  let changed = false;
  for (const scimId of wanted) {
    if (currentIds.has(scimId)) continue;
    const user = await tx.user.findUnique({ where: { scimId }, select: { id: true } });
    if (!user) throw invalidValue(`members: no User with id ${scimId}`);
    await updateDirectoryUser(actor, user.id, { role: group.role }, { tx });
    changed = true;
  }
  for (const m of current) {
    if (wantedSet.has(m.scimId)) continue;
    await updateDirectoryUser(actor, m.id, { role: "EMPLOYEE" }, { tx });
    changed = true;
  }
  return changed;
}

function snapshot(group: ScimGroup, members: Member[]) {
  return { displayName: group.displayName, role: group.role, externalId: group.externalId, members: members.map((m) => m.scimId) };
}

/** Writes what changed (externalId, members), bumps the version and audits scim_group.update. */
async function change(tx: Tx, actor: Actor, group: ScimGroup, externalId: string | null, wanted: string[], base: string): Promise<GroupResource> {
  const before = snapshot(group, await membersOf(tx, group.role));
  const membersChanged = await setMembers(tx, actor, group, wanted);
  let row = group;
  if (membersChanged || externalId !== group.externalId) {
    row = await tx.scimGroup.update({ where: { id: group.id }, data: { externalId, updatedAt: new Date() } });
    const members = await membersOf(tx, group.role);
    await recordAudit(tx, actor, { action: "scim_group.update", entityType: "ScimGroup", entityId: group.id, before, after: snapshot(row, members) });
    return groupResource(row, members, base);
  }
  return groupResource(row, await membersOf(tx, group.role), base);
}

function readGroup(body: unknown): { displayName: string; externalId: string | null; members: string[] } {
  if (!isObject(body)) throw invalidSyntax("The body must be a JSON object (a Group resource)");
  const displayName = scimString(body.displayName, "displayName");
  if (!displayName) throw invalidValue("displayName is required");
  return { displayName, externalId: scimString(body.externalId, "externalId"), members: memberIds(body.members) };
}

export async function createScimGroup(actor: Actor, body: unknown, base: string): Promise<GroupResource> {
  const input = readGroup(body);
  const mapped = roleOfGroup(input.displayName);
  if (!mapped) throw invalidValue(`displayName must be one of ${GROUP_DISPLAY_NAMES.join(", ")} (each stands for a role)`);
  return inScim(async (tx) => {
    if (await tx.scimGroup.findFirst({ where: { OR: [{ role: mapped.role }, { displayName: mapped.displayName }] } })) {
      throw uniqueness(`The group ${mapped.displayName} already exists`);
    }
    const group = await tx.scimGroup.create({ data: { id: randomUUID(), displayName: mapped.displayName, role: mapped.role, externalId: input.externalId } });
    await recordAudit(tx, actor, { action: "scim_group.create", entityType: "ScimGroup", entityId: group.id, after: snapshot(group, []) });
    await setMembers(tx, actor, group, input.members);
    return groupResource(group, await membersOf(tx, group.role), base);
  });
}

export async function getScimGroup(id: string, base: string): Promise<GroupResource> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const group = await groupById(tx, id);
    return groupResource(group, await membersOf(tx, group.role), base);
  });
}

export async function listScimGroups(q: { filter: string | null; startIndex: number; count: number | null }, base: string) {
  let test: ((r: unknown) => boolean) | null = null;
  if (q.filter !== null && q.filter.trim() !== "") {
    if (q.filter.length > 2000) throw invalidFilter("The filter is too long");
    try {
      test = compileFilter(parseFilter(q.filter));
    } catch (err) {
      throw invalidFilter(`The filter cannot be read: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const db = await getDb();
  const all = await db.$transaction(async (tx) => {
    const groups = await tx.scimGroup.findMany({ orderBy: { createdAt: "asc" } });
    return Promise.all(groups.map(async (g) => groupResource(g, await membersOf(tx, g.role), base)));
  });
  const matching = test ? all.filter(test) : all;
  const count = Math.min(q.count ?? DEFAULT_COUNT, MAX_RESULTS);
  const page = matching.slice(q.startIndex - 1, q.startIndex - 1 + count);
  return { schemas: [LIST_SCHEMA], totalResults: matching.length, itemsPerPage: page.length, startIndex: q.startIndex, Resources: page };
}

/** PUT /Groups/{id}: displayName cannot change (it is the role: mutability); externalId and members as sent. */
export async function replaceScimGroup(actor: Actor, id: string, body: unknown, ifMatch: string | null, base: string): Promise<GroupResource> {
  const input = readGroup(body);
  return inScim(async (tx) => {
    const group = await groupById(tx, id);
    checkIfMatch(ifMatch, versionOf(group.updatedAt));
    if (roleOfGroup(input.displayName)?.role !== group.role) throw mutability("displayName cannot change: it is the role the group stands for");
    return change(tx, actor, group, input.externalId, input.members, base);
  });
}

/** PATCH /Groups/{id}: member add/remove (also `members[value eq "…"]`), externalId; displayName is immutable. */
export async function patchScimGroup(actor: Actor, id: string, body: unknown, ifMatch: string | null, base: string): Promise<GroupResource> {
  const operations = readPatchOperations(body);
  return inScim(async (tx) => {
    const group = await groupById(tx, id);
    checkIfMatch(ifMatch, versionOf(group.updatedAt));
    const current = groupResource(group, await membersOf(tx, group.role), base);
    const patched = applyPatch(current, operations) as Record<string, unknown>;
    const displayName = scimString(patched.displayName, "displayName");
    if (!displayName || roleOfGroup(displayName)?.role !== group.role) throw mutability("displayName cannot change: it is the role the group stands for");
    return change(tx, actor, group, scimString(patched.externalId, "externalId"), memberIds(patched.members), base);
  });
}

/** DELETE /Groups/{id}: the group goes, its members get EMPLOYEE back (a later POST of the name makes it again). */
export async function deleteScimGroup(actor: Actor, id: string, ifMatch: string | null): Promise<void> {
  await inScim(async (tx) => {
    const group = await groupById(tx, id);
    checkIfMatch(ifMatch, versionOf(group.updatedAt));
    const members = await membersOf(tx, group.role);
    await setMembers(tx, actor, group, []);
    await tx.scimGroup.delete({ where: { id } });
    await recordAudit(tx, actor, { action: "scim_group.delete", entityType: "ScimGroup", entityId: id, before: snapshot(group, members) });
  });
}
