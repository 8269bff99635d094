import { useLoaderData } from "@remix-run/react";
import { jobListHandle, JobListRoute } from "~/features/jobs/components/job-views";
import { StartDownloadButton } from "~/features/jobs/components/job-pages";
import { PopulateFiltersForm } from "~/features/jobs/components/populate-filters-form";
import { jobStartAction, populateJobsLoader } from "~/features/jobs/pages.server";

export const handle = jobListHandle("populate_participants");
/** The cycle's populate jobs, and the directory's departments, locations and levels for the filters. */
export const loader = populateJobsLoader();
/** Start a populate job with the chosen filters → its page. */
export const action = jobStartAction("POPULATE_PARTICIPANTS");

export default function JobsList() {
  const { filterOptions } = useLoaderData<typeof loader>();
  return <JobListRoute intro={<PopulateFiltersForm options={filterOptions} />} actions={(cycleId) => <StartDownloadButton cycleId={cycleId} />} />;
}
