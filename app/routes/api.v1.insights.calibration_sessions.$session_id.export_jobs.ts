import { exportJobsAction, exportJobsLoader } from "~/features/insights/export/api.server";

/** GET/POST /api/v1/insights/calibration_sessions/{session_id}/export_jobs: the CSV exports of a calibration session's fairness insights (ADR 0115). */
export const loader = exportJobsLoader("session");
export const action = exportJobsAction("session");
