import { only } from "~/platform/api-routes.server";
import { deactivateUserAction } from "~/features/users/api.server";

/** POST /api/v1/admin/users/{id}/deactivate (super admin; audited user.deactivate). */
export const loader = only("POST");
export const action = deactivateUserAction;
