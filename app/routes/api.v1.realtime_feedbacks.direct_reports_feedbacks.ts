import { only, teamLoader } from "~/features/anytime-feedback/api.server";

/** GET /api/v1/realtime_feedbacks/direct_reports_feedbacks?limit=&offset=&days=&email=&reviewee_email=&reviewer_email= */
export const loader = teamLoader;
export const action = only("GET");
