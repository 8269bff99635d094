import { orNotFoundPage, pageIdParam } from "~/platform/page-errors.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Typography } from "@mui/material";
import { JobDetailLayout } from "~/features/jobs/components/job-pages";
import { JobOriginFacts } from "~/features/jobs/components/job-status";
import { stageText } from "~/features/nudges/components/nudge-views";
import type { NudgeJobView } from "~/features/nudges/rules";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { PageQuerySchema } from "~/features/jobs/queries.server";
import { getNudgeJobDetail } from "~/features/nudges/service.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Nudge #${data?.job.id ?? ""} - PMR` }];

/** One nudge job: status, progress (refreshed every second while running), counts and refused emails. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycle } = await requireAdminCycle(request, params);
  const jobId = pageIdParam(params.jobId);
  const url = new URL(request.url);
  const parsed = PageQuerySchema.safeParse({ page: url.searchParams.get("page") ?? undefined });
  const query = parsed.success ? parsed.data : { page: 1, page_size: 25 };
  const detail = await orNotFoundPage(() => getNudgeJobDetail(cycle.id, jobId, query));
  return { cycle, ...detail };
}

export default function NudgeJob() {
  const { cycle, job: raw, row_errors, row_errors_total, page, page_size } = useLoaderData<typeof loader>();
  const job = raw as NudgeJobView;
  return (
    <JobDetailLayout
      cycle={cycle}
      job={job}
      title={`Nudge #${job.id}`}
      listPath={`/app/admin/cycles/${cycle.id}/nudges`}
      listLabel="All nudges"
      progressUnit="people reminded"
      progressMessage={false}
      warning={job.email_failed > 0}
      rowErrors={{ title: "Refused emails", items: row_errors, total: row_errors_total, page, pageSize: page_size }}
      facts={
        <>
          <Typography variant="body2">Stage: {stageText(job.stage)}</Typography>
          <Typography variant="body2">
            Recipients: <span data-testid="job-recipients">{job.recipients}</span> · Notified: <span data-testid="job-notified">{job.notified}</span> ·
            Emailed: <span data-testid="job-emailed">{job.emailed}</span>
            {job.email_failed > 0 ? ` · Emails refused: ${job.email_failed}` : ""}
          </Typography>
          <JobOriginFacts job={job} startedByNote={job.schedule_id !== null ? " · from a schedule" : ""} timeStyle="short" />
        </>
      }
    />
  );
}
