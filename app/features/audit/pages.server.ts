import type { LoaderFunctionArgs } from "@remix-run/node";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { AuditListQuery } from "~/features/audit/contract.server";
import { readAuditPage } from "~/features/audit/page-reads.server";
import type { AuditPageData } from "~/features/audit/rules";

/** The audit log page's loader (/app/admin/audits; super admins only): its components are components/audit-page.tsx. */

/** limit, offset, search_query from the address; anything invalid falls back to the defaults. */
function queryOf(request: Request) {
  const url = new URL(request.url);
  const raw = {
    limit: url.searchParams.get("limit") ?? undefined,
    offset: url.searchParams.get("offset") ?? undefined,
    search_query: url.searchParams.get("search_query") ?? undefined,
  };
  const parsed = AuditListQuery.safeParse(raw);
  return parsed.success ? parsed.data : AuditListQuery.parse({ search_query: raw.search_query?.slice(0, 200) });
}

/** A page of the audit log (newest first, searched as GET /api/v1/admin/audits searches) in one statement. */
export async function auditPageLoader({ request }: LoaderFunctionArgs): Promise<AuditPageData> {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  return readAuditPage(queryOf(request));
}
