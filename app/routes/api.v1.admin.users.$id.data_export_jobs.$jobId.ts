import { only } from "~/platform/api-routes.server";
import { personJobLoader } from "~/features/privacy/api.server";

/** GET /api/v1/admin/users/{id}/data_export_jobs/{job_id} (super admin). */
export const loader = personJobLoader("EXPORT_PERSON");
export const action = only("GET");
