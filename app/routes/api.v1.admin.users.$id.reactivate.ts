import { only } from "~/platform/api-routes.server";
import { reactivateUserAction } from "~/features/users/api.server";

/** POST /api/v1/admin/users/{id}/reactivate (super admin; audited user.reactivate). */
export const loader = only("POST");
export const action = reactivateUserAction;
