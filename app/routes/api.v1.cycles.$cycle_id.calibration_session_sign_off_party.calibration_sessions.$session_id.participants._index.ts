import { only, sessionParticipantsLoader } from "~/features/calibration/api.server";

/** GET /api/v1/cycles/{cycle_id}/calibration_session_sign_off_party/calibration_sessions/{session_id}/participants. */
export const loader = sessionParticipantsLoader("sign_off");
export const action = only("GET");
