import { getDb } from "~/platform/db.server";
import {
  AdminUserListResponse,
  USER_PICKER_LIMIT,
  type AdminUser,
  type AdminUserListQueryInput,
  type AdminUserPatchInput,
} from "~/features/users/contract.server";
import { findUserByEmail, findUserDetail, listUsers, managerChainIds, searchActiveUsers, type UserSort } from "~/features/users/model.server";
import { ApiError, notFound } from "~/platform/api.server";
import type { CurrentUser } from "~/platform/auth.server";
import { updateDirectoryUser } from "~/features/users/directory.server";
import { adminUserJson, userSummaryJson } from "~/features/users/json.server";

/**
 * Users as the admin sees them (table, user page, PATCH) and as pickers see them. Changes go through the
 * directory's one writer (directory.server.ts), which audits them.
 */

export { adminUserJson, userSummaryJson } from "~/features/users/json.server";
export { DEACTIVATE_SELF_MESSAGE, OWN_SUPER_ADMIN_ROLE_MESSAGE } from "~/features/users/directory.server";

/**
 * GET /api/v1/admin/users (names in en's collation) and the admin users page (which may also sort, by name in the
 * reader's `language` unless told).
 */
export async function listAdminUsers(query: AdminUserListQueryInput, sort?: UserSort, language?: string) {
  const db = await getDb();
  const { rows, total } = await listUsers(db, {
    q: query.q,
    roles: query["role[]"],
    status: query.status,
    page: query.page,
    pageSize: query.page_size,
    sort,
    language,
  });
  return AdminUserListResponse.parse({ users: rows.map(userSummaryJson), total, page: query.page, page_size: query.page_size });
}

/** One user for GET /api/v1/admin/users/{id} and the admin user page; 404 if there is none. */
export async function getAdminUser(id: number): Promise<AdminUser> {
  const db = await getDb();
  const row = await findUserDetail(db, id);
  if (!row) throw notFound("User not found");
  return adminUserJson(row);
}

/**
 * PATCH /api/v1/admin/users/{id} and the user page's forms (super admin; the caller checks): the directory's rules
 * (directory.server.ts) with the acting admin as the actor; a super admin cannot remove their own Super Admin role
 * or deactivate themselves (400 with a clear message).
 */
export async function updateAdminUser(current: CurrentUser, id: number, patch: AdminUserPatchInput): Promise<AdminUser> {
  return updateDirectoryUser(current.actor, id, patch);
}

/**
 * GET /api/v1/users for pickers: active users only, id/name/email/picture, at most 20, by name.
 * With `nominee_email` the nominee and their management chain are left out (docs/decisions/0010-spoofing.md, "User pickers");
 * an unknown nominee is 404.
 */
export async function searchUsersForPicker(q: string | undefined, nomineeEmail: string | undefined) {
  const db = await getDb();
  const exclude: number[] = [];
  if (nomineeEmail) {
    const nominee = await findUserByEmail(db, nomineeEmail);
    // A read whose query names nothing: 404, as for a path (ADR 0060, "Statuses of refusals"); the code is kept.
    if (!nominee) throw new ApiError(404, "bad_request", `No user with the email ${nomineeEmail}`, { field: "nominee_email" });
    exclude.push(nominee.id, ...(await managerChainIds(db, nominee.id)));
  }
  const rows = await searchActiveUsers(db, q, exclude, USER_PICKER_LIMIT);
  return { users: rows.map((u) => ({ id: u.id, name: u.name, email: u.email, profile_image_url: u.profileImageUrl })) };
}

