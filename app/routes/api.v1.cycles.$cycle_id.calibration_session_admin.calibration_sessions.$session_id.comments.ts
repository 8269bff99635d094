import { commentsAction, commentsLoader } from "~/features/calibration/api.server";

/** GET, POST /api/v1/cycles/{cycle_id}/calibration_session_admin/calibration_sessions/{session_id}/comments: the session's own thread. */
export const loader = commentsLoader("session_admin", "session");
export const action = commentsAction("session_admin", "session");
