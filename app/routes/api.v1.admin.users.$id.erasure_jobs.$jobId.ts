import { only } from "~/platform/api-routes.server";
import { personJobLoader } from "~/features/privacy/api.server";

/** GET /api/v1/admin/users/{id}/erasure_jobs/{job_id} (super admin). */
export const loader = personJobLoader("ERASE_PERSON");
export const action = only("GET");
