import { only, sessionDetailLoader } from "~/features/promotions/api.server";

/** GET /api/v1/cycles/{cycle_id}/promotion_calibration_session_sign_off_party/promotion_calibration_sessions/{session_id}: the session as I read it in the role. */
export const loader = sessionDetailLoader("sign_off");
export const action = only("GET");
