import { adminCyclePageMeta, JobListRoute } from "~/features/jobs/components/job-views";
import { jobListLoader, jobStartAction } from "~/features/jobs/pages.server";

export const meta = adminCyclePageMeta("Download nominations jobs");
export const loader = jobListLoader("DOWNLOAD_NOMINATIONS");
/** Start a nominations download job → its page. */
export const action = jobStartAction("DOWNLOAD_NOMINATIONS");

export default function JobsList() {
  return (
    <JobListRoute
      intro="Writes the cycle's promotion nominations to a CSV file in the background, one row per endorsement request, with the endorsements and decisions; the job page offers the file once it is ready."
      start={{ label: "Download nominations CSV", testId: "start-nominations-download" }}
    />
  );
}
