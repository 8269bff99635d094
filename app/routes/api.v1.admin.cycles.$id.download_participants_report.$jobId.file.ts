import { getOnly, reportFileLoader } from "~/features/decision-support/api.server";

/** GET /api/v1/admin/cycles/{cycle_id}/download_participants_report/{job_id}/file: the report's CSV. */
export const loader = reportFileLoader;
export const action = getOnly;
