import { jobCollectionAction, jobCollectionLoader } from "~/features/jobs/api.server";

/** GET (list, newest first) and POST (start a job → 202) /api/v1/admin/cycles/{cycle_id}/download_participant_jobs. */
export const loader = jobCollectionLoader("DOWNLOAD_PARTICIPANTS");
export const action = jobCollectionAction("DOWNLOAD_PARTICIPANTS");
