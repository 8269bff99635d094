/** Paging of the audit log screen and API (client-safe; the contract uses them too). */

export const AUDIT_LIMIT_DEFAULT = 50;
export const AUDIT_LIMIT_MAX = 200;
export const AUDIT_PAGE_SIZES = [25, 50, 100, 200];
