import { only, peopleLoader } from "~/features/anytime-feedback/api.server";

/** GET /api/v1/realtime_feedbacks/received_feedback_user_emails?days= */
export const loader = peopleLoader("received");
export const action = only("GET");
