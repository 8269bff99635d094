import { only } from "~/platform/api-routes.server";
import { exportJobLoader } from "~/features/insights/export/api.server";

/** GET /api/v1/insights/calibration_sessions/{session_id}/export_jobs/{job_id}: one CSV export of a calibration session's fairness insights (ADR 0115). */
export const loader = exportJobLoader("session");
export const action = only("GET");
