import { useTranslation } from "react-i18next";
import { Alert, ButtonLink } from "~/platform/ui/static";
import css from "~/features/jobs/components/jobs.module.css";
import { jobListHandle, JobListRoute } from "~/features/jobs/components/job-views";
import { jobListLoader } from "~/features/jobs/pages.server";

export const handle = jobListHandle("upload_questionnaire");
export const loader = jobListLoader("UPLOAD_QUESTIONNAIRE");

export default function QuestionnaireJobsList() {
  const { t } = useTranslation();
  return (
    <JobListRoute
      intro={
        <Alert severity="info" className={css.intro}>
          {t("jobs.intros.questionnaireList")}
        </Alert>
      }
      actions={(cycleId) => (
        <ButtonLink to={`/app/admin/cycles/${cycleId}/questions`} variant="outlined">
          {t("jobs.intros.questions")}
        </ButtonLink>
      )}
      uploadPage="upload-questionnaire"
    />
  );
}
