import { only, teamPeopleLoader } from "~/features/anytime-feedback/api.server";

/** GET /api/v1/realtime_feedbacks/direct_report_feedback_reviewee_and_reviewer?days= */
export const loader = teamPeopleLoader;
export const action = only("GET");
