import type { MetaFunction } from "@remix-run/node";
import { jobStartAction } from "~/features/jobs/pages.server";
import { directoryImportLoader } from "~/features/jobs/types/directory/pages.server";
import { DirectoryImportRoute } from "~/features/jobs/types/directory/import-page";

export const meta: MetaFunction = () => [{ title: "Import users - PMR" }];
export const loader = directoryImportLoader;
/** Multipart upload (file, error_mode) → the new job's page (/app/admin/users/import/jobs/{jobId}). */
export const action = jobStartAction("IMPORT_DIRECTORY");

export default DirectoryImportRoute;
