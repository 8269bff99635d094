import { getOnly, reportJobLoader } from "~/features/decision-support/api.server";

/** GET /api/v1/admin/cycles/{cycle_id}/download_participants_report/{job_id}: the job, its metric and progress. */
export const loader = reportJobLoader;
export const action = getOnly;
