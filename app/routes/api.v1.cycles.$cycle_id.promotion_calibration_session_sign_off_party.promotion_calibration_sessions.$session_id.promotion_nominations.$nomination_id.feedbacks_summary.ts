import { feedbackSummaryLoader, only } from "~/features/promotions/api.server";

/** GET /api/v1/cycles/{cycle_id}/promotion_calibration_session_sign_off_party/promotion_calibration_sessions/{session_id}/promotion_nominations/{nomination_id}/feedbacks_summary: the nominee's feedback summary. */
export const loader = feedbackSummaryLoader("sign_off");
export const action = only("GET");
