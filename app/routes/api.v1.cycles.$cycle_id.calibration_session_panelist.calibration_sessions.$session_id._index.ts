import { only, sessionDetailLoader } from "~/features/calibration/api.server";

/** GET /api/v1/cycles/{cycle_id}/calibration_session_panelist/calibration_sessions/{session_id}: the session as this role reads it. */
export const loader = sessionDetailLoader("panelist");
export const action = only("GET");
