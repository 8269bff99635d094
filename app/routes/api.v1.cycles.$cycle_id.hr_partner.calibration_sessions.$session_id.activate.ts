import { activateAction, only } from "~/features/calibration/api.server";

/** PATCH /api/v1/cycles/{cycle_id}/hr_partner/calibration_sessions/{session_id}/activate: activate a draft I created. */
export const loader = only("PATCH");
export const action = activateAction("hr_partner");
