import { only } from "~/platform/api-routes.server";
import { exportJobLoader } from "~/features/insights/export/api.server";

/** GET /api/v1/insights/cycles/{cycle_id}/export_jobs/{job_id}: one CSV export of a cycle's fairness insights (ADR 0115). */
export const loader = exportJobLoader("cycle");
export const action = only("GET");
