import { commentsAction, commentsLoader } from "~/features/promotions/api.server";

/** GET and POST (→ 201) /api/v1/cycles/{cycle_id}/promotion_calibration_session_panelist/promotion_calibration_sessions/{session_id}/promotion_nominations/{nomination_id}/comments: the nomination's comments. */
export const loader = commentsLoader("panelist");
export const action = commentsAction("panelist");
