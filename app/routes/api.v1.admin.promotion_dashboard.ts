import { dashboardLoader, only } from "~/features/promotions/api.server";

/** GET /api/v1/admin/promotion_dashboard?cycle_id=: the promotion dashboard (super admin). */
export const loader = dashboardLoader;
export const action = only("GET");
