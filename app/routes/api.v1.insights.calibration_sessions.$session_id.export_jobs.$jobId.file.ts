import { only } from "~/platform/api-routes.server";
import { exportFileLoader } from "~/features/insights/export/api.server";

/** GET /api/v1/insights/calibration_sessions/{session_id}/export_jobs/{job_id}/file: the export's CSV once its job has succeeded (ADR 0115). */
export const loader = exportFileLoader("session");
export const action = only("GET");
