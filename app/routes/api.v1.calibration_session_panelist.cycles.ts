import { only, roleCyclesLoader } from "~/features/calibration/api.server";

/** GET /api/v1/calibration_session_panelist/cycles: the cycles in which I hold this role in a session. */
export const loader = roleCyclesLoader("panelist");
export const action = only("GET");
