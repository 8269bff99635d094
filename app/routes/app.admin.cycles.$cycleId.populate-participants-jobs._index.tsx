import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, Typography } from "@mui/material";
import { JobListPage, StartDownloadButton } from "~/components/job-views";
import { loadJobListPage, startJobFromPage } from "~/services/job-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `Populate participants jobs - ${data?.cycle.name ?? "Cycle"} - PMR`,
  },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadJobListPage(request, params, "POPULATE_PARTICIPANTS");
}

/** Start a populate job → its page. */
export async function action({ request, params }: ActionFunctionArgs) {
  return startJobFromPage(request, params, "POPULATE_PARTICIPANTS");
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
          Adds every active employee and people partner as a participant of this cycle, with their manager, secondary manager and HR partner
          from the organisation. People who already are participants are left as they are, so it is safe to run again.
        </Typography>
      }
      actions={
        <>
          <StartDownloadButton cycleId={cycle.id} />
          <Form method="post">
            <Button type="submit" variant="contained" disabled={busy} data-testid="start-populate">
              Populate from the organisation
            </Button>
          </Form>
        </>
      }
    />
  );
}
