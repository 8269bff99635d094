import { commentsAction, commentsLoader } from "~/features/calibration/api.server";

/** GET, POST /api/v1/cycles/{cycle_id}/calibration_session_panelist/calibration_sessions/{session_id}/comments: the session's own thread. */
export const loader = commentsLoader("panelist", "session");
export const action = commentsAction("panelist", "session");
