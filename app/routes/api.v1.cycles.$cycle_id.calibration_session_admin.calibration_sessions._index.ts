import { only, sessionsLoader } from "~/features/calibration/api.server";

/** GET /api/v1/cycles/{cycle_id}/calibration_session_admin/calibration_sessions: the cycle's sessions in which I hold this role. */
export const loader = sessionsLoader("session_admin");
export const action = only("GET");
