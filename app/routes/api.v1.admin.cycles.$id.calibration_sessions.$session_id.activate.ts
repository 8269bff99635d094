import { activateAction, only } from "~/features/calibration/api.server";

/** PATCH /api/v1/admin/cycles/{id}/calibration_sessions/{session_id}/activate (super admin). */
export const loader = only("PATCH");
export const action = activateAction("admin");
