import type { MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Link,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from "@mui/material";
import { useEffect, useState, type ReactNode } from "react";
import { AdminCycleHeader } from "~/components/admin-cycle-header";
import type { JobJson } from "~/services/jobs.server";
import type { jobDetailLoader, jobListLoader, JobFormFailure, JobTypeView, jobStartAction, participantUploadLoader } from "~/services/job-pages.server";

/**
 * Views shared by every bulk job page (ADR 0015): status chip, progress bar, job table, row errors,
 * the job detail page and the list page. Any job type's pages reuse these with their loader data.
 * The route modules of a job type are thin: loader/action from the factories of
 * app/services/job-pages.server.ts, meta and default from the *Route components and metas below.
 */

/** A job as the pages show it (the JSON of app/services/jobs.server.ts). */
export type JobView = Omit<JobJson, "cycle_id" | "workflow_id">;

export type JobTypeInfo = JobTypeView;
type CycleInfo = { id: number; name: string; state: string };

const STATUS_LABEL: Record<JobView["status"], string> = { pending: "Pending", running: "Running", succeeded: "Succeeded", failed: "Failed" };
const STATUS_COLOR = { pending: "default", running: "info", succeeded: "success", failed: "error" } as const;
export const ERROR_MODE_TEXT: Record<JobView["error_mode"], string> = {
  all_or_nothing: "Commit nothing if any row is invalid",
  valid_only: "Commit only the valid rows",
};

export const isActive = (job: Pick<JobView, "status">) => job.status === "pending" || job.status === "running";

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" }) + " UTC" : "—";
}

export function JobStatusChip({ status }: { status: JobView["status"] }) {
  return <Chip size="small" label={STATUS_LABEL[status]} color={STATUS_COLOR[status]} data-testid="job-status" />;
}

/** Reload the page's data every second while `active` (a job is pending or running). */
export function useJobPolling(active: boolean, intervalMs = 1000) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") revalidator.revalidate();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs, revalidator]);
}

export function JobProgress({ job }: { job: JobView }) {
  const total = job.total_rows;
  const pct = total > 0 ? Math.min(100, Math.round((job.processed_rows / total) * 100)) : job.status === "succeeded" ? 100 : 0;
  const indeterminate = job.status === "pending" || (job.status === "running" && total === 0);
  return (
    <Box data-testid="job-progress">
      <LinearProgress
        variant={indeterminate ? "indeterminate" : "determinate"}
        value={pct}
        color={job.status === "failed" ? "error" : job.status === "succeeded" ? "success" : "primary"}
        aria-label="Progress"
        sx={{ height: 8, borderRadius: 1, mb: 0.5 }}
      />
      <Typography variant="body2" color="text.secondary" data-testid="job-progress-text">
        {job.processed_rows} / {total} rows processed
        {isActive(job) && job.message ? ` · ${job.message}` : ""}
      </Typography>
    </Box>
  );
}

