/** Spec §3 roles and their labels (client-safe: used by pages and by the server). */
export const ROLES = ["SUPER_ADMIN", "PEOPLE_PARTNER", "HR_OPS", "EMPLOYEE"] as const;
export type RoleName = (typeof ROLES)[number];

export const ROLE_LABELS: Record<RoleName, string> = {
  SUPER_ADMIN: "Super Admin",
  PEOPLE_PARTNER: "People Partner",
  HR_OPS: "HR Ops",
  EMPLOYEE: "Employee",
};

export function roleLabel(role: string): string {
  return ROLE_LABELS[role as RoleName] ?? role;
}

export function isRoleName(value: unknown): value is RoleName {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
