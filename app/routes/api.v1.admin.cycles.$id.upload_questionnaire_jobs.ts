import { jobCollectionAction, jobCollectionLoader } from "~/features/jobs/api.server";

/**
 * GET (list, newest first) and POST (multipart questionnaire CSV → 202 {job})
 * /api/v1/admin/cycles/{cycle_id}/upload_questionnaire_jobs. The job replaces the cycle's
 * questionnaire only if every row is valid (ADR 0018).
 */
export const loader = jobCollectionLoader("UPLOAD_QUESTIONNAIRE");
export const action = jobCollectionAction("UPLOAD_QUESTIONNAIRE");
