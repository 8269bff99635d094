import { JobDetailRoute, jobDetailHandle } from "~/features/jobs/components/job-views";
import { jobDetailLoader } from "~/features/jobs/pages.server";

export const handle = jobDetailHandle("export_person");
/** Status and outcome of one personal data export job (refreshed every second while it runs; ADR 0053). */
export const loader = jobDetailLoader("EXPORT_PERSON");

export default JobDetailRoute;
