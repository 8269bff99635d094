import { pageTitle } from "~/platform/i18n/page-title";
import { AuditPage } from "~/features/audit/components/audit-page";
import { auditPageLoader } from "~/features/audit/pages.server";

export const handle = pageTitle("audit.pageTitle");

/** The audit log, newest first, paged and searched as GET /api/v1/admin/audits (super admin). */
export const loader = auditPageLoader;

export default AuditPage;
