import type { TranslationKey } from "~/platform/i18n/locales/types";
/** Constants and rules of the admin users and spoofing screens (client-safe; the API contracts use them too). */

export const USER_PAGE_SIZE_DEFAULT = 25;
export const USER_PAGE_SIZE_MAX = 100;
export const USER_PAGE_SIZES = [10, 25, 50, 100];
export const USER_PICKER_LIMIT = 20;

/** The admin users table's status filter. */
export const USER_STATUSES = ["active", "inactive", "all"] as const;
export type UserStatusFilter = (typeof USER_STATUSES)[number];

/** Spec §9 debounce default. */
export const SEARCH_DEBOUNCE_MS = 166;

/**
 * Why the admin cannot spoof this user, or null (docs/decisions/0010-spoofing.md). The server
 * enforces the same rules (app/features/users/spoof.server.ts); the pages use this to disable the button.
 */
/** Why a row cannot be spoofed, as the key of its text (the page says it in the reader's language), or null. */
export function spoofBlockedReason(row: { id: number; role: string; active: boolean }, selfId: number): TranslationKey | null {
  if (row.id === selfId) return "users.spoofBlocked.self";
  if (row.role === "SUPER_ADMIN") return "users.spoofBlocked.superAdmin";
  if (!row.active) return "users.spoofBlocked.inactive";
  return null;
}
