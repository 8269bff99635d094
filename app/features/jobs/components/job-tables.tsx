import { Link as RemixLink, useSearchParams } from "@remix-run/react";
import { Link, TableCell, TablePagination, TableRow } from "@mui/material";
import type { ReactNode } from "react";
import { OutlinedTable } from "~/platform/ui/outlined-table";
import { JobStatusChip } from "~/features/jobs/components/job-status";
import { Time } from "~/platform/i18n/time";
import { ERROR_MODE_LABELS, type JobRowErrorJson, type JobTypeView, type JobView } from "~/features/jobs/rules";

/** The tables of the bulk job pages (ADR 0015): jobs of any kind, a job type's jobs, row errors, and their page links. */

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
  { head: "Invalid rows", cell: (job) => ERROR_MODE_LABELS[job.error_mode] },
];

export function JobsTable({ jobs, view }: { jobs: JobView[]; view: JobTypeView }) {
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
    { head: "Created", cell: (job) => <Time value={job.created_at} /> },
    { head: "Result", maxWidth: 360, cell: (job) => job.message ?? "—" },
  ];
  return <JobTable jobs={jobs} basePath={view.basePath} columns={columns} />;
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

export function RowErrorsTable({ errors, total, page, pageSize }: { errors: JobRowErrorJson[]; total: number; page: number; pageSize: number }) {
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
