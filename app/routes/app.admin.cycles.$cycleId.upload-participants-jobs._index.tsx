import { jobListHandle, JobListRoute } from "~/features/jobs/components/job-views";
import { StartDownloadButton } from "~/features/jobs/components/job-pages";
import { jobListLoader } from "~/features/jobs/pages.server";

export const handle = jobListHandle("upload_participants");
export const loader = jobListLoader("UPLOAD_PARTICIPANTS");

export default function JobsList() {
  return <JobListRoute actions={(cycleId) => <StartDownloadButton cycleId={cycleId} />} uploadPage="upload-participants" />;
}
