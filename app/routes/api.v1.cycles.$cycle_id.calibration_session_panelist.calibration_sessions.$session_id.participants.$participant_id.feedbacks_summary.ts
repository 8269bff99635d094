import { feedbackSummaryLoader, only } from "~/features/calibration/api.server";

/** GET /api/v1/cycles/{cycle_id}/calibration_session_panelist/calibration_sessions/{session_id}/participants/{participant_id}/feedbacks_summary: the participant's summary, named. */
export const loader = feedbackSummaryLoader("panelist");
export const action = only("GET");
