import { getOnlyAction, jobItemLoader } from "~/features/jobs/api.server";

/** GET /api/v1/admin/cycles/{cycle_id}/download_nomination_jobs/{job_id}: the job and its progress (super admin). */
export const loader = jobItemLoader("DOWNLOAD_NOMINATIONS");
export const action = getOnlyAction();
