import { methodNotAllowed } from "~/platform/api.server";
import { outcomeApiAction } from "~/features/participants/outcomes/api.server";

/** PATCH /api/v1/admin/cycles/{cycle_id}/participants/{participant_email}/calibrated_rating {calibrated_rating} (super admin). */
export const loader = () => methodNotAllowed(["PATCH"]);

export const action = outcomeApiAction("calibrated_rating");
