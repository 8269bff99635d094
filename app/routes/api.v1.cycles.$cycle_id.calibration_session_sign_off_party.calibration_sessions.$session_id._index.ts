import { only, sessionDetailLoader } from "~/features/calibration/api.server";

/** GET /api/v1/cycles/{cycle_id}/calibration_session_sign_off_party/calibration_sessions/{session_id}: the session as this role reads it. */
export const loader = sessionDetailLoader("sign_off");
export const action = only("GET");
