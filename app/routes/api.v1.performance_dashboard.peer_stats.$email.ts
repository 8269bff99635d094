import { only, statsLoader } from "~/features/performance-trends/api.server";

/** GET /api/v1/performance_dashboard/peer_stats/{email}: peer feedback per cycle (ADR 0030). */
export const loader = statsLoader("peer");
export const action = only("GET");
