import { pageTitle } from "~/platform/i18n/page-title";
import { jobStartAction } from "~/features/jobs/pages.server";
import { directoryImportLoader } from "~/features/jobs/types/directory/pages.server";
import { DirectoryImportRoute } from "~/features/jobs/types/directory/import-page";

export const handle = pageTitle("jobs.directory.pageTitle");
export const loader = directoryImportLoader;
/** Multipart upload (file, error_mode) → the new job's page (/app/admin/users/import/jobs/{jobId}). */
export const action = jobStartAction("IMPORT_DIRECTORY");

export default DirectoryImportRoute;
