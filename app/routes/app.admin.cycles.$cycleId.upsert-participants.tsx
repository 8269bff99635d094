import { useTranslation } from "react-i18next";
import { adminCyclePageHandle, ParticipantUploadRoute } from "~/features/jobs/components/job-views";
import { jobStartAction, participantUploadLoader } from "~/features/jobs/pages.server";

export const handle = adminCyclePageHandle("jobs.participantUpload.upsertPageTitle");
export const loader = participantUploadLoader("UPSERT_PARTICIPANTS");
/** Multipart upload (file, error_mode) → the new job's page. */
export const action = jobStartAction("UPSERT_PARTICIPANTS");

export default function UpsertParticipantsPage() {
  const { t } = useTranslation();
  return <ParticipantUploadRoute title={t("jobs.participantUpload.upsertTitle")}>{t("jobs.participantUpload.upsertIntro")}</ParticipantUploadRoute>;
}
