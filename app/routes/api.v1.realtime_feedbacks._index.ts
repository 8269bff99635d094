import { giveAction, listLoader } from "~/features/anytime-feedback/api.server";

/** GET /api/v1/realtime_feedbacks (items I gave or received) and POST (give feedback). */
export const loader = listLoader("all");
export const action = giveAction;
