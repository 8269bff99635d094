import { useTranslation } from "react-i18next";
import { jobListHandle, JobListRoute } from "~/features/jobs/components/job-views";
import { jobListLoader, jobStartAction } from "~/features/jobs/pages.server";

export const handle = jobListHandle("download_nominations");
export const loader = jobListLoader("DOWNLOAD_NOMINATIONS");
/** Start a nominations download job → its page. */
export const action = jobStartAction("DOWNLOAD_NOMINATIONS");

export default function JobsList() {
  const { t } = useTranslation();
  return (
    <JobListRoute
      intro={t("jobs.intros.downloadNominations")}
      start={{ label: t("jobs.intros.downloadNominationsStart"), testId: "start-nominations-download" }}
    />
  );
}
