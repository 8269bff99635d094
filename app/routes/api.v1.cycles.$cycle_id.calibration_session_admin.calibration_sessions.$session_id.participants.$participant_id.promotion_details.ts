import { only, promotionDetailsLoader } from "~/features/calibration/api.server";

/** GET /api/v1/cycles/{cycle_id}/calibration_session_admin/calibration_sessions/{session_id}/participants/{participant_id}/promotion_details. */
export const loader = promotionDetailsLoader("session_admin");
export const action = only("GET");
