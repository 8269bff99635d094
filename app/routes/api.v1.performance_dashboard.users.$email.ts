import { headerLoader, only } from "~/features/performance-trends/api.server";

/** GET /api/v1/performance_dashboard/users/{email}: the performance dashboard's header (ADR 0030). */
export const loader = headerLoader;
export const action = only("GET");