export function JobsTable({ jobs, cycleId, view }: { jobs: JobView[]; cycleId: number; view: JobTypeInfo }) {
  const base = `/app/admin/cycles/${cycleId}/${view.pagePath}`;
  if (jobs.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="jobs-empty">
        No jobs yet.
      </Typography>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" data-testid="jobs-table">
        <TableHead>
          <TableRow>
            <TableCell>Job</TableCell>
            <TableCell>Status</TableCell>
            {view.input === "file" && <TableCell>File</TableCell>}
            {view.input === "file" && <TableCell>Invalid rows</TableCell>}
            <TableCell>Progress</TableCell>
            <TableCell>Started by</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Result</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {jobs.map((job) => (
            <TableRow key={job.id} hover data-testid="job-row">
              <TableCell>
                <Link component={RemixLink} to={`${base}/${job.id}`} data-testid="job-link">
                  #{job.id}
                </Link>
              </TableCell>
              <TableCell>
                <JobStatusChip status={job.status} />
              </TableCell>
              {view.input === "file" && <TableCell>{job.file_name ?? "—"}</TableCell>}
              {view.input === "file" && <TableCell>{ERROR_MODE_TEXT[job.error_mode]}</TableCell>}
              <TableCell>
                {job.processed_rows} / {job.total_rows}
              </TableCell>
              <TableCell>{job.created_by?.name ?? "—"}</TableCell>
              <TableCell>{when(job.created_at)}</TableCell>
              <TableCell sx={{ maxWidth: 360 }}>{job.message ?? "—"}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PageLinks({ total, page, pageSize, testId }: { total: number; page: number; pageSize: number; testId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  if (total <= pageSize && page === 1) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={page - 1}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[pageSize]}
      onPageChange={(_, p) => {
        const next = new URLSearchParams(searchParams);
        next.set("page", String(p + 1));
        setSearchParams(next);
      }}
      data-testid={testId}
    />
  );
}

export function RowErrorsTable({ errors, total, page, pageSize }: { errors: Array<{ row_number: number; column: string | null; message: string }>; total: number; page: number; pageSize: number }) {
  if (total === 0) {
    return (
      <Typography color="text.secondary" data-testid="row-errors-empty">
        No row errors.
      </Typography>
    );
  }
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" data-testid="row-errors-table">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 90 }}>Row</TableCell>
              <TableCell sx={{ width: 220 }}>Column</TableCell>
              <TableCell>Message</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {errors.map((e, i) => (
              <TableRow key={`${e.row_number}-${i}`} data-testid="row-error">
                <TableCell>{e.row_number}</TableCell>
                <TableCell>{e.column ?? "—"}</TableCell>
                <TableCell>{e.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <PageLinks total={total} page={page} pageSize={pageSize} testId="row-errors-pages" />
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
  cycle: CycleInfo;
  view: JobTypeInfo;
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
      <AdminCycleHeader cycle={cycle} title={`${view.label} jobs`} actions={actions} />
      {intro}
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="job-form-error">
          {formError}
        </Alert>
      )}
      <JobsTable jobs={jobs} cycleId={cycle.id} view={view} />
      <PageLinks total={total} page={page} pageSize={pageSize} testId="jobs-pages" />
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
  cycle: CycleInfo;
  view: JobTypeInfo;
  job: JobView;
  rowErrors: Array<{ row_number: number; column: string | null; message: string }>;
  rowErrorsTotal: number;
  page: number;
  pageSize: number;
  /** Shown under the header (e.g. how the job type treats invalid rows). */
  intro?: React.ReactNode;
}) {
  useJobPolling(isActive(job));
  const listPath = `/app/admin/cycles/${cycle.id}/${view.pagePath}`;
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <AdminCycleHeader cycle={cycle} title={`${view.label} job #${job.id}`} />
      <Link component={RemixLink} to={listPath} sx={{ display: "inline-block", mb: 2 }} data-testid="job-list-link">
        All {view.label.toLowerCase()} jobs
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
          <JobProgress job={job} />
          {!isActive(job) && job.message && (
            <Alert severity={job.status === "failed" ? "error" : job.failed_rows > 0 ? "warning" : "success"} data-testid="job-message">
              {job.message}
            </Alert>
          )}
          <Stack spacing={0.5} data-testid="job-facts">
            {view.input === "file" && <Typography variant="body2">File: {job.file_name ?? "—"}</Typography>}
            {view.input === "file" && <Typography variant="body2">Invalid rows: {ERROR_MODE_TEXT[job.error_mode]}</Typography>}
            <Typography variant="body2">
              Succeeded rows: <span data-testid="job-succeeded">{job.succeeded_rows}</span> · Failed rows:{" "}
              <span data-testid="job-failed">{job.failed_rows}</span>
            </Typography>
            <Typography variant="body2">Started by: {job.created_by ? `${job.created_by.name} (${job.created_by.email})` : "—"}</Typography>
            <Typography variant="body2">
              Created: {when(job.created_at)} · Started: {when(job.started_at)} · Finished: {when(job.finished_at)}
            </Typography>
          </Stack>
          {view.hasOutput && job.output_file_url && (
            <Box>
              <Button variant="contained" href={job.output_file_url} download data-testid="job-download">
                Download CSV
              </Button>
            </Box>
          )}
        </Stack>
      </Paper>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Row errors{rowErrorsTotal > 0 ? ` (${rowErrorsTotal})` : ""}
      </Typography>
      <RowErrorsTable errors={rowErrors} total={rowErrorsTotal} page={page} pageSize={pageSize} />
    </Box>
  );
}

/**
 * The upload form of a file job: file input, what to do with invalid rows, a template link.
 * Posts multipart/form-data (fields `file`, `error_mode`) to the page's action.
 */
export function UploadJobForm({
  cycle,
  title,
  description,
  jobsPath,
  templateHref,
  templateLabel = "Download a CSV template",
  accept = ".csv,text/csv",
  result,
  errorModeChoice = true,
}: {
  cycle: CycleInfo;
  title: string;
  description: React.ReactNode;
  jobsPath: string;
  templateHref?: string;
  templateLabel?: string;
  accept?: string;
  result?: { ok: false; formError: string; details: string[] } | null;
  /** false for job types that only commit all or nothing (no choice shown; the server's default applies). */
  errorModeChoice?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [fileName, setFileName] = useState<string>("");
  const [mode, setMode] = useState<"all_or_nothing" | "valid_only">("all_or_nothing");
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <AdminCycleHeader cycle={cycle} title={title} />
      <Stack spacing={1} sx={{ mb: 2, maxWidth: 760 }}>
        {description}
        <Stack direction="row" spacing={2}>
          {templateHref && (
            <Link href={templateHref} download data-testid="template-link">
              {templateLabel}
            </Link>
          )}
          <Link component={RemixLink} to={jobsPath} data-testid="jobs-link">
            Previous jobs
          </Link>
        </Stack>
      </Stack>
      {result && !result.ok && (
        <Alert severity="error" sx={{ mb: 2, maxWidth: 760 }} data-testid="upload-error">
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {result.formError}
          </Typography>
          {result.details.map((d) => (
            <Typography key={d} variant="body2">
              {d}
            </Typography>
          ))}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 760 }}>
        <Form method="post" encType="multipart/form-data">
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
              <Button variant="outlined" component="label">
                Choose file
                <input
                  hidden
                  type="file"
                  name="file"
                  accept={accept}
                  data-testid="upload-file"
                  onChange={(e) => setFileName(e.currentTarget.files?.[0]?.name ?? "")}
                />
              </Button>
              <Typography variant="body2" color={fileName ? "text.primary" : "text.secondary"} data-testid="upload-file-name">
                {fileName || "No file chosen"}
              </Typography>
            </Stack>
            {errorModeChoice && (
              <FormControl>
                <FormLabel id="error-mode-label">If some rows are invalid</FormLabel>
                <RadioGroup
                  aria-labelledby="error-mode-label"
                  name="error_mode"
                  value={mode}
                  onChange={(e) => setMode(e.target.value as typeof mode)}
                >
                  <FormControlLabel value="all_or_nothing" control={<Radio />} label={ERROR_MODE_TEXT.all_or_nothing} />
                  <FormControlLabel value="valid_only" control={<Radio />} label={ERROR_MODE_TEXT.valid_only} />
                </RadioGroup>
              </FormControl>
            )}
            <Box>
              <Button type="submit" variant="contained" disabled={busy || !fileName} data-testid="upload-submit">
                Upload
              </Button>
            </Box>
          </Stack>
        </Form>
      </Paper>
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------
// Route components and metas (each reads its route's loader and action data).

type CycleTitled = () => { cycle: { name: string } };

/** Title "{title} - {cycle name} - PMR" of a page under /app/admin/cycles/{cycleId}/. */
export function adminCyclePageMeta(title: string): MetaFunction<CycleTitled> {
  return ({ data }) => [{ title: `${title} - ${data?.cycle.name ?? "Cycle"} - PMR` }];
}

/** Title "{label} job #{id} - PMR" of a job page. */
export function jobDetailMeta(label: string): MetaFunction<ReturnType<typeof jobDetailLoader>> {
  return ({ data }) => [{ title: `${label} job #${data?.job.id ?? ""} - PMR` }];
}

/**
 * The list page of a job type (loader: jobListLoader; action, if it starts jobs: jobStartAction).
 * In the header, in this order: `actions` (e.g. StartDownloadButton), the "Upload a file" link to
 * `uploadPage` (under the cycle), the `start` button posting to this page. `intro`: text (as a
 * paragraph) or an element above the table.
 */
export function JobListRoute({
  intro,
  actions,
  uploadPage,
  start,
}: {
  intro?: ReactNode;
  actions?: (cycleId: number) => ReactNode;
  uploadPage?: string;
  start?: { label: string; testId: string };
}) {
  const data = useLoaderData<ReturnType<typeof jobListLoader>>();
  const result = useActionData<JobFormFailure | undefined>();
  const busy = useNavigation().state !== "idle";
  const { cycle } = data;
  return (
    <JobListPage
      {...data}
      formError={result?.formError ?? null}
      intro={typeof intro === "string" ? <Typography sx={{ mb: 2, maxWidth: 760 }}>{intro}</Typography> : intro}
      actions={
        <>
          {actions?.(cycle.id)}
          {uploadPage && (
            <Button component={RemixLink} to={`/app/admin/cycles/${cycle.id}/${uploadPage}`} variant="contained" data-testid="new-upload">
              Upload a file
            </Button>
          )}
          {start && (
            <Form method="post">
              <Button type="submit" variant="contained" disabled={busy} data-testid={start.testId}>
                {start.label}
              </Button>
            </Form>
          )}
        </>
      }
    />
  );
}

/** The page of one job (loader: jobDetailLoader); `intro` under the header. */
export function JobDetailRoute({ intro }: { intro?: (cycleId: number) => ReactNode }) {
  const data = useLoaderData<ReturnType<typeof jobDetailLoader>>();
  return <JobDetailPage {...data} intro={intro?.(data.cycle.id)} />;
}

/**
 * The upload form of a participant CSV job (loader: participantUploadLoader, action: jobStartAction):
 * `children` says what the job does with the rows; the columns, template and background note are common.
 */
export function ParticipantUploadRoute({ title, children }: { title: string; children: ReactNode }) {
  const { cycle, columns, jobsPath } = useLoaderData<ReturnType<typeof participantUploadLoader>>();
  const result = useActionData<ReturnType<typeof jobStartAction>>();
  return (
    <UploadJobForm
      cycle={cycle}
      title={title}
      jobsPath={jobsPath}
      templateHref={`/app/admin/cycles/${cycle.id}/participants-template.csv`}
      result={result ?? null}
      description={
        <>
          <Typography>{children}</Typography>
          <Typography variant="body2" color="text.secondary">
            Columns: {columns.join(", ")} (email is required; reviewer_only is true or false). The file is checked and saved in the
            background; its page shows the progress and every invalid row.
          </Typography>
        </>
      }
    />
  );
}
