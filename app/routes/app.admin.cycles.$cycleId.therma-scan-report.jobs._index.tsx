import { adminCyclePageMeta, JobListRoute } from "~/features/jobs/components/job-views";
import { jobListLoader } from "~/features/jobs/pages.server";

export const meta = adminCyclePageMeta("Therma-scan report jobs");
export const loader = jobListLoader("UPLOAD_THERMA_SCAN");

export default function JobsList() {
  return <JobListRoute uploadPage="therma-scan-report/upload" />;
}
