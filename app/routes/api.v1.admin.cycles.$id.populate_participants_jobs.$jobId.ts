import { getOnlyAction, jobItemLoader } from "~/features/jobs/api.server";

/** GET /api/v1/admin/cycles/{cycle_id}/populate_participants_jobs/{job_id}: the job and a page of its row errors. */
export const loader = jobItemLoader("POPULATE_PARTICIPANTS");
export const action = getOnlyAction();
