import { only, ratingChangeAction } from "~/features/calibration/api.server";

/** PATCH /api/v1/cycles/{cycle_id}/calibration_session_admin/calibration_sessions/{session_id}/participants/{participant_id} {calibrated_rating?, potential?, reason}: change a rating. */
export const loader = only("PATCH");
export const action = ratingChangeAction;
