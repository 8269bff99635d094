import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { Alert, Button } from "@mui/material";
import { JobListPage } from "~/components/job-views";
import { loadJobListPage } from "~/services/job-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Upload questionnaire jobs - ${data?.cycle.name ?? "Cycle"} - PMR` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadJobListPage(request, params, "UPLOAD_QUESTIONNAIRE");
}

export default function QuestionnaireJobsList() {
  const data = useLoaderData<typeof loader>();
  const { cycle } = data;
  return (
    <JobListPage
      {...data}
      intro={
        <Alert severity="info" sx={{ mb: 2 }}>
          A questionnaire is all-or-nothing: a file with any invalid row changes nothing.
        </Alert>
      }
      actions={
        <>
          <Button component={RemixLink} to={`/app/admin/cycles/${cycle.id}/questions`} variant="outlined">
            Questions
          </Button>
          <Button component={RemixLink} to={`/app/admin/cycles/${cycle.id}/upload-questionnaire`} variant="contained" data-testid="new-upload">
            Upload a file
          </Button>
        </>
      }
    />
  );
}
