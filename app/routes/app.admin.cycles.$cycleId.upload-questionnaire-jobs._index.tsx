import { Link as RemixLink } from "@remix-run/react";
import { Alert, Button } from "@mui/material";
import { adminCyclePageMeta, JobListRoute } from "~/features/jobs/components/job-views";
import { jobListLoader } from "~/features/jobs/pages.server";

export const meta = adminCyclePageMeta("Upload questionnaire jobs");
export const loader = jobListLoader("UPLOAD_QUESTIONNAIRE");

export default function QuestionnaireJobsList() {
  return (
    <JobListRoute
      intro={
        <Alert severity="info" sx={{ mb: 2 }}>
          A questionnaire is all-or-nothing: a file with any invalid row changes nothing.
        </Alert>
      }
      actions={(cycleId) => (
        <Button component={RemixLink} to={`/app/admin/cycles/${cycleId}/questions`} variant="outlined">
          Questions
        </Button>
      )}
      uploadPage="upload-questionnaire"
    />
  );
}
