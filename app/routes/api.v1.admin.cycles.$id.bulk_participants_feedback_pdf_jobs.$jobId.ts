import { getOnlyAction, jobItemLoader } from "~/features/jobs/api.server";

/** GET /api/v1/admin/cycles/{cycle_id}/bulk_participants_feedback_pdf_jobs/{job_id}: the job and its progress (participants). */
export const loader = jobItemLoader("BULK_FEEDBACK_PDF");
export const action = getOnlyAction();
