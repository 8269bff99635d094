import { only, sessionsLoader } from "~/features/promotions/api.server";

/** GET /api/v1/cycles/{cycle_id}/promotion_calibration_session_panelist/promotion_calibration_sessions: the promotion sessions where I hold the role. */
export const loader = sessionsLoader("panelist");
export const action = only("GET");
