import { JobDetailRoute, jobDetailHandle } from "~/features/jobs/components/job-views";
import { jobDetailLoader } from "~/features/jobs/pages.server";

export const handle = jobDetailHandle("upload_participants");
/** Status, progress (refreshed every second while running) and row errors of one job. */
export const loader = jobDetailLoader("UPLOAD_PARTICIPANTS");

export default JobDetailRoute;
