import { getDb, type Tx } from "~/platform/db.server";
import {
  AdminUserListResponse,
  AdminUserSchema,
  USER_PICKER_LIMIT,
  type AdminUser,
  type AdminUserListQueryInput,
  type AdminUserPatchInput,
  type UserSummary,
} from "~/features/users/contract.server";
import {
  findUserByEmail,
  findUserDetail,
  listUsers,
  managerChainIds,
  searchActiveUsers,
  updateUserRow,
  type UserDetailRow,
  type UserSummaryRow,
  type UserUpdate,
} from "~/features/users/model.server";
import { badRequest, notFound } from "~/platform/api.server";
import { recordAudit } from "~/platform/audit.server";
import type { CurrentUser } from "~/platform/auth.server";
import { endSessionsOfUser } from "~/platform/session.server";
import { revokeTokensOfUser } from "~/features/auth/tokens/service.server";

/**
 * Users as the admin sees them (table, user page, PATCH) and as pickers see them.
 * Every change writes a `user.update` audit record with before/after in the same transaction.
 */

export function userSummaryJson(user: UserSummaryRow): UserSummary {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    profile_image_url: user.profileImageUrl,
    active: user.active,
  };
}

export function adminUserJson(row: UserDetailRow): AdminUser {
  return AdminUserSchema.parse({
    ...userSummaryJson(row),
    job_title: row.jobTitle,
    department: row.department,
    location: row.location,
    manager: row.manager,
    secondary_manager: row.secondaryManager,
    hr_partner: row.hrPartner,
    direct_report_count: row._count.directReports,
    hr_employee_count: row._count.hrEmployees,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });
}

/** GET /api/v1/admin/users and the admin users page. */
export async function listAdminUsers(query: AdminUserListQueryInput) {
  const db = await getDb();
  const { rows, total } = await listUsers(db, { q: query.q, roles: query["role[]"], page: query.page, pageSize: query.page_size });
  return AdminUserListResponse.parse({ users: rows.map(userSummaryJson), total, page: query.page, page_size: query.page_size });
}

/** One user for GET /api/v1/admin/users/{id} and the admin user page; 404 if there is none. */
export async function getAdminUser(id: number): Promise<AdminUser> {
  const db = await getDb();
  const row = await findUserDetail(db, id);
  if (!row) throw notFound("User not found");
  return adminUserJson(row);
}

/** What the audit record keeps of a user (the fields an admin can change). */
function auditSnapshot(row: UserDetailRow) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    active: row.active,
    manager_email: row.manager?.email ?? null,
    hr_partner_email: row.hrPartner?.email ?? null,
  };
}

export const OWN_SUPER_ADMIN_ROLE_MESSAGE = "You cannot remove your own Super Admin role";
export const DEACTIVATE_SELF_MESSAGE = "You cannot deactivate your own account";

async function resolvePerson(tx: Tx, email: string, what: "Manager" | "HR partner", field: string, userId: number) {
  const person = await findUserByEmail(tx, email);
  if (!person) throw badRequest(`${what} not found: no user with the email ${email}`, { field });
  if (!person.active) throw badRequest(`${what} ${email} is not an active user`, { field });
  if (person.id === userId) throw badRequest(`A user cannot be their own ${what.toLowerCase()}`, { field });
  return person;
}

/**
 * PATCH /api/v1/admin/users/{id} and the role form of the user page (super admin; the caller checks).
 * Unknown, inactive or self manager/HR partner emails and management loops are 400; a super admin
 * cannot remove their own SUPER_ADMIN role or deactivate themselves (400 with a clear message).
 */
export async function updateAdminUser(current: CurrentUser, id: number, patch: AdminUserPatchInput): Promise<AdminUser> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const before = await findUserDetail(tx, id);
    if (!before) throw notFound("User not found");
    const self = id === current.user.id;
    if (self && before.role === "SUPER_ADMIN" && patch.role !== undefined && patch.role !== "SUPER_ADMIN") {
      throw badRequest(OWN_SUPER_ADMIN_ROLE_MESSAGE, { field: "role" });
    }
    if (self && patch.active === false) throw badRequest(DEACTIVATE_SELF_MESSAGE, { field: "active" });

    const data: UserUpdate = {};
    if (patch.role !== undefined && patch.role !== before.role) data.role = patch.role;
    if (patch.name !== undefined && patch.name !== before.name) data.name = patch.name;
    if (patch.active !== undefined && patch.active !== before.active) data.active = patch.active;
    if (patch.manager_email !== undefined) {
      const managerId = patch.manager_email === null ? null : (await resolvePerson(tx, patch.manager_email, "Manager", "manager_email", id)).id;
      if (managerId !== null && (await managerChainIds(tx, managerId)).includes(id)) {
        throw badRequest(`${patch.manager_email} reports to this user; a management chain cannot loop`, { field: "manager_email" });
      }
      if (managerId !== before.managerId) data.managerId = managerId;
    }
    if (patch.hr_partner_email !== undefined) {
      const hrPartnerId =
        patch.hr_partner_email === null ? null : (await resolvePerson(tx, patch.hr_partner_email, "HR partner", "hr_partner_email", id)).id;
      if (hrPartnerId !== before.hrPartnerId) data.hrPartnerId = hrPartnerId;
    }
    if (Object.keys(data).length === 0) return adminUserJson(before);

    await updateUserRow(tx, id, data);
    const after = (await findUserDetail(tx, id))!;
    await recordAudit(tx, current.actor, {
      action: "user.update",
      entityType: "User",
      entityId: id,
      before: auditSnapshot(before),
      after: auditSnapshot(after),
    });
    if (data.role !== undefined || data.active === false) await endAllAccess(tx, current, id, data.active === false ? "deactivated" : "role_changed");
    return adminUserJson(after);
  });
}

/**
 * A deactivated user, or one whose role changed, is signed out everywhere in the same transaction as the change
 * (docs/decisions/0039-server-side-sessions.md): every page session (also those in which they spoof or are spoofed)
 * is deleted and every API token revoked; audited session.revoke_all with the counts (when anything was open).
 */
async function endAllAccess(tx: Tx, current: CurrentUser, userId: number, reason: "deactivated" | "role_changed") {
  const sessions = await endSessionsOfUser(tx, userId);
  const tokens = await revokeTokensOfUser(tx, userId);
  if (sessions + tokens === 0) return; // nothing was open: the user.update record says it all
  await recordAudit(tx, current.actor, { action: "session.revoke_all", entityType: "User", entityId: userId, after: { reason, sessions, tokens } });
}

/**
 * GET /api/v1/users for pickers: active users only, id/name/email/picture, at most 20, by name.
 * With `nominee_email` the nominee and their management chain are left out (docs/decisions/0010-spoofing.md, "User pickers");
 * an unknown nominee is 400.
 */
export async function searchUsersForPicker(q: string | undefined, nomineeEmail: string | undefined) {
  const db = await getDb();
  const exclude: number[] = [];
  if (nomineeEmail) {
    const nominee = await findUserByEmail(db, nomineeEmail);
    if (!nominee) throw badRequest(`No user with the email ${nomineeEmail}`, { field: "nominee_email" });
    exclude.push(nominee.id, ...(await managerChainIds(db, nominee.id)));
  }
  const rows = await searchActiveUsers(db, q, exclude, USER_PICKER_LIMIT);
  return { users: rows.map((u) => ({ id: u.id, name: u.name, email: u.email, profile_image_url: u.profileImageUrl })) };
}

