import { jobCollectionAction, jobCollectionLoader } from "~/features/jobs/api.server";

/**
 * GET (list, newest first; super admin or HR ops) and POST (start → 202 {job}; super admin)
 * /api/v1/admin/cycles/{cycle_id}/bulk_participants_feedback_pdf_jobs: every participant's feedback summary
 * as a PDF, in one ZIP (ADR 0023).
 */
export const loader = jobCollectionLoader("BULK_FEEDBACK_PDF");
export const action = jobCollectionAction("BULK_FEEDBACK_PDF");
