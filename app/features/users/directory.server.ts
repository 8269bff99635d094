import type { Actor } from "~/platform/actor";
import { getDb, type Tx } from "~/platform/db.server";
import { ApiError, badRequest, conflict, unprocessable } from "~/platform/api.server";
import { pageMessage } from "~/platform/i18n/page-message";
import { refusalDetails } from "~/platform/i18n/refusal-key";
import { recordAudit } from "~/platform/audit.server";
import { endSessionsOfUser } from "~/platform/session.server";
import { revokeTokensOfUser } from "~/features/auth/tokens/service.server";
import type { AdminUser } from "~/features/users/contract.server";
import {
  findUserByEmail,
  findUserByEmployeeNumber,
  findUserDetail,
  insertUserRow,
  managerChainIds,
  updateUserRow,
  type UserDetailRow,
  type UserUpdate,
} from "~/features/users/model.server";
import {
  managerCycleRefusal,
  normalizeDirectoryInput,
  normalizeEmail,
  personLinkRefusal,
  type DirectoryInput,
  type FieldRefusal,
  type DirectoryPersonField,
  type NormalizedDirectoryInput,
} from "~/features/users/directory-rules";
import { adminUserJson, directorySnapshot } from "~/features/users/json.server";

/**
 * The user directory's one writer (docs/decisions/0050-user-directory.md): the admin pages, /api/v1/admin/users, the
 * SCIM server, the command line and (in set-based SQL stating the same rules) the directory import create and change
 * users here. Every rule is checked before anything is written; a refusal is an ApiError (409 for a duplicate email
 * or employee number, 400 otherwise, `details.field` naming the field, `details.message_key` its key: ADR 0108) and, the work being one transaction, leaves
 * the database as it was. Every change writes one audit record (user.create, user.update, user.deactivate,
 * user.reactivate) with the before/after snapshots of all directory fields.
 */

/** What a caller may set: the rules' DirectoryInput (undefined = leave as is, null = clear). */
export type DirectoryFields = DirectoryInput;

export const OWN_SUPER_ADMIN_ROLE_MESSAGE = "You cannot remove your own Super Admin role";
export const DEACTIVATE_SELF_MESSAGE = "You cannot deactivate your own account";

/** 404 for a user id that names no user (its key beside the English, ADR 0108). */
export const userNotFound = () => new ApiError(404, "not_found", "User not found", refusalDetails(pageMessage("users.refusal.notFound")));

/** A field's refusal as the API's `details`: the field it names and its key. */
const fieldDetails = (refusal: FieldRefusal) => refusalDetails(refusal.code, { field: refusal.field });

async function inTransaction<T>(tx: Tx | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (tx) return work(tx);
  const db = await getDb();
  return db.$transaction(work);
}

function normalized(input: DirectoryFields, requireIdentity: boolean): NormalizedDirectoryInput {
  const result = normalizeDirectoryInput(input, requireIdentity);
  if (!result.ok) throw badRequest(result.message, fieldDetails(result));
  return result.value;
}

async function assertEmailFree(tx: Tx, email: string, selfId: number | null) {
  const other = await findUserByEmail(tx, email);
  if (other && other.id !== selfId) {
    throw conflict(`A user with the email ${email} already exists`, refusalDetails(pageMessage("users.refusal.emailTaken", { email }), { field: "email" }));
  }
}

async function assertEmployeeNumberFree(tx: Tx, employeeNumber: string, selfId: number | null) {
  const other = await findUserByEmployeeNumber(tx, employeeNumber);
  if (other && other.id !== selfId) {
    const code = pageMessage("users.refusal.employeeNumberTaken", { number: employeeNumber });
    throw conflict(`Another user already has the employee number ${employeeNumber}`, refusalDetails(code, { field: "employee_number" }));
  }
}

const LINKS: Array<[DirectoryPersonField, "managerEmail" | "secondaryManagerEmail" | "hrPartnerEmail", "managerId" | "secondaryManagerId" | "hrPartnerId"]> = [
  ["manager_email", "managerEmail", "managerId"],
  ["secondary_manager_email", "secondaryManagerEmail", "secondaryManagerId"],
  ["hr_partner_email", "hrPartnerEmail", "hrPartnerId"],
];

