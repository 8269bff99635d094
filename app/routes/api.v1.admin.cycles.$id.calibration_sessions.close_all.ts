import { closeSessionsAction, only } from "~/features/calibration/api.server";

/** PATCH /api/v1/admin/cycles/{id}/calibration_sessions/close_all: close every session not closed yet (super admin). */
export const loader = only("PATCH");
export const action = closeSessionsAction("all");
