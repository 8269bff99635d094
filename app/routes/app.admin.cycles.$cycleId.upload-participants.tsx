import { useTranslation } from "react-i18next";
import { adminCyclePageHandle, ParticipantUploadRoute } from "~/features/jobs/components/job-views";
import { jobStartAction, participantUploadLoader } from "~/features/jobs/pages.server";

export const handle = adminCyclePageHandle("jobs.participantUpload.uploadPageTitle");
export const loader = participantUploadLoader("UPLOAD_PARTICIPANTS");
/** Multipart upload (file, error_mode) → the new job's page. */
export const action = jobStartAction("UPLOAD_PARTICIPANTS");

export default function UploadParticipantsPage() {
  const { t } = useTranslation();
  return <ParticipantUploadRoute title={t("jobs.participantUpload.uploadTitle")}>{t("jobs.participantUpload.uploadIntro")}</ParticipantUploadRoute>;
}
