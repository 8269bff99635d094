import { only, peopleLoader } from "~/features/anytime-feedback/api.server";

/** GET /api/v1/realtime_feedbacks/sent_feedback_user_emails?days= */
export const loader = peopleLoader("sent");
export const action = only("GET");
