import { methodNotAllowed } from "~/platform/api.server";
import { outcomeApiAction } from "~/features/participants/outcomes/api.server";

/** PATCH /api/v1/admin/cycles/{cycle_id}/participants/{participant_email}/promotion_decision {promotion_decision} (super admin). */
export const loader = () => methodNotAllowed(["PATCH"]);

export const action = outcomeApiAction("promotion_decision");
