import { exportJobsAction, exportJobsLoader } from "~/features/insights/export/api.server";

/** GET/POST /api/v1/insights/cycles/{cycle_id}/export_jobs: the CSV exports of a cycle's fairness insights (ADR 0115). */
export const loader = exportJobsLoader("cycle");
export const action = exportJobsAction("cycle");
