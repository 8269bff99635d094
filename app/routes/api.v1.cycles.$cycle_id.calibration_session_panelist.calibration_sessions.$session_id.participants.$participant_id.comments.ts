import { commentsAction, commentsLoader } from "~/features/calibration/api.server";

/** GET, POST /api/v1/cycles/{cycle_id}/calibration_session_panelist/calibration_sessions/{session_id}/participants/{participant_id}/comments: the participant's thread. */
export const loader = commentsLoader("panelist", "participant");
export const action = commentsAction("panelist", "participant");
