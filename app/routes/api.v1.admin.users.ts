import type { LoaderFunctionArgs } from "@remix-run/node";
import { AdminUserListQuery } from "~/features/users/contract.server";
import { api, methodNotAllowed, parseQuery } from "~/platform/api.server";
import { assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { listAdminUsers } from "~/features/users/service.server";

/** GET /api/v1/admin/users?q=&role[]=&page=&page_size= (super admin). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    return listAdminUsers(parseQuery(request, AdminUserListQuery));
  });

export const action = () => methodNotAllowed(["GET"]);
