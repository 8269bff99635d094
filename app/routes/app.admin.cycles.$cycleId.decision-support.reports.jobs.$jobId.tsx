import { JobDetailRoute, jobDetailHandle } from "~/features/jobs/components/job-views";
import { jobDetailLoader } from "~/features/jobs/pages.server";

export const handle = jobDetailHandle("download_participants_report");
/** Status, progress (refreshed every second while running) and the CSV download of one report. */
export const loader = jobDetailLoader("DOWNLOAD_PARTICIPANTS_REPORT");

export default JobDetailRoute;
