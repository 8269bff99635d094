import { JobDetailRoute, jobDetailHandle } from "~/features/jobs/components/job-views";
import { jobDetailLoader } from "~/features/jobs/pages.server";

export const handle = jobDetailHandle("import_directory");
/** Status, progress (refreshed every second while running) and row errors of one directory import. */
export const loader = jobDetailLoader("IMPORT_DIRECTORY");

export default JobDetailRoute;
