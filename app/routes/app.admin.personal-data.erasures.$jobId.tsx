import { JobDetailRoute, jobDetailHandle } from "~/features/jobs/components/job-views";
import { jobDetailLoader } from "~/features/jobs/pages.server";

export const handle = jobDetailHandle("erase_person");
/** Status and outcome of one personal data erasure job (refreshed every second while it runs; ADR 0053). */
export const loader = jobDetailLoader("ERASE_PERSON");

export default JobDetailRoute;
