import { only, poolLoader } from "~/features/calibration/api.server";

/** GET /api/v1/admin/cycles/{id}/calibration_sessions/all_participants?not_in_session=true|false (super admin). */
export const loader = poolLoader("admin");
export const action = only("GET");
