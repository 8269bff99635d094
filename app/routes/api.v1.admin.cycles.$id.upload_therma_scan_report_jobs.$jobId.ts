import { getOnlyAction, jobItemLoader } from "~/features/jobs/api.server";

/** GET /api/v1/admin/cycles/{cycle_id}/upload_therma_scan_report_jobs/{job_id}: the job and a page of its row errors (super admin). */
export const loader = jobItemLoader("UPLOAD_THERMA_SCAN");
export const action = getOnlyAction();
