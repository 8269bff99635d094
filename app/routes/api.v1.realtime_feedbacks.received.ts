import { listLoader, only } from "~/features/anytime-feedback/api.server";

/** GET /api/v1/realtime_feedbacks/received?limit=&offset=&days=&email= */
export const loader = listLoader("received");
export const action = only("GET");
