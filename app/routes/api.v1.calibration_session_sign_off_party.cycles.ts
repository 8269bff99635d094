import { only, roleCyclesLoader } from "~/features/calibration/api.server";

/** GET /api/v1/calibration_session_sign_off_party/cycles: the cycles in which I hold this role in a session. */
export const loader = roleCyclesLoader("sign_off");
export const action = only("GET");
