import { getOnlyAction, jobFileLoader } from "~/features/jobs/api.server";

/** GET /api/v1/admin/cycles/{cycle_id}/download_participant_jobs/{job_id}/file: the participants CSV. */
export const loader = jobFileLoader("DOWNLOAD_PARTICIPANTS");
export const action = getOnlyAction();
