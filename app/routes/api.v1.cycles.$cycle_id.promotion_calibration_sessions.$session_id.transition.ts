import { only, transitionAction } from "~/features/promotions/api.server";

/** PATCH /api/v1/cycles/{cycle_id}/promotion_calibration_sessions/{session_id}/transition?event=: move the session (its members). */
export const loader = only("PATCH");
export const action = transitionAction("member");
