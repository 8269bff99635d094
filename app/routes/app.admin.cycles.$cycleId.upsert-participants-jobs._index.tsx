import { adminCyclePageMeta, JobListRoute } from "~/features/jobs/components/job-views";
import { StartDownloadButton } from "~/features/jobs/components/job-pages";
import { jobListLoader } from "~/features/jobs/pages.server";

export const meta = adminCyclePageMeta("Upsert participants jobs");
export const loader = jobListLoader("UPSERT_PARTICIPANTS");

export default function JobsList() {
  return <JobListRoute actions={(cycleId) => <StartDownloadButton cycleId={cycleId} />} uploadPage="upsert-participants" />;
}
