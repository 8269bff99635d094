import { jobListHandle, JobListRoute } from "~/features/jobs/components/job-views";
import { StartDownloadButton } from "~/features/jobs/components/job-pages";
import { jobListLoader } from "~/features/jobs/pages.server";

export const handle = jobListHandle("upsert_participants");
export const loader = jobListLoader("UPSERT_PARTICIPANTS");

export default function JobsList() {
  return <JobListRoute actions={(cycleId) => <StartDownloadButton cycleId={cycleId} />} uploadPage="upsert-participants" />;
}
