import { only, promotionCyclesLoader } from "~/features/promotions/api.server";

/** GET /api/v1/promotion_calibration_session_sign_off_party/promotion_cycles: the cycles with promotion work for me in this role. */
export const loader = promotionCyclesLoader("sign_off");
export const action = only("GET");
