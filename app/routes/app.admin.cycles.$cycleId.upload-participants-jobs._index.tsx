import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { Button } from "@mui/material";
import { JobListPage, StartDownloadButton } from "~/components/job-views";
import { loadJobListPage } from "~/services/job-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Upload participants jobs - ${data?.cycle.name ?? "Cycle"} - PMR` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadJobListPage(request, params, "UPLOAD_PARTICIPANTS");
}

export default function JobsList() {
  const data = useLoaderData<typeof loader>();
  const { cycle } = data;
  return (
    <JobListPage
      {...data}
      actions={
        <>
          <StartDownloadButton cycleId={cycle.id} />
          <Button
            component={RemixLink}
            to={`/app/admin/cycles/${cycle.id}/upload-participants`}
            variant="contained"
            data-testid="new-upload"
          >
            Upload a file
          </Button>
        </>
      }
    />
  );
}
