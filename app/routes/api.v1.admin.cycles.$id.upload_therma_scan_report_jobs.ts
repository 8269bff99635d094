import { jobCollectionAction, jobCollectionLoader } from "~/features/jobs/api.server";

/**
 * GET (list, newest first) and POST (multipart file + error_mode → 202) /api/v1/admin/cycles/{cycle_id}/upload_therma_scan_report_jobs:
 * the Therma-scan report upload. Super admin only, also for reading (ADR 0033).
 */
export const loader = jobCollectionLoader("UPLOAD_THERMA_SCAN");
export const action = jobCollectionAction("UPLOAD_THERMA_SCAN");
