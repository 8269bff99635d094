import { only, poolLoader } from "~/features/promotions/api.server";

/** GET /api/v1/admin/cycles/{id}/promotion_nominations?not_in_session=true|false: every nomination of the cycle (super admin). */
export const loader = poolLoader("admin");
export const action = only("GET");
