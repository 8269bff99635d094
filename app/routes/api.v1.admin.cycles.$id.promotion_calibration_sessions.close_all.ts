import { closeAllAction, only } from "~/features/promotions/api.server";

/** PATCH /api/v1/admin/cycles/{id}/promotion_calibration_sessions/close_all: close every promotion session not closed yet (super admin). */
export const loader = only("PATCH");
export const action = closeAllAction;
