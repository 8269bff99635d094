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
  TableCell,
  TablePagination,
  TableRow,
  Typography,
} from "@mui/material";
import { useEffect, useState, type ReactNode } from "react";
import { AdminCycleHeader } from "~/features/cycles/components/admin-cycle-header";
import { OutlinedTable } from "~/platform/ui/outlined-table";
import type { JobJson } from "~/features/jobs/service.server";
import type { jobDetailLoader, jobListLoader, JobFormFailure, JobTypeView, jobStartAction, participantUploadLoader } from "~/features/jobs/pages.server";

/**
 * Views shared by every bulk job page (ADR 0015): status chip, progress bar, job table, row errors,
 * the job detail page and the list page. Any job type's pages reuse these with their loader data.
 * The route modules of a job type are thin: loader/action from the factories of
 * app/features/jobs/pages.server.ts, meta and default from the *Route components and metas below.
 */

/** A job as the pages show it (the JSON of app/features/jobs/service.server.ts). */
export type JobView = Omit<JobJson, "cycle_id" | "workflow_id">;

export type JobTypeInfo = JobTypeView;
type CycleInfo = { id: number; name: string; state: string };
type RowError = { row_number: number; column: string | null; message: string };

const STATUS_LABEL: Record<JobView["status"], string> = { pending: "Pending", running: "Running", succeeded: "Succeeded", failed: "Failed" };
const STATUS_COLOR = { pending: "default", running: "info", succeeded: "success", failed: "error" } as const;
export const ERROR_MODE_TEXT: Record<JobView["error_mode"], string> = {
  all_or_nothing: "Commit nothing if any row is invalid",
  valid_only: "Commit only the valid rows",
};

export const isActive = (job: Pick<JobView, "status">) => job.status === "pending" || job.status === "running";

/** A time as "{date}, {time} UTC" ("—" for none); `timeStyle` "short" leaves out the seconds. */
export function when(iso: string | null, timeStyle: "medium" | "short" = "medium"): string {
  return iso ? new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle, timeZone: "UTC" }) + " UTC" : "—";
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

/** The progress bar and "{processed} / {total} {unit}" (with the job's message while it runs, unless `withMessage` is false). */
export function JobProgress({ job, unit = "rows processed", withMessage = true }: { job: JobView; unit?: string; withMessage?: boolean }) {
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
        {job.processed_rows} / {total} {unit}
        {withMessage && isActive(job) && job.message ? ` · ${job.message}` : ""}
      </Typography>
    </Box>
  );
}

/** A column of a jobs table, after the "Job" (link) and "Status" columns every job table starts with. */
export type JobColumn<J> = { head: string; align?: "right"; testId?: string; maxWidth?: number; cell: (job: J) => ReactNode };

/** A table of jobs of any kind: "#id" links to `{basePath}/{id}`, the status chip, then `columns`. */
export function JobTable<J extends JobView>({
  jobs,
  basePath,
  columns,
  emptyText = "No jobs yet.",
}: {
  jobs: J[];
  basePath: string;
  columns: JobColumn<J>[];
  emptyText?: string;
}) {
  return (
    <OutlinedTable
      testId="jobs-table"
      empty={jobs.length === 0}
      emptyText={emptyText}
      emptyTestId="jobs-empty"
      head={
        <>
          <TableCell>Job</TableCell>
          <TableCell>Status</TableCell>
          {columns.map((c) => (
            <TableCell key={c.head} align={c.align}>
              {c.head}
            </TableCell>
          ))}
        </>
      }
    >
      {jobs.map((job) => (
        <TableRow key={job.id} hover data-testid="job-row">
          <TableCell>
            <Link component={RemixLink} to={`${basePath}/${job.id}`} data-testid="job-link">
              #{job.id}
            </Link>
          </TableCell>
          <TableCell>
            <JobStatusChip status={job.status} />
          </TableCell>
          {columns.map((c) => (
            <TableCell key={c.head} align={c.align} data-testid={c.testId} sx={c.maxWidth ? { maxWidth: c.maxWidth } : undefined}>
              {c.cell(job)}
            </TableCell>
          ))}
        </TableRow>
      ))}
    </OutlinedTable>
  );
}

const FILE_COLUMNS: JobColumn<JobView>[] = [
  { head: "File", cell: (job) => job.file_name ?? "—" },
  { head: "Invalid rows", cell: (job) => ERROR_MODE_TEXT[job.error_mode] },
];

