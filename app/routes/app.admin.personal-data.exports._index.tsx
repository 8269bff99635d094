import { adminCyclePageMeta, JobListRoute } from "~/features/jobs/components/job-views";
import { jobListLoader } from "~/features/jobs/pages.server";

export const meta = adminCyclePageMeta("Personal data exports");
/** Every personal data export job, newest first (super admin; ADR 0053). */
export const loader = jobListLoader("EXPORT_PERSON");

export default function PersonalDataJobs() {
  return <JobListRoute intro="Each job collects everything the product holds about one person into a ZIP (person.json and one CSV per section); start one from the person's page (Users)." />;
}
