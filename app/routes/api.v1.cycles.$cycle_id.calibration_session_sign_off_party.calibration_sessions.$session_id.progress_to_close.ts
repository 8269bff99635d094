import { only, signOffAction } from "~/features/calibration/api.server";

/** PATCH /api/v1/cycles/{cycle_id}/calibration_session_sign_off_party/calibration_sessions/{session_id}/progress_to_close {comment?}: sign off, the session closes. */
export const loader = only("PATCH");
export const action = signOffAction("close");
