import { only, signOffAction } from "~/features/calibration/api.server";

/** PATCH /api/v1/cycles/{cycle_id}/calibration_session_sign_off_party/calibration_sessions/{session_id}/progress_to_revision_requested {comment}: send it back. */
export const loader = only("PATCH");
export const action = signOffAction("revision");
