import { jobCollectionAction, jobCollectionLoader } from "~/features/jobs/api.server";

/**
 * GET (list, newest first) and POST (start a job → 202) /api/v1/admin/cycles/{cycle_id}/download_nomination_jobs:
 * the cycle's promotion nominations with their endorsements and decisions as CSV. Super admin only (ADR 0028).
 */
export const loader = jobCollectionLoader("DOWNLOAD_NOMINATIONS");
export const action = jobCollectionAction("DOWNLOAD_NOMINATIONS");
