import { jobListHandle, JobListRoute } from "~/features/jobs/components/job-views";
import { jobListLoader } from "~/features/jobs/pages.server";

export const handle = jobListHandle("import_directory");
export const loader = jobListLoader("IMPORT_DIRECTORY");

export default function DirectoryImportJobs() {
  return <JobListRoute uploadPage="users/import" />;
}
