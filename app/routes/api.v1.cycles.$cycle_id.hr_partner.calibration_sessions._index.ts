import { createSessionAction, sessionsLoader } from "~/features/calibration/api.server";

/** GET (the sessions I created) and POST (create a draft → 201) /api/v1/cycles/{cycle_id}/hr_partner/calibration_sessions. */
export const loader = sessionsLoader("hr_partner");
export const action = createSessionAction("hr_partner");
