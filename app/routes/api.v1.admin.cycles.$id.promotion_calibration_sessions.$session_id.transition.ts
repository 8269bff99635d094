import { only, transitionAction } from "~/features/promotions/api.server";

/** PATCH /api/v1/admin/cycles/{id}/promotion_calibration_sessions/{session_id}/transition?event= (super admin). */
export const loader = only("PATCH");
export const action = transitionAction("admin");
