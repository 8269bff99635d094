import { only, requestEndorsementsAction } from "~/features/promotions/api.server";

/** POST /api/v1/cycles/{cycle_id}/hr_partner/promotion_calibration_sessions/{session_id}/promotion_nominations/{nomination_id}/endorsements: ask endorsers (201). */
export const loader = only("POST");
export const action = requestEndorsementsAction;
