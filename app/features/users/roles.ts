import type { TranslationKey } from "~/platform/i18n/locales/types";

/** Spec §3 roles and their labels (client-safe: used by pages and by the server). */
export const ROLES = ["SUPER_ADMIN", "PEOPLE_PARTNER", "HR_OPS", "EMPLOYEE"] as const;
export type RoleName = (typeof ROLES)[number];

export const ROLE_LABELS: Record<RoleName, string> = {
  SUPER_ADMIN: "Super Admin",
  PEOPLE_PARTNER: "People Partner",
  HR_OPS: "HR Ops",
  EMPLOYEE: "Employee",
};

/** A role's label in the reader's language, for pages (`t(ROLE_KEYS[role])`); roleLabel is the English one. */
export const ROLE_KEYS: Record<RoleName, TranslationKey> = {
  SUPER_ADMIN: "users.roles.SUPER_ADMIN",
  PEOPLE_PARTNER: "users.roles.PEOPLE_PARTNER",
  HR_OPS: "users.roles.HR_OPS",
  EMPLOYEE: "users.roles.EMPLOYEE",
};

/** The key of a role's label; an unknown role has none (show the role as it is). */
export function roleKey(role: string): TranslationKey | null {
  return ROLE_KEYS[role as RoleName] ?? null;
}

export function roleLabel(role: string): string {
  return ROLE_LABELS[role as RoleName] ?? role;
}

export function isRoleName(value: unknown): value is RoleName {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
