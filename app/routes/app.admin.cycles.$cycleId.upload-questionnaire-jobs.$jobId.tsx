import { useTranslation } from "react-i18next";
import { Link as RemixLink } from "@remix-run/react";
import { Alert, Button } from "@mui/material";
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
          sx={{ mb: 2 }}
          data-testid="questionnaire-job-note"
          action={
            <Button component={RemixLink} to={`/app/admin/cycles/${cycleId}/questions`} size="small" data-testid="questionnaire-job-questions">
              {t("jobs.intros.viewQuestions")}
            </Button>
          }
        >
          {t("jobs.intros.questionnaireDetail")}
        </Alert>
      )}
    />
  );
}
