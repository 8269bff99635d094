import { jobCollectionAction, jobCollectionLoader } from "~/features/jobs/api.server";

/** GET (list, newest first) and POST (multipart file + error_mode → 202) /api/v1/admin/directory_import_jobs (ADR 0052). */
export const loader = jobCollectionLoader("IMPORT_DIRECTORY");
export const action = jobCollectionAction("IMPORT_DIRECTORY");
