import { only, poolLoader } from "~/features/promotions/api.server";

/** GET /api/v1/cycles/{cycle_id}/hr_partner/promotion_nominations?not_in_session=true|false: the nominations of my people and my sessions. */
export const loader = poolLoader("hr_partner");
export const action = only("GET");
