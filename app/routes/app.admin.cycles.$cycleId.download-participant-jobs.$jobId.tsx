import { JobDetailRoute, jobDetailMeta } from "~/components/job-views";
import { jobDetailLoader } from "~/services/job-pages.server";

export const meta = jobDetailMeta("Download participants");
/** Status, progress (refreshed every second while running) and the CSV download. */
export const loader = jobDetailLoader("DOWNLOAD_PARTICIPANTS");

export default JobDetailRoute;
