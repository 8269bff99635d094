import { only, teamRatingsLoader } from "~/features/performance-trends/api.server";

/** GET /api/v1/performance_dashboard/direct_reports_performance_ratings: my direct reports' ratings (ADR 0030). */
export const loader = teamRatingsLoader;
export const action = only("GET");
