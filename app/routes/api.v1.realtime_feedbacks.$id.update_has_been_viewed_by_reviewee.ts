import { only, viewedAction } from "~/features/anytime-feedback/api.server";

/** PATCH /api/v1/realtime_feedbacks/{id}/update_has_been_viewed_by_reviewee */
export const loader = only("PATCH");
export const action = viewedAction;
