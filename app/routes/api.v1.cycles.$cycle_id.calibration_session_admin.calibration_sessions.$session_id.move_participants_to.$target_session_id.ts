import { moveAction, only } from "~/features/calibration/api.server";

/** POST /api/v1/cycles/{cycle_id}/calibration_session_admin/calibration_sessions/{session_id}/move_participants_to/{target_session_id} {participant_ids}. */
export const loader = only("POST");
export const action = moveAction;
