import { adminCyclePageMeta, JobListRoute } from "~/features/jobs/components/job-views";
import { jobListLoader } from "~/features/jobs/pages.server";

export const meta = adminCyclePageMeta("Directory import jobs");
export const loader = jobListLoader("IMPORT_DIRECTORY");

export default function DirectoryImportJobs() {
  return <JobListRoute uploadPage="users/import" />;
}
