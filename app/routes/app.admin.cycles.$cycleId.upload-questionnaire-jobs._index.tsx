import { useTranslation } from "react-i18next";
import { Link as RemixLink } from "@remix-run/react";
import { Alert, Button } from "@mui/material";
import { jobListHandle, JobListRoute } from "~/features/jobs/components/job-views";
import { jobListLoader } from "~/features/jobs/pages.server";

export const handle = jobListHandle("upload_questionnaire");
export const loader = jobListLoader("UPLOAD_QUESTIONNAIRE");

export default function QuestionnaireJobsList() {
  const { t } = useTranslation();
  return (
    <JobListRoute
      intro={
        <Alert severity="info" sx={{ mb: 2 }}>
          {t("jobs.intros.questionnaireList")}
        </Alert>
      }
      actions={(cycleId) => (
        <Button component={RemixLink} to={`/app/admin/cycles/${cycleId}/questions`} variant="outlined">
          {t("jobs.intros.questions")}
        </Button>
      )}
      uploadPage="upload-questionnaire"
    />
  );
}
