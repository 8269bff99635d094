import { getOnlyAction, jobFileLoader } from "~/features/jobs/api.server";

/** GET /api/v1/admin/cycles/{cycle_id}/download_nomination_jobs/{job_id}/file: the nominations CSV (super admin). */
export const loader = jobFileLoader("DOWNLOAD_NOMINATIONS");
export const action = getOnlyAction();
