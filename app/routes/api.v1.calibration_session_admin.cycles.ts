import { only, roleCyclesLoader } from "~/features/calibration/api.server";

/** GET /api/v1/calibration_session_admin/cycles: the cycles in which I hold this role in a session. */
export const loader = roleCyclesLoader("session_admin");
export const action = only("GET");
