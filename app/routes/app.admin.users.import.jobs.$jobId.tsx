import { JobDetailRoute, jobDetailMeta } from "~/features/jobs/components/job-views";
import { jobDetailLoader } from "~/features/jobs/pages.server";

export const meta = jobDetailMeta("Directory import");
/** Status, progress (refreshed every second while running) and row errors of one directory import. */
export const loader = jobDetailLoader("IMPORT_DIRECTORY");

export default JobDetailRoute;
