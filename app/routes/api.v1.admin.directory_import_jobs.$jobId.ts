import { getOnlyAction, jobItemLoader } from "~/features/jobs/api.server";

/** GET /api/v1/admin/directory_import_jobs/{job_id}: the job and a page of its row errors (ADR 0052). */
export const loader = jobItemLoader("IMPORT_DIRECTORY");
export const action = getOnlyAction();
