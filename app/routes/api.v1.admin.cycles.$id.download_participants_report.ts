import { reportJobsAction, reportJobsLoader } from "~/features/decision-support/api.server";

/**
 * GET (report jobs, newest first; super admin or HR ops) and POST ?metric_type= (start a report → 202; super admin)
 * /api/v1/admin/cycles/{cycle_id}/download_participants_report (ADR 0032).
 */
export const loader = reportJobsLoader;
export const action = reportJobsAction;
