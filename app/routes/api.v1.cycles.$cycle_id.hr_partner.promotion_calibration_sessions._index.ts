import { createSessionAction, sessionsLoader } from "~/features/promotions/api.server";

/** GET (the promotion sessions I created or run) and POST (create a draft → 201) /api/v1/cycles/{cycle_id}/hr_partner/promotion_calibration_sessions. */
export const loader = sessionsLoader("hr_partner");
export const action = createSessionAction("hr_partner");
