import { only, proposalAction } from "~/features/calibration/api.server";

/** POST /api/v1/cycles/{cycle_id}/calibration_session_panelist/calibration_sessions/{session_id}/participants/{participant_id}/calibration_rating {rating, justification} → 201. */
export const loader = only("POST");
export const action = proposalAction;
