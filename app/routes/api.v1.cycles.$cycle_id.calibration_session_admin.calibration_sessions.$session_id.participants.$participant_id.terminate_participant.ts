import { only, terminateAction } from "~/features/calibration/api.server";

/** PATCH /api/v1/cycles/{cycle_id}/calibration_session_admin/calibration_sessions/{session_id}/participants/{participant_id}/terminate_participant. */
export const loader = only("PATCH");
export const action = terminateAction;
