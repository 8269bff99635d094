import { only, ratingsLoader } from "~/features/performance-trends/api.server";

/** GET /api/v1/performance_dashboard/performance_ratings: my calibrated ratings across cycles (ADR 0030). */
export const loader = ratingsLoader;
export const action = only("GET");
