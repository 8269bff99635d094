import { only, sessionParticipantsLoader } from "~/features/calibration/api.server";

/** GET /api/v1/admin/cycles/{id}/calibration_sessions/{session_id}/session_participants (super admin). */
export const loader = sessionParticipantsLoader("admin");
export const action = only("GET");
