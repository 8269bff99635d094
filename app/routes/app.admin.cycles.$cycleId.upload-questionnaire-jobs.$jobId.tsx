import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { Alert, Button } from "@mui/material";
import { JobDetailPage } from "~/components/job-views";
import { loadJobDetailPage } from "~/services/job-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Upload questionnaire job #${data?.job.id ?? ""} - PMR` }];

/** Status, progress (refreshed every second while running) and row errors of one questionnaire upload. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadJobDetailPage(request, params, "UPLOAD_QUESTIONNAIRE");
}

export default function QuestionnaireJobDetails() {
  const data = useLoaderData<typeof loader>();
  return (
    <JobDetailPage
      {...data}
      intro={
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          data-testid="questionnaire-job-note"
          action={
            <Button component={RemixLink} to={`/app/admin/cycles/${data.cycle.id}/questions`} size="small" data-testid="questionnaire-job-questions">
              View questions
            </Button>
          }
        >
          A questionnaire is all-or-nothing: if any row has an error, nothing is applied.
        </Alert>
      }
    />
  );
}
