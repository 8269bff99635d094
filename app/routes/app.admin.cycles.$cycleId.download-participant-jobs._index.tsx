import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, Typography } from "@mui/material";
import { JobListPage } from "~/components/job-views";
import { loadJobListPage, startJobFromPage } from "~/services/job-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `Download participants jobs - ${data?.cycle.name ?? "Cycle"} - PMR`,
  },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadJobListPage(request, params, "DOWNLOAD_PARTICIPANTS");
}

/** Start a download job → its page (other pages post here too). */
export async function action({ request, params }: ActionFunctionArgs) {
  return startJobFromPage(request, params, "DOWNLOAD_PARTICIPANTS");
}

export default function JobsList() {
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
          Writes every participant of this cycle to a CSV file in the background; the job page offers the file once it is ready.
        </Typography>
      }
      actions={
        <Form method="post">
          <Button type="submit" variant="contained" disabled={busy} data-testid="start-download">
            Download participants CSV
          </Button>
        </Form>
      }
    />
  );
}
