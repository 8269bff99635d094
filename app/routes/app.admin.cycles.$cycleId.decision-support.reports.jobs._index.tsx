import { Link as RemixLink } from "@remix-run/react";
import { Button } from "@mui/material";
import { adminCyclePageMeta, JobListRoute } from "~/features/jobs/components/job-views";
import { jobListLoader } from "~/features/jobs/pages.server";

export const meta = adminCyclePageMeta("Participants report jobs");
export const loader = jobListLoader("DOWNLOAD_PARTICIPANTS_REPORT");

export default function JobsList() {
  return (
    <JobListRoute
      intro="Each job writes the participants report of one metric to a CSV file; its page offers the file once it is ready."
      actions={(cycleId) => (
        <Button component={RemixLink} to={`/app/admin/cycles/${cycleId}/decision-support/reports`} variant="contained" data-testid="new-report">
          New report
        </Button>
      )}
    />
  );
}
