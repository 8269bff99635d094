import { parseParams } from "~/platform/api.server";
import { writer } from "~/platform/api-routes.server";
import { assertSuperAdmin } from "~/platform/auth.server";
import { AdminUserResponse, UserIdParams } from "~/features/users/contract.server";
import { deactivateDirectoryUser, reactivateDirectoryUser } from "~/features/users/directory.server";

/** POST /api/v1/admin/users/{id}/{deactivate,reactivate}: one status change of the directory core, answered with the user (super admin). */
function userStatusAction(change: typeof deactivateDirectoryUser) {
  return writer("POST", ["POST"], async (current, _request, params) => {
    assertSuperAdmin(current);
    const { id } = parseParams(params, UserIdParams);
    return AdminUserResponse.parse({ user: await change(current.actor, id) });
  });
}

/** POST /api/v1/admin/users/{id}/deactivate (audited user.deactivate). */
export const deactivateUserAction = userStatusAction(deactivateDirectoryUser);
/** POST /api/v1/admin/users/{id}/reactivate (audited user.reactivate). */
export const reactivateUserAction = userStatusAction(reactivateDirectoryUser);
