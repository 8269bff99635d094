import { only, roleCyclesLoader } from "~/features/calibration/api.server";

/** GET /api/v1/hr_partner/cycles: the cycles with my participants or the sessions I created. */
export const loader = roleCyclesLoader("hr_partner");
export const action = only("GET");
