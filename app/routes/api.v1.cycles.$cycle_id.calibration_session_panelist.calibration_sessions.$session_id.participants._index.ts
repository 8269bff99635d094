import { only, sessionParticipantsLoader } from "~/features/calibration/api.server";

/** GET /api/v1/cycles/{cycle_id}/calibration_session_panelist/calibration_sessions/{session_id}/participants. */
export const loader = sessionParticipantsLoader("panelist");
export const action = only("GET");
