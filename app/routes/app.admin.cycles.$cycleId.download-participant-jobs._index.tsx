import { adminCyclePageMeta, JobListRoute } from "~/features/jobs/components/job-views";
import { jobListLoader, jobStartAction } from "~/features/jobs/pages.server";

export const meta = adminCyclePageMeta("Download participants jobs");
export const loader = jobListLoader("DOWNLOAD_PARTICIPANTS");
/** Start a download job → its page (other pages post here too: StartDownloadButton). */
export const action = jobStartAction("DOWNLOAD_PARTICIPANTS");

export default function JobsList() {
  return (
    <JobListRoute
      intro="Writes every participant of this cycle to a CSV file in the background; the job page offers the file once it is ready."
      start={{ label: "Download participants CSV", testId: "start-download" }}
    />
  );
}
