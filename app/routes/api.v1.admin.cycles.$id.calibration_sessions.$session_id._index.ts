import { ownerSessionLoader, updateSessionAction } from "~/features/calibration/api.server";

/** GET (everything in the session) and PATCH /api/v1/admin/cycles/{id}/calibration_sessions/{session_id} (super admin). */
export const loader = ownerSessionLoader("admin");
export const action = updateSessionAction("admin");
