import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, Typography } from "@mui/material";
import { JobListPage } from "~/components/job-views";
import { loadJobListPage, startJobFromPage } from "~/services/job-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Download all feedback PDFs - ${data?.cycle.name ?? "Cycle"} - PMR` }];

/** Spec route bulk-participants-feedback-pdf-download: start the job, see the jobs and their progress. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadJobListPage(request, params, "BULK_FEEDBACK_PDF");
}

/** Start a bulk PDF job → its page. */
export async function action({ request, params }: ActionFunctionArgs) {
  return startJobFromPage(request, params, "BULK_FEEDBACK_PDF");
}

export default function BulkFeedbackPdfJobs() {
  const data = useLoaderData<typeof loader>();
  const { cycle } = data;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const result = useActionData<{ ok: false; formError: string } | undefined>();
  return (
    <JobListPage
      {...data}
      formError={result?.formError ?? null}
      intro={
        <Typography sx={{ mb: 2, maxWidth: 760 }}>
          Writes the feedback summary of every participant who receives feedback in this cycle as a PDF (named, as an admin sees it) and
          puts them all in one ZIP archive, in the background. Rows are participants; the job page offers the archive once it is ready.
        </Typography>
      }
      actions={
        <Form method="post">
          <Button type="submit" variant="contained" disabled={busy} data-testid="start-bulk-feedback-pdf">
            Download all feedback PDFs
          </Button>
        </Form>
      }
    />
  );
}
