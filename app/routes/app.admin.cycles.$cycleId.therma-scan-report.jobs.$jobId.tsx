import { JobDetailRoute, jobDetailHandle } from "~/features/jobs/components/job-views";
import { jobDetailLoader } from "~/features/jobs/pages.server";

export const handle = jobDetailHandle("upload_therma_scan");
/** Status, progress (refreshed every second while running) and row errors of one upload. */
export const loader = jobDetailLoader("UPLOAD_THERMA_SCAN");

export default JobDetailRoute;
