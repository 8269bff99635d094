import { JobDetailRoute, jobDetailHandle } from "~/features/jobs/components/job-views";
import { jobDetailLoader } from "~/features/jobs/pages.server";

export const handle = jobDetailHandle("download_participants");
/** Status, progress (refreshed every second while running) and the CSV download. */
export const loader = jobDetailLoader("DOWNLOAD_PARTICIPANTS");

export default JobDetailRoute;
