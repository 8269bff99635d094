import { only, unreadCountLoader } from "~/features/anytime-feedback/api.server";

/** GET /api/v1/realtime_feedbacks/received_unread_count */
export const loader = unreadCountLoader;
export const action = only("GET");
