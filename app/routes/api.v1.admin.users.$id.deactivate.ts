import type { ActionFunctionArgs } from "@remix-run/node";
import { AdminUserResponse, UserIdParams } from "~/features/users/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { deactivateDirectoryUser } from "~/features/users/directory.server";

/** POST /api/v1/admin/users/{id}/deactivate (super admin; audited user.deactivate). */
export const loader = () => methodNotAllowed(["POST"]);

export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const { id } = parseParams(params, UserIdParams);
    return AdminUserResponse.parse({ user: await deactivateDirectoryUser(current.actor, id) });
  });
