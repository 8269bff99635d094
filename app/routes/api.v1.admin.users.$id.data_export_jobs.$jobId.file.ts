import { only } from "~/platform/api-routes.server";
import { personExportFileLoader } from "~/features/privacy/api.server";

/** GET /api/v1/admin/users/{id}/data_export_jobs/{job_id}/file: the export's ZIP (super admin). */
export const loader = personExportFileLoader;
export const action = only("GET");
