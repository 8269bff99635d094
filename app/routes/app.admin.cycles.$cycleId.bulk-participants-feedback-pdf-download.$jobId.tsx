import { JobDetailRoute, jobDetailHandle } from "~/features/jobs/components/job-views";
import { jobDetailLoader } from "~/features/jobs/pages.server";

export const handle = jobDetailHandle("bulk_feedback_pdf");
/** Status, progress per participant (refreshed every second while running) and the ZIP download. */
export const loader = jobDetailLoader("BULK_FEEDBACK_PDF");

export default JobDetailRoute;
