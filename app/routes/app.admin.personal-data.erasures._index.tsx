import { adminCyclePageMeta, JobListRoute } from "~/features/jobs/components/job-views";
import { jobListLoader } from "~/features/jobs/pages.server";

export const meta = adminCyclePageMeta("Personal data erasures");
/** Every personal data erasure job, newest first (super admin; ADR 0053). */
export const loader = jobListLoader("ERASE_PERSON");

export default function PersonalDataJobs() {
  return <JobListRoute intro="Each job replaces a deactivated person's identifiers by a pseudonym in every table and removes free text written about them; start one from the person's page (Users)." />;
}
