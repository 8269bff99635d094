import { adminCyclePageMeta, JobListRoute } from "~/features/jobs/components/job-views";
import { StartDownloadButton } from "~/features/jobs/components/job-pages";
import { jobListLoader, jobStartAction } from "~/features/jobs/pages.server";

export const meta = adminCyclePageMeta("Populate participants jobs");
export const loader = jobListLoader("POPULATE_PARTICIPANTS");
/** Start a populate job → its page. */
export const action = jobStartAction("POPULATE_PARTICIPANTS");

export default function JobsList() {
  return (
    <JobListRoute
      intro={
        "Adds every active employee and people partner as a participant of this cycle, with their manager, secondary manager and HR " +
        "partner from the organisation. People who already are participants are left as they are, so it is safe to run again."
      }
      actions={(cycleId) => <StartDownloadButton cycleId={cycleId} />}
      start={{ label: "Populate from the organisation", testId: "start-populate" }}
    />
  );
}
