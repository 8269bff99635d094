import { getOnlyAction, jobFileLoader } from "~/features/jobs/api.server";

/** GET /api/v1/admin/data_export_jobs/{job_id}/file: a person's data export (ZIP) by job id, as the job pages link it (super admin; ADR 0053). */
export const loader = jobFileLoader("EXPORT_PERSON");
export const action = getOnlyAction();
