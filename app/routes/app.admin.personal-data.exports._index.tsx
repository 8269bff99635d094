import { useTranslation } from "react-i18next";
import { jobListHandle, JobListRoute } from "~/features/jobs/components/job-views";
import { jobListLoader } from "~/features/jobs/pages.server";

export const handle = jobListHandle("export_person");
/** Every personal data export job, newest first (super admin; ADR 0053). */
export const loader = jobListLoader("EXPORT_PERSON");

export default function PersonalDataJobs() {
  const { t } = useTranslation();
  return <JobListRoute intro={t("jobs.intros.exports")} />;
}
