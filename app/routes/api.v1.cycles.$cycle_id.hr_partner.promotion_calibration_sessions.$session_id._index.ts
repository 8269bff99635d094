import { sessionDetailLoader, updateSessionAction } from "~/features/promotions/api.server";

/** GET (the session, as whoever runs it) and PATCH (edit, the HR partner who created it) /api/v1/cycles/{cycle_id}/hr_partner/promotion_calibration_sessions/{session_id}. */
export const loader = sessionDetailLoader("hr_partner");
export const action = updateSessionAction("hr_partner");