/**
 * The manager / secondary manager / HR partner ids the input names (only those given). A person newly set must be
 * someone else, known and active; a link the user already has is kept as it is (even to a person deactivated since).
 * A new manager must not report, directly or not, to the user (no loops in the management chain).
 */
async function resolveLinks(tx: Tx, values: NormalizedDirectoryInput, self: { id: number | null; email: string }, before: UserDetailRow | null) {
  const out: Pick<UserUpdate, "managerId" | "secondaryManagerId" | "hrPartnerId"> = {};
  for (const [field, key, column] of LINKS) {
    const email = values[key];
    if (email === undefined) continue;
    if (email === null) {
      out[column] = null;
      continue;
    }
    const person = await findUserByEmail(tx, email);
    if (before && person && person.id === before[column] && person.id !== self.id) continue; // unchanged
    const refusal = personLinkRefusal(field, email, person, self);
    // Well-formed, but names no suitable person: 422 (ADR 0060, "Statuses of refusals").
    if (refusal) throw unprocessable(refusal.message, fieldDetails(refusal));
    out[column] = person!.id;
  }
  if (self.id !== null && out.managerId != null) {
    const refusal = managerCycleRefusal(self.id, out.managerId, await managerChainIds(tx, out.managerId), values.managerEmail!);
    if (refusal) throw unprocessable(refusal.message, fieldDetails(refusal));
  }
  return out;
}

/** The plain columns the input sets (not the links, not `active`). */
function plainColumns(values: NormalizedDirectoryInput): UserUpdate {
  const data: UserUpdate = {};
  if (values.email !== undefined) data.email = values.email;
  if (values.name !== undefined) data.name = values.name;
  if (values.role !== undefined) data.role = values.role;
  if (values.jobTitle !== undefined) data.jobTitle = values.jobTitle;
  if (values.department !== undefined) data.department = values.department;
  if (values.level !== undefined) data.level = values.level;
  if (values.location !== undefined) data.location = values.location;
  if (values.startDate !== undefined) data.startDate = values.startDate;
  if (values.employeeNumber !== undefined) data.employeeNumber = values.employeeNumber;
  return data;
}

const sameValue = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);

/**
 * Creates a user (role EMPLOYEE unless given; active unless `active: false`, then deactivated from the start).
 * `opts.scim` links the new user to a SCIM resource. Audited user.create.
 */
export async function createDirectoryUser(
  actor: Actor,
  input: DirectoryFields & { email: string; name: string },
  opts?: { tx?: Tx; scim?: { scimId: string; externalId?: string | null } },
): Promise<AdminUser> {
  const values = normalized(input, true);
  const email = values.email!;
  return inTransaction(opts?.tx, async (tx) => {
    await assertEmailFree(tx, email, null);
    if (values.employeeNumber) await assertEmployeeNumberFree(tx, values.employeeNumber, null);
    const links = await resolveLinks(tx, values, { id: null, email }, null);
    const active = values.active ?? true;
    const row = await insertUserRow(tx, {
      ...plainColumns(values),
      email,
      name: values.name!,
      ...links,
      active,
      deactivatedAt: active ? null : new Date(),
      scimId: opts?.scim?.scimId ?? null,
      scimExternalId: opts?.scim?.externalId ?? null,
    });
    const after = (await findUserDetail(tx, row.id))!;
    await recordAudit(tx, actor, { action: "user.create", entityType: "User", entityId: row.id, after: directorySnapshot(after) });
    return adminUserJson(after);
  });
}

/**
 * Changes the fields given (undefined: unchanged; null: cleared). `active: false` deactivates (deactivatedAt set,
 * every session and API token ended at once), `active: true` re-activates. A change of role also ends every session
 * and token (ADR 0039). An actor cannot remove their own Super Admin role nor deactivate themselves. `opts.scim`
 * sets or clears the SCIM link. Audited user.deactivate / user.reactivate when `active` changes, else user.update;
 * nothing is written (and no audit record) when nothing changes.
 */
