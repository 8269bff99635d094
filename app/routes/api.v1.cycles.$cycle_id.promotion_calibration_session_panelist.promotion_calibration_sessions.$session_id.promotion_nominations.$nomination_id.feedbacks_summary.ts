import { feedbackSummaryLoader, only } from "~/features/promotions/api.server";

/** GET /api/v1/cycles/{cycle_id}/promotion_calibration_session_panelist/promotion_calibration_sessions/{session_id}/promotion_nominations/{nomination_id}/feedbacks_summary: the nominee's feedback summary. */
export const loader = feedbackSummaryLoader("panelist");
export const action = only("GET");
