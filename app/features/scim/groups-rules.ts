import type { RoleName } from "~/features/users/roles";

/**
 * SCIM groups are roles (docs/decisions/0051-scim-provisioning.md). PURE. An identity provider pushes one of these
 * groups; its members (SCIM-linked users) hold the role. A person has one role: joining a group gives its role
 * (the last assignment wins); leaving it gives EMPLOYEE back.
 */
export const GROUP_ROLES = {
  "PMR Super Admins": "SUPER_ADMIN",
  "PMR HR Ops": "HR_OPS",
  "PMR People Partners": "PEOPLE_PARTNER",
} as const satisfies Record<string, RoleName>;

export type GroupDisplayName = keyof typeof GROUP_ROLES;
export const GROUP_DISPLAY_NAMES = Object.keys(GROUP_ROLES) as GroupDisplayName[];

/** The role a group's display name stands for (exact name, ignoring case and surrounding spaces), or null. */
export function roleOfGroup(displayName: string): { displayName: GroupDisplayName; role: RoleName } | null {
  const wanted = displayName.trim().toLowerCase();
  const name = GROUP_DISPLAY_NAMES.find((n) => n.toLowerCase() === wanted);
  return name ? { displayName: name, role: GROUP_ROLES[name] } : null;
}
