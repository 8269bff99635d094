import { useTranslation } from "react-i18next";
import { ButtonLink } from "~/platform/ui/static";
import { jobListHandle, JobListRoute } from "~/features/jobs/components/job-views";
import { jobListLoader } from "~/features/jobs/pages.server";

export const handle = jobListHandle("download_participants_report");
export const loader = jobListLoader("DOWNLOAD_PARTICIPANTS_REPORT");

export default function JobsList() {
  const { t } = useTranslation();
  return (
    <JobListRoute
      intro={t("jobs.intros.report")}
      actions={(cycleId) => (
        <ButtonLink to={`/app/admin/cycles/${cycleId}/decision-support/reports`} variant="contained" data-testid="new-report">
          {t("jobs.intros.newReport")}
        </ButtonLink>
      )}
    />
  );
}
