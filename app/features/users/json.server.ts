import { AdminUserSchema, type AdminUser, type UserSummary } from "~/features/users/contract.server";
import { formatIsoDate, type DirectorySnapshot } from "~/features/users/directory-rules";
import type { UserDetailRow, UserSummaryRow } from "~/features/users/model.server";

/** A user as the API and the pages show them (summary for tables and pickers, detail for the admin). */

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
    level: row.level,
    location: row.location,
    manager: row.manager,
    secondary_manager: row.secondaryManager,
    hr_partner: row.hrPartner,
    start_date: formatIsoDate(row.startDate),
    employee_number: row.employeeNumber,
    deactivated_at: row.deactivatedAt?.toISOString() ?? null,
    scim_managed: row.scimId !== null,
    direct_report_count: row._count.directReports,
    hr_employee_count: row._count.hrEmployees,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });
}

/** What the audit record keeps of a user: every directory field (before/after of user.* records). */
export function directorySnapshot(row: UserDetailRow): DirectorySnapshot {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    job_title: row.jobTitle,
    department: row.department,
    level: row.level,
    location: row.location,
    manager_email: row.manager?.email ?? null,
    secondary_manager_email: row.secondaryManager?.email ?? null,
    hr_partner_email: row.hrPartner?.email ?? null,
    start_date: formatIsoDate(row.startDate),
    employee_number: row.employeeNumber,
    active: row.active,
    deactivated_at: row.deactivatedAt?.toISOString() ?? null,
    scim_managed: row.scimId !== null,
    scim_external_id: row.scimExternalId,
  };
}
