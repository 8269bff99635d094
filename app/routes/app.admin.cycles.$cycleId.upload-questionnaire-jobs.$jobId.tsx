import { useTranslation } from "react-i18next";
import { Alert, ButtonLink } from "~/platform/ui/static";
import css from "~/features/jobs/components/jobs.module.css";
import { JobDetailRoute, jobDetailHandle } from "~/features/jobs/components/job-views";
import { jobDetailLoader } from "~/features/jobs/pages.server";

export const handle = jobDetailHandle("upload_questionnaire");
/** Status, progress (refreshed every second while running) and row errors of one questionnaire upload. */
export const loader = jobDetailLoader("UPLOAD_QUESTIONNAIRE");

export default function QuestionnaireJobDetails() {
  const { t } = useTranslation();
  return (
    <JobDetailRoute
      intro={(cycleId) => (
        <Alert
          severity="info"
          className={css.intro}
          data-testid="questionnaire-job-note"
          action={
            <ButtonLink to={`/app/admin/cycles/${cycleId}/questions`} size="small" data-testid="questionnaire-job-questions">
              {t("jobs.intros.viewQuestions")}
            </ButtonLink>
          }
        >
          {t("jobs.intros.questionnaireDetail")}
        </Alert>
      )}
    />
  );
}
