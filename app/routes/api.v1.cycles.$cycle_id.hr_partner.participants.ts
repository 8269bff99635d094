import { only, poolLoader } from "~/features/calibration/api.server";

/** GET /api/v1/cycles/{cycle_id}/hr_partner/participants?not_in_session=true|false: the participants I am the HR partner of. */
export const loader = poolLoader("hr_partner");
export const action = only("GET");
