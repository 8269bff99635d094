import { only, progressToReviewAction } from "~/features/calibration/api.server";

/** PATCH /api/v1/cycles/{cycle_id}/calibration_session_admin/calibration_sessions/{session_id}/progress_to_review: hand the session to its sign-off party. */
export const loader = only("PATCH");
export const action = progressToReviewAction;
