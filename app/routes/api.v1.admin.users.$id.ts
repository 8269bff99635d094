import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AdminUserPatch, AdminUserResponse, UserIdParams } from "~/features/users/contract.server";
import { api, methodNotAllowed, parseJsonBody, parseParams } from "~/platform/api.server";
import { assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { getAdminUser, updateAdminUser } from "~/features/users/service.server";

/** GET /api/v1/admin/users/{id} (super admin). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const { id } = parseParams(params, UserIdParams);
    return AdminUserResponse.parse({ user: await getAdminUser(id) });
  });

/** PATCH /api/v1/admin/users/{id} with any directory field (AdminUserPatch; super admin; audited). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const { id } = parseParams(params, UserIdParams);
    const patch = await parseJsonBody(request, AdminUserPatch);
    return AdminUserResponse.parse({ user: await updateAdminUser(current, id, patch) });
  });
