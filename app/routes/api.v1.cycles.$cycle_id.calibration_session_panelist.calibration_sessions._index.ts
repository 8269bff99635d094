import { only, sessionsLoader } from "~/features/calibration/api.server";

/** GET /api/v1/cycles/{cycle_id}/calibration_session_panelist/calibration_sessions: the cycle's sessions in which I hold this role. */
export const loader = sessionsLoader("panelist");
export const action = only("GET");
