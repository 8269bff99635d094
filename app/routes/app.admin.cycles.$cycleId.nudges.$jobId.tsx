import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { Alert, Box, LinearProgress, Link, Paper, Stack, Typography } from "@mui/material";
import { AdminCycleHeader } from "~/components/admin-cycle-header";
import { isActive, JobStatusChip, RowErrorsTable, useJobPolling } from "~/components/job-views";
import { stageText, whenUtc, type NudgeJobView } from "~/components/nudge-views";
import { requireAdminCycle } from "~/services/admin-cycle-page.server";
import { ApiError } from "~/services/api.server";
import { PageQuerySchema } from "~/services/jobs.server";
import { getNudgeJobDetail } from "~/services/nudges.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Nudge #${data?.job.id ?? ""} - PMR` }];

/** One nudge job: status, progress (refreshed every second while running), counts and refused emails. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycle } = await requireAdminCycle(request, params);
  const raw = params.jobId ?? "";
  if (!/^\d+$/.test(raw)) throw new Response("Not found", { status: 404, statusText: "Not found" });
  const url = new URL(request.url);
  const parsed = PageQuerySchema.safeParse({ page: url.searchParams.get("page") ?? undefined });
  const query = parsed.success ? parsed.data : { page: 1, page_size: 25 };
  try {
    const detail = await getNudgeJobDetail(cycle.id, Number(raw), query);
    return { cycle, ...detail };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw new Response("Not found", { status: 404, statusText: "Not found" });
    throw err;
  }
}

export default function NudgeJob() {
  const { cycle, job: raw, row_errors, row_errors_total, page, page_size } = useLoaderData<typeof loader>();
  const job = raw as NudgeJobView;
  useJobPolling(isActive(job));
  const pct = job.total_rows > 0 ? Math.round((job.processed_rows / job.total_rows) * 100) : job.status === "succeeded" ? 100 : 0;
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <AdminCycleHeader cycle={cycle} title={`Nudge #${job.id}`} />
      <Link component={RemixLink} to={`/app/admin/cycles/${cycle.id}/nudges`} sx={{ display: "inline-block", mb: 2 }} data-testid="job-list-link">
        All nudges
      </Link>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Typography component="span" sx={{ fontWeight: 500 }}>
              Status:
            </Typography>
            <JobStatusChip status={job.status} />
          </Stack>
          <Box data-testid="job-progress">
            <LinearProgress
              variant={job.status === "pending" || (job.status === "running" && job.total_rows === 0) ? "indeterminate" : "determinate"}
              value={pct}
              color={job.status === "failed" ? "error" : job.status === "succeeded" ? "success" : "primary"}
              aria-label="Progress"
              sx={{ height: 8, borderRadius: 1, mb: 0.5 }}
            />
            <Typography variant="body2" color="text.secondary" data-testid="job-progress-text">
              {job.processed_rows} / {job.total_rows} people reminded
            </Typography>
          </Box>
          {!isActive(job) && job.message && (
            <Alert severity={job.status === "failed" ? "error" : job.email_failed > 0 ? "warning" : "success"} data-testid="job-message">
              {job.message}
            </Alert>
          )}
          <Stack spacing={0.5} data-testid="job-facts">
            <Typography variant="body2">Stage: {stageText(job.stage)}</Typography>
            <Typography variant="body2">
              Recipients: <span data-testid="job-recipients">{job.recipients}</span> · Notified: <span data-testid="job-notified">{job.notified}</span> ·
              Emailed: <span data-testid="job-emailed">{job.emailed}</span>
              {job.email_failed > 0 ? ` · Emails refused: ${job.email_failed}` : ""}
            </Typography>
            <Typography variant="body2">
              Started by: {job.created_by ? `${job.created_by.name} (${job.created_by.email})` : "—"}
              {job.schedule_id !== null ? " · from a schedule" : ""}
            </Typography>
            <Typography variant="body2">
              Created: {whenUtc(job.created_at)} · Started: {whenUtc(job.started_at)} · Finished: {whenUtc(job.finished_at)}
            </Typography>
          </Stack>
        </Stack>
      </Paper>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Refused emails{row_errors_total > 0 ? ` (${row_errors_total})` : ""}
      </Typography>
      <RowErrorsTable errors={row_errors} total={row_errors_total} page={page} pageSize={page_size} />
    </Box>
  );
}
