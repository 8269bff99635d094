import type { LoaderFunctionArgs } from "@remix-run/node";
import { AuditListQuery } from "~/features/audit/contract.server";
import { api, methodNotAllowed, parseQuery } from "~/platform/api.server";
import { assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { listAudits } from "~/features/audit/service.server";

/** GET /api/v1/admin/audits?limit=&offset=&search_query= (super admin): newest first. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    return listAudits(parseQuery(request, AuditListQuery));
  });

export const action = () => methodNotAllowed(["GET"]);
