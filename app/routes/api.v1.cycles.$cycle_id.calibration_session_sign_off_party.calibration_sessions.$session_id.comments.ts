import { commentsAction, commentsLoader } from "~/features/calibration/api.server";

/** GET, POST /api/v1/cycles/{cycle_id}/calibration_session_sign_off_party/calibration_sessions/{session_id}/comments: the session's own thread. */
export const loader = commentsLoader("sign_off", "session");
export const action = commentsAction("sign_off", "session");
