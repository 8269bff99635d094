import { jobCollectionAction, jobCollectionLoader } from "~/features/jobs/api.server";

/** GET (list, newest first) and POST (start a job → 202) /api/v1/admin/cycles/{cycle_id}/populate_participants_jobs. */
export const loader = jobCollectionLoader("POPULATE_PARTICIPANTS");
export const action = jobCollectionAction("POPULATE_PARTICIPANTS");
