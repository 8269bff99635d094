import { only, promotionCyclesLoader } from "~/features/promotions/api.server";

/** GET /api/v1/hr_partner/promotion_cycles: the cycles with promotion work for me in this role. */
export const loader = promotionCyclesLoader("hr_partner");
export const action = only("GET");
