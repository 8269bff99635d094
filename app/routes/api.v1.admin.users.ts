import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AdminUserCreate, AdminUserListQuery, AdminUserResponse } from "~/features/users/contract.server";
import { api, methodNotAllowed, parseJsonBody, parseQuery } from "~/platform/api.server";
import { assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { listAdminUsers } from "~/features/users/service.server";
import { createDirectoryUser } from "~/features/users/directory.server";

/** GET /api/v1/admin/users?q=&role[]=&status=&page=&page_size= (super admin). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    return listAdminUsers(parseQuery(request, AdminUserListQuery));
  });

/** POST /api/v1/admin/users: create a user in the directory (super admin; audited user.create); 201 with the user. */
export const action = ({ request }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const input = await parseJsonBody(request, AdminUserCreate);
    return Response.json(AdminUserResponse.parse({ user: await createDirectoryUser(current.actor, input) }), { status: 201 });
  });
