import { createSessionAction, sessionsLoader } from "~/features/calibration/api.server";

/** GET (every session of the cycle) and POST (create a draft → 201) /api/v1/admin/cycles/{id}/calibration_sessions (super admin). */
export const loader = sessionsLoader("admin");
export const action = createSessionAction("admin");
