/** Paging of the audit log screen and API (client-safe; the contract uses them too). */

export const AUDIT_LIMIT_DEFAULT = 50;
export const AUDIT_LIMIT_MAX = 200;
export const AUDIT_PAGE_SIZES = [25, 50, 100, 200];

type AuditPerson = { id: number; name: string; email: string } | null;

/** One audit record as the audit log page shows it (GET /api/v1/admin/audits's JSON, contract.server.ts). */
export type AuditView = {
  id: number;
  created_at: string;
  action: string;
  entity_type: string;
  entity_id: string;
  source: string;
  actor: AuditPerson;
  real_actor: AuditPerson;
  actor_label: string | null;
  before: unknown;
  after: unknown;
};

/** The audit log page's data: a page of records, their number, the page's limit and offset. */
export type AuditPageData = { audits: AuditView[]; total: number; limit: number; offset: number };
