import { useTranslation } from "react-i18next";
import { jobListHandle, JobListRoute } from "~/features/jobs/components/job-views";
import { jobListLoader, jobStartAction } from "~/features/jobs/pages.server";

export const handle = jobListHandle("download_participants");
export const loader = jobListLoader("DOWNLOAD_PARTICIPANTS");
/** Start a download job → its page (other pages post here too: StartDownloadButton). */
export const action = jobStartAction("DOWNLOAD_PARTICIPANTS");

export default function JobsList() {
  const { t } = useTranslation();
  return (
    <JobListRoute
      intro={t("jobs.intros.downloadParticipants")}
      start={{ label: t("jobs.downloadParticipants"), testId: "start-download" }}
    />
  );
}
