import { feedbackSummaryLoader, only } from "~/features/promotions/api.server";

/** GET /api/v1/cycles/{cycle_id}/hr_partner/promotion_calibration_sessions/{session_id}/promotion_nominations/{nomination_id}/feedbacks_summary: the nominee's feedback summary. */
export const loader = feedbackSummaryLoader("hr_partner");
export const action = only("GET");
