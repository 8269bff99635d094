import { listLoader, only } from "~/features/anytime-feedback/api.server";

/** GET /api/v1/realtime_feedbacks/sent?limit=&offset=&days=&email= */
export const loader = listLoader("sent");
export const action = only("GET");