export function JobsTable({ jobs, cycleId, view }: { jobs: JobView[]; cycleId: number; view: JobTypeInfo }) {
  const columns: JobColumn<JobView>[] = [
    ...(view.input === "file" ? FILE_COLUMNS : []),
    {
      head: "Progress",
      cell: (job) => (
        <>
          {job.processed_rows} / {job.total_rows}
        </>
      ),
    },
    { head: "Started by", cell: (job) => job.created_by?.name ?? "—" },
    { head: "Created", cell: (job) => when(job.created_at) },
    { head: "Result", maxWidth: 360, cell: (job) => job.message ?? "—" },
  ];
  return <JobTable jobs={jobs} basePath={`/app/admin/cycles/${cycleId}/${view.pagePath}`} columns={columns} />;
}

/** Page links under a paged table (sets ?page=); nothing when everything fits on the first page. */
export function PageLinks({ total, page, pageSize, testId }: { total: number; page: number; pageSize: number; testId: string }) {
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

export function RowErrorsTable({ errors, total, page, pageSize }: { errors: RowError[]; total: number; page: number; pageSize: number }) {
  return (
    <>
      <OutlinedTable
        testId="row-errors-table"
        empty={total === 0}
        emptyText="No row errors."
        emptyTestId="row-errors-empty"
        head={
          <>
            <TableCell sx={{ width: 90 }}>Row</TableCell>
            <TableCell sx={{ width: 220 }}>Column</TableCell>
            <TableCell>Message</TableCell>
          </>
        }
      >
        {errors.map((e, i) => (
          <TableRow key={`${e.row_number}-${i}`} data-testid="row-error">
            <TableCell>{e.row_number}</TableCell>
            <TableCell>{e.column ?? "—"}</TableCell>
            <TableCell>{e.message}</TableCell>
          </TableRow>
        ))}
      </OutlinedTable>
      {total > 0 && <PageLinks total={total} page={page} pageSize={pageSize} testId="row-errors-pages" />}
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

/**
 * The page of one job of any kind: header `title`, a link back to `listPath`, `intro`, then status, progress
 * (`progressUnit`), the final message (a warning when `warning`), `facts`, `children` (e.g. a download),
 * and the row errors under `rowErrorsTitle`. Reloads every second while the job runs.
 */
export function JobDetailLayout({
  cycle,
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
  cycle: CycleInfo;
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
  rowErrors: { title: string; items: RowError[]; total: number; page: number; pageSize: number };
}) {
  const { title: rowErrorsTitle, items, total: rowErrorsTotal, page, pageSize } = rowErrors;
  useJobPolling(isActive(job));
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <AdminCycleHeader cycle={cycle} title={title} />
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
  cycle: CycleInfo;
  view: JobTypeInfo;
  job: JobView;
  rowErrors: RowError[];
  rowErrorsTotal: number;
  page: number;
  pageSize: number;
  /** Shown under the header (e.g. how the job type treats invalid rows). */
  intro?: React.ReactNode;
}) {
  return (
    <JobDetailLayout
      cycle={cycle}
      job={job}
      title={`${view.label} job #${job.id}`}
      listPath={`/app/admin/cycles/${cycle.id}/${view.pagePath}`}
      listLabel={`All ${view.label.toLowerCase()} jobs`}
      intro={intro}
      warning={job.failed_rows > 0}
      rowErrors={{ title: "Row errors", items: rowErrors, total: rowErrorsTotal, page, pageSize }}
      facts={
        <>
          {view.input === "file" && <Typography variant="body2">File: {job.file_name ?? "—"}</Typography>}
          {view.input === "file" && <Typography variant="body2">Invalid rows: {ERROR_MODE_TEXT[job.error_mode]}</Typography>}
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

/** The facts lines "Started by: {name} ({email}){startedByNote}" and "Created: … · Started: … · Finished: …". */
export function JobOriginFacts({ job, startedByNote = "", timeStyle }: { job: JobView; startedByNote?: string; timeStyle?: "medium" | "short" }) {
  return (
    <>
      <Typography variant="body2">
        Started by: {job.created_by ? `${job.created_by.name} (${job.created_by.email})` : "—"}
        {startedByNote}
      </Typography>
      <Typography variant="body2">
        Created: {when(job.created_at, timeStyle)} · Started: {when(job.started_at, timeStyle)} · Finished: {when(job.finished_at, timeStyle)}
      </Typography>
    </>
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