export async function updateDirectoryUser(
  actor: Actor,
  id: number,
  patch: DirectoryFields,
  opts?: { tx?: Tx; scim?: { scimId?: string | null; externalId?: string | null } },
): Promise<AdminUser> {
  const values = normalized(patch, false);
  return inTransaction(opts?.tx, async (tx) => {
    const before = await findUserDetail(tx, id);
    if (!before) throw userNotFound();
    if (actor.userId === id) {
      if (before.role === "SUPER_ADMIN" && values.role !== undefined && values.role !== "SUPER_ADMIN") {
        throw unprocessable(OWN_SUPER_ADMIN_ROLE_MESSAGE, refusalDetails(pageMessage("users.refusal.ownSuperAdminRole"), { field: "role" }));
      }
      if (values.active === false) {
        throw unprocessable(DEACTIVATE_SELF_MESSAGE, refusalDetails(pageMessage("users.statusDialog.cannotDeactivateSelf"), { field: "active" }));
      }
    }
    const data: UserUpdate = {};
    for (const [key, value] of Object.entries(plainColumns(values)) as Array<[keyof UserUpdate, never]>) {
      if (!sameValue(value, before[key as keyof typeof before])) data[key] = value;
    }
    if (data.email !== undefined) await assertEmailFree(tx, data.email, id);
    if (data.employeeNumber) await assertEmployeeNumberFree(tx, data.employeeNumber, id);
    const links = await resolveLinks(tx, values, { id, email: data.email ?? normalizeEmail(before.email) }, before);
    for (const [, , column] of LINKS) {
      if (links[column] !== undefined && links[column] !== before[column]) data[column] = links[column];
    }
    if (values.active !== undefined && values.active !== before.active) {
      data.active = values.active;
      data.deactivatedAt = values.active ? null : new Date();
    }
    if (opts?.scim?.scimId !== undefined && opts.scim.scimId !== before.scimId) data.scimId = opts.scim.scimId;
    if (opts?.scim?.externalId !== undefined && opts.scim.externalId !== before.scimExternalId) data.scimExternalId = opts.scim.externalId;
    if (Object.keys(data).length === 0) return adminUserJson(before);

    await updateUserRow(tx, id, data);
    const after = (await findUserDetail(tx, id))!;
    const action = data.active === false ? "user.deactivate" : data.active === true ? "user.reactivate" : "user.update";
    await recordAudit(tx, actor, { action, entityType: "User", entityId: id, before: directorySnapshot(before), after: directorySnapshot(after) });
    if (data.active === false) await endAllAccess(tx, actor, id, "deactivated");
    else if (data.role !== undefined) await endAllAccess(tx, actor, id, "role_changed");
    return adminUserJson(after);
  });
}

/** Deactivates the user (kept with all their history; sessions and tokens end at once). A no-op when already inactive. */
export async function deactivateDirectoryUser(actor: Actor, id: number, opts?: { tx?: Tx }): Promise<AdminUser> {
  return updateDirectoryUser(actor, id, { active: false }, opts);
}

/** Re-activates the user (deactivatedAt cleared). A no-op when already active. */
export async function reactivateDirectoryUser(actor: Actor, id: number, opts?: { tx?: Tx }): Promise<AdminUser> {
  return updateDirectoryUser(actor, id, { active: true }, opts);
}

/** CLI `users:add-admin`: creates a super admin, or re-activates and promotes an existing user (audited with the given actor). */
export async function ensureSuperAdmin(actor: Actor, email: string, name: string): Promise<{ user: AdminUser; created: boolean }> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const address = normalizeEmail(email);
    const existing = address ? await findUserByEmail(tx, address) : null;
    if (!existing) return { user: await createDirectoryUser(actor, { email: address, name, role: "SUPER_ADMIN" }, { tx }), created: true };
    const user = await updateDirectoryUser(actor, existing.id, { email: address, role: "SUPER_ADMIN", active: true }, { tx });
    return { user, created: false };
  });
}

/**
 * A deactivated user, or one whose role changed, is signed out everywhere in the same transaction as the change
 * (docs/decisions/0039-server-side-sessions.md): every page session (also those in which they spoof or are spoofed)
 * is deleted and every API token revoked; audited session.revoke_all with the counts (when anything was open).
 */
export async function endAllAccess(tx: Tx, actor: Actor, userId: number, reason: "deactivated" | "role_changed") {
  const sessions = await endSessionsOfUser(tx, userId);
  const tokens = await revokeTokensOfUser(tx, userId);
  if (sessions + tokens === 0) return; // nothing was open: the user.* record says it all
  await recordAudit(tx, actor, { action: "session.revoke_all", entityType: "User", entityId: userId, after: { reason, sessions, tokens } });
}
