import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Typography } from "@mui/material";
import { UploadJobForm } from "~/components/job-views";
import { requireAdminCycle } from "~/services/admin-cycle-page.server";
import { jobPagePath, startJobFromPage } from "~/services/job-pages.server";
import { PARTICIPANT_UPLOAD_COLUMNS } from "~/services/jobs.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Upsert participants - ${data?.cycle.name ?? "Cycle"} - PMR` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycle } = await requireAdminCycle(request, params);
  return {
    cycle,
    columns: [...PARTICIPANT_UPLOAD_COLUMNS],
    jobsPath: jobPagePath(cycle.id, "UPSERT_PARTICIPANTS"),
  };
}

/** Multipart upload (file, error_mode) → the new job's page. */
export async function action({ request, params }: ActionFunctionArgs) {
  return startJobFromPage(request, params, "UPSERT_PARTICIPANTS");
}

export default function UpsertParticipantsPage() {
  const { cycle, columns, jobsPath } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <UploadJobForm
      cycle={cycle}
      title="Upsert participants"
      jobsPath={jobsPath}
      templateHref={`/app/admin/cycles/${cycle.id}/participants-template.csv`}
      result={result ?? null}
      description={
        <>
          <Typography>
            Add participants to this cycle or change existing ones from a CSV file. A column left out of the file keeps the current value; a
            blank cell clears it.
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Columns: {columns.join(", ")} (email is required; reviewer_only is true or false). The file is checked and saved in the
            background; its page shows the progress and every invalid row.
          </Typography>
        </>
      }
    />
  );
}
