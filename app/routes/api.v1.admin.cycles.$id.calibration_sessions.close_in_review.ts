import { closeSessionsAction, only } from "~/features/calibration/api.server";

/** PATCH /api/v1/admin/cycles/{id}/calibration_sessions/close_in_review: close every session in review (super admin). */
export const loader = only("PATCH");
export const action = closeSessionsAction("in_review");
