import { only, statsLoader } from "~/features/performance-trends/api.server";

/** GET /api/v1/performance_dashboard/upward_stats/{email}: upward (direct report) feedback per cycle (ADR 0030). */
export const loader = statsLoader("upward");
export const action = only("GET");
