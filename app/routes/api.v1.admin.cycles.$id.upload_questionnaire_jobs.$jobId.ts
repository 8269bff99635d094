import { getOnlyAction, jobItemLoader } from "~/features/jobs/api.server";

/** GET /api/v1/admin/cycles/{cycle_id}/upload_questionnaire_jobs/{job_id}: the job and a page of its row errors. */
export const loader = jobItemLoader("UPLOAD_QUESTIONNAIRE");
export const action = getOnlyAction();
