import { Form, Link as RemixLink, useNavigation } from "@remix-run/react";
import { Alert, Box, Button, Link, Paper, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { AdminCycleHeader } from "~/features/cycles/components/admin-cycle-header";
import { isActive, JobOriginFacts, JobProgress, JobStatusChip, useJobPolling } from "~/features/jobs/components/job-status";
import { JobsTable, PageLinks, RowErrorsTable } from "~/features/jobs/components/job-tables";
import { ERROR_MODE_LABELS, type JobCycleInfo, type JobRowErrorJson, type JobTypeView, type JobView } from "~/features/jobs/rules";

/**
 * The pages shared by every bulk job type (ADR 0015): the list page, the page of one job (and the
 * layout it shares with other job pages), and the button that starts a participants download.
 */

/**
 * The heading of a job page: under a cycle, the cycle's header (back link, title, stage); for a company-wide job
 * type (no cycle), a back link to its parent page (e.g. the users page) and the title.
 */
export function JobPageHeader({
  cycle,
  parent,
  title,
  actions,
}: {
  cycle: JobCycleInfo | null;
  parent: { path: string; label: string } | null;
  title: string;
  actions?: ReactNode;
}) {
  if (cycle) return <AdminCycleHeader cycle={cycle} title={title} actions={actions} />;
  return (
    <>
      {parent && (
        <Link component={RemixLink} to={parent.path} sx={{ display: "inline-block", mb: 1 }} data-testid="parent-back-link">
          ← {parent.label}
        </Link>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 2, flexWrap: "wrap", rowGap: 1 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {actions && <Stack direction="row" spacing={1} sx={{ ml: "auto !important" }}>{actions}</Stack>}
      </Stack>
    </>
  );
}

/** A button that starts a participants download job (posts to the download jobs page). */
export function StartDownloadButton({ cycleId }: { cycleId: number }) {
  const navigation = useNavigation();
  const action = `/app/admin/cycles/${cycleId}/download-participant-jobs`;
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <Form method="post" action={action}>
      <Button type="submit" variant="outlined" disabled={busy} data-testid="start-download">
        Download participants CSV
      </Button>
    </Form>
  );
}

export function JobListPage({
  cycle,
  view,
  jobs,
  total,
  page,
  pageSize,
  actions,
  intro,
  formError,
}: {
  cycle: JobCycleInfo | null;
  view: JobTypeView;
  jobs: JobView[];
  total: number;
  page: number;
  pageSize: number;
  actions?: React.ReactNode;
  intro?: React.ReactNode;
  formError?: string | null;
}) {
  useJobPolling(jobs.some(isActive));
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <JobPageHeader cycle={cycle} parent={view.parent} title={`${view.label} jobs`} actions={actions} />
      {intro}
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="job-form-error">
          {formError}
        </Alert>
      )}
      <JobsTable jobs={jobs} view={view} />
      <PageLinks total={total} page={page} pageSize={pageSize} testId="jobs-pages" />
    </Box>
  );
}

/**
 * The page of one job of any kind: header `title`, a link back to `listPath`, `intro`, then status, progress
 * (`progressUnit`), the final message (a warning when `warning`), `facts`, `children` (e.g. a download),
 * and the row errors under `rowErrorsTitle`. Reloads every second while the job runs.
 */
export function JobDetailLayout({
  cycle,
  parent = null,
  job,
  title,
  listPath,
  listLabel,
  intro,
  progressUnit,
  progressMessage,
  warning,
  facts,
  children,
  rowErrors,
}: {
  cycle: JobCycleInfo | null;
  /** Where a company-wide job's page (no cycle) links back to. */
  parent?: { path: string; label: string } | null;
  job: JobView;
  title: string;
  listPath: string;
  listLabel: string;
  intro?: ReactNode;
  progressUnit?: string;
  /** false: the progress line leaves out the job's message while it runs. */
  progressMessage?: boolean;
  warning: boolean;
  facts: ReactNode;
  children?: ReactNode;
  /** The row errors table: its heading, one page of `items`, `total` of them. */
  rowErrors: { title: string; items: JobRowErrorJson[]; total: number; page: number; pageSize: number };
}) {
  const { title: rowErrorsTitle, items, total: rowErrorsTotal, page, pageSize } = rowErrors;
  useJobPolling(isActive(job));
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <JobPageHeader cycle={cycle} parent={parent} title={title} />
      <Link component={RemixLink} to={listPath} sx={{ display: "inline-block", mb: 2 }} data-testid="job-list-link">
        {listLabel}
      </Link>
      {intro}
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Typography component="span" sx={{ fontWeight: 500 }}>
              Status:
            </Typography>
            <JobStatusChip status={job.status} />
          </Stack>
          <JobProgress job={job} unit={progressUnit} withMessage={progressMessage} />
          {!isActive(job) && job.message && (
            <Alert severity={job.status === "failed" ? "error" : warning ? "warning" : "success"} data-testid="job-message">
              {job.message}
            </Alert>
          )}
          <Stack spacing={0.5} data-testid="job-facts">
            {facts}
          </Stack>
          {children}
        </Stack>
      </Paper>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {`${rowErrorsTitle}${rowErrorsTotal > 0 ? ` (${rowErrorsTotal})` : ""}`}
      </Typography>
      <RowErrorsTable errors={items} total={rowErrorsTotal} page={page} pageSize={pageSize} />
    </Box>
  );
}

export function JobDetailPage({
  cycle,
  view,
  job,
  rowErrors,
  rowErrorsTotal,
  page,
  pageSize,
  intro,
}: {
  cycle: JobCycleInfo | null;
  view: JobTypeView;
  job: JobView;
  rowErrors: JobRowErrorJson[];
  rowErrorsTotal: number;
  page: number;
  pageSize: number;
  /** Shown under the header (e.g. how the job type treats invalid rows). */
  intro?: React.ReactNode;
}) {
  return (
    <JobDetailLayout
      cycle={cycle}
      parent={view.parent}
      job={job}
      title={`${view.label} job #${job.id}`}
      listPath={view.basePath}
      listLabel={`All ${view.label.toLowerCase()} jobs`}
      intro={intro}
      warning={job.failed_rows > 0}
      rowErrors={{ title: "Row errors", items: rowErrors, total: rowErrorsTotal, page, pageSize }}
      facts={
        <>
          {view.input === "file" && <Typography variant="body2">File: {job.file_name ?? "—"}</Typography>}
          {view.input === "file" && <Typography variant="body2">Invalid rows: {ERROR_MODE_LABELS[job.error_mode]}</Typography>}
          <Typography variant="body2">
            Succeeded rows: <span data-testid="job-succeeded">{job.succeeded_rows}</span> · Failed rows:{" "}
            <span data-testid="job-failed">{job.failed_rows}</span>
          </Typography>
          <JobOriginFacts job={job} />
        </>
      }
    >
      {view.hasOutput && job.output_file_url && (
        <Box>
          <Button variant="contained" href={job.output_file_url} download data-testid="job-download">
            Download CSV
          </Button>
        </Box>
      )}
    </JobDetailLayout>
  );
}
