import { createSessionAction, sessionsLoader } from "~/features/promotions/api.server";

/** GET (every promotion session of the cycle) and POST (create a draft → 201) /api/v1/admin/cycles/{id}/promotion_calibration_sessions (super admin). */
export const loader = sessionsLoader("admin");
export const action = createSessionAction("admin");
