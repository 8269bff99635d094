import { only, sessionParticipantsLoader } from "~/features/calibration/api.server";

/** GET /api/v1/cycles/{cycle_id}/calibration_session_admin/calibration_sessions/{session_id}/participants. */
export const loader = sessionParticipantsLoader("session_admin");
export const action = only("GET");
