import { only, promotionDetailsLoader } from "~/features/calibration/api.server";

/** GET /api/v1/cycles/{cycle_id}/calibration_session_panelist/calibration_sessions/{session_id}/participants/{participant_id}/promotion_details. */
export const loader = promotionDetailsLoader("panelist");
export const action = only("GET");
