import { only, voteAction } from "~/features/promotions/api.server";

/** POST /api/v1/cycles/{cycle_id}/promotion_calibration_session_panelist/promotion_calibration_sessions/{session_id}/promotion_nominations/{nomination_id}/vote: my vote on the nomination. */
export const loader = only("POST");
export const action = voteAction;
