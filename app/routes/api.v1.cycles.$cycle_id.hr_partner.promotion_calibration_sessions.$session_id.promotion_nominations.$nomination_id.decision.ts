import { decisionAction, only } from "~/features/promotions/api.server";

/** PATCH /api/v1/cycles/{cycle_id}/hr_partner/promotion_calibration_sessions/{session_id}/promotion_nominations/{nomination_id}/decision: the session's decision, with a reason. */
export const loader = only("PATCH");
export const action = decisionAction;
