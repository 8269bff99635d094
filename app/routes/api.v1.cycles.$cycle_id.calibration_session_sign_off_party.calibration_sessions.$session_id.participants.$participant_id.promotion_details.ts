import { only, promotionDetailsLoader } from "~/features/calibration/api.server";

/** GET /api/v1/cycles/{cycle_id}/calibration_session_sign_off_party/calibration_sessions/{session_id}/participants/{participant_id}/promotion_details. */
export const loader = promotionDetailsLoader("sign_off");
export const action = only("GET");
