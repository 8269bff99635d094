import { Link as RemixLink, useSearchParams } from "@remix-run/react";
import { Link, TableCell, TablePagination, TableRow } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { ERROR_MODE_KEYS } from "~/features/jobs/messages";
import { OutlinedTable } from "~/platform/ui/outlined-table";
import { JobStatusChip } from "~/features/jobs/components/job-status";
import { Time } from "~/platform/i18n/time";
import { ERROR_MODES, type JobRowErrorJson, type JobTypeView, type JobView } from "~/features/jobs/rules";

/** The tables of the bulk job pages (ADR 0015): jobs of any kind, a job type's jobs, row errors, and their page links. */

/** A column of a jobs table, after the "Job" (link) and "Status" columns every job table starts with. */
export type JobColumn<J> = { head: string; align?: "right"; testId?: string; maxWidth?: number; cell: (job: J) => ReactNode };

/** A table of jobs of any kind: "#id" links to `{basePath}/{id}`, the status chip, then `columns`. */
export function JobTable<J extends JobView>({
  jobs,
  basePath,
  columns,
  emptyText,
}: {
  jobs: J[];
  basePath: string;
  columns: JobColumn<J>[];
  emptyText?: string;
}) {
  const { t } = useTranslation();
  return (
    <OutlinedTable
      testId="jobs-table"
      empty={jobs.length === 0}
      emptyText={emptyText ?? t("jobs.noJobs")}
      emptyTestId="jobs-empty"
      head={
        <>
          <TableCell>{t("jobs.columns.job")}</TableCell>
          <TableCell>{t("jobs.columns.status")}</TableCell>
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

/** The error mode as the table shows it (the mode's words only, without "Invalid rows: "). */
function errorModeText(t: TFunction, mode: (typeof ERROR_MODES)[number]): string {
  return t(ERROR_MODE_KEYS[mode]);
}

function fileColumns(t: TFunction): JobColumn<JobView>[] {
  return [
    { head: t("jobs.columns.file"), cell: (job) => job.file_name ?? "—" },
    { head: t("jobs.columns.invalidRows"), cell: (job) => errorModeText(t, job.error_mode) },
  ];
}

export function JobsTable({ jobs, view }: { jobs: JobView[]; view: JobTypeView }) {
  const { t } = useTranslation();
  const columns: JobColumn<JobView>[] = [
    ...(view.input === "file" ? fileColumns(t) : []),
    {
      head: t("jobs.columns.progress"),
      cell: (job) => (
        <>
          {job.processed_rows} / {job.total_rows}
        </>
      ),
    },
    { head: t("jobs.columns.startedBy"), cell: (job) => job.created_by?.name ?? "—" },
    { head: t("jobs.columns.created"), cell: (job) => <Time value={job.created_at} /> },
    { head: t("jobs.columns.result"), maxWidth: 360, cell: (job) => job.message ?? "—" },
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
  const { t } = useTranslation();
  return (
    <>
      <OutlinedTable
        testId="row-errors-table"
        empty={total === 0}
        emptyText={t("jobs.noRowErrors")}
        emptyTestId="row-errors-empty"
        head={
          <>
            <TableCell sx={{ width: 90 }}>{t("jobs.columns.row")}</TableCell>
            <TableCell sx={{ width: 220 }}>{t("jobs.columns.column")}</TableCell>
            <TableCell>{t("jobs.columns.message")}</TableCell>
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
