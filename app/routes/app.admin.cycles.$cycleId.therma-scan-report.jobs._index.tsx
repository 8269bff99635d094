import { jobListHandle, JobListRoute } from "~/features/jobs/components/job-views";
import { jobListLoader } from "~/features/jobs/pages.server";

export const handle = jobListHandle("upload_therma_scan");
export const loader = jobListLoader("UPLOAD_THERMA_SCAN");

export default function JobsList() {
  return <JobListRoute uploadPage="therma-scan-report/upload" />;
}
