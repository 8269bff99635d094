import { sessionDetailLoader, updateSessionAction } from "~/features/promotions/api.server";

/** GET (everything in the session) and PATCH /api/v1/admin/cycles/{id}/promotion_calibration_sessions/{session_id} (super admin). */
export const loader = sessionDetailLoader("admin");
export const action = updateSessionAction("admin");
