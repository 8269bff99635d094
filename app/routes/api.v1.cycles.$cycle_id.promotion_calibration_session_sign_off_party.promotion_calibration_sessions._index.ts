import { only, sessionsLoader } from "~/features/promotions/api.server";

/** GET /api/v1/cycles/{cycle_id}/promotion_calibration_session_sign_off_party/promotion_calibration_sessions: the promotion sessions where I hold the role. */
export const loader = sessionsLoader("sign_off");
export const action = only("GET");
