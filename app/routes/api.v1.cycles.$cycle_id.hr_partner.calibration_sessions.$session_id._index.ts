import { ownerSessionLoader, updateSessionAction } from "~/features/calibration/api.server";

/** GET (the session's setup and participants) and PATCH /api/v1/cycles/{cycle_id}/hr_partner/calibration_sessions/{session_id}. */
export const loader = ownerSessionLoader("hr_partner");
export const action = updateSessionAction("hr_partner");
