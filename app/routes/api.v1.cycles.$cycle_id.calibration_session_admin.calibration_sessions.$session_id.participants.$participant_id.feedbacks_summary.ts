import { feedbackSummaryLoader, only } from "~/features/calibration/api.server";

/** GET /api/v1/cycles/{cycle_id}/calibration_session_admin/calibration_sessions/{session_id}/participants/{participant_id}/feedbacks_summary: the participant's summary, named. */
export const loader = feedbackSummaryLoader("session_admin");
export const action = only("GET");
