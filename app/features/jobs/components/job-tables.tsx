import { useLocation } from "@remix-run/react";
import { ButtonLink, Link, Stack, TableCell, TableRow, Typography } from "~/platform/ui/static";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { ERROR_MODE_KEYS } from "~/features/jobs/messages";
import { StackedTable } from "~/platform/ui/stacked-table";
import css from "~/features/jobs/components/jobs.module.css";
import { JobStatusChip } from "~/features/jobs/components/job-status";
import { Time } from "~/platform/i18n/time";
import { ERROR_MODES, type JobRowErrorJson, type JobTypeView, type JobView } from "~/features/jobs/rules";
import { storedTextFor } from "~/platform/i18n/stored-text";

/** The tables of the bulk job pages (ADR 0015): jobs of any kind, a job type's jobs, row errors, and their page links. */

/**
 * A column of a jobs table, after the "Job" (link) and "Status" columns every job table starts with; `wide`: a long
 * text (the job's result) that wraps within 360 px.
 */
export type JobColumn<J> = { head: string; align?: "right"; testId?: string; wide?: boolean; cell: (job: J) => ReactNode };

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
  const jobHead = t("jobs.columns.job");
  const statusHead = t("jobs.columns.status");
  // Stacked rows below 960 px (ADR 0068): each cell named by its column, no text cut.
  return (
    <StackedTable
      testId="jobs-table"
      empty={jobs.length === 0}
      emptyText={emptyText ?? t("jobs.noJobs")}
      emptyTestId="jobs-empty"
      head={
        <>
          <TableCell>{jobHead}</TableCell>
          <TableCell>{statusHead}</TableCell>
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
            <Link to={`${basePath}/${job.id}`} data-testid="job-link">
              #{job.id}
            </Link>
          </TableCell>
          <TableCell data-label={statusHead}>
            <JobStatusChip status={job.status} />
          </TableCell>
          {columns.map((c) => (
            <TableCell key={c.head} align={c.align} data-testid={c.testId} data-label={c.head} className={c.wide ? css.wide : undefined}>
              {c.cell(job)}
            </TableCell>
          ))}
        </TableRow>
      ))}
    </StackedTable>
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
    { head: t("jobs.columns.result"), wide: true, cell: (job) => (job.message ? storedTextFor(t, job.message, job.message_key) : "—") },
  ];
  return <JobTable jobs={jobs} basePath={view.basePath} columns={columns} />;
}

/** The address of page `page` of the table: this page's address with ?page= set (the other parameters kept). */
function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.set("page", String(page));
  return `${pathname}?${params}`;
}

/**
 * Page links under a paged table ("1–25 of 29", previous and next): plain links to ?page=N, so they work before the
 * page is hydrated; nothing when everything fits on the first page.
 */
export function PageLinks({ total, page, pageSize, testId }: { total: number; page: number; pageSize: number; testId: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  if (total <= pageSize && page === 1) return null;
  const from = total === 0 ? 0 : Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  const last = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Stack component="nav" direction="row" spacing={2} alignItems="center" flexWrap className={css.pages} aria-label={t("jobs.pages.label")} data-testid={testId}>
      <Typography variant="body2">{t("jobs.pages.range", { from, to, total })}</Typography>
      {page > 1 && (
        <ButtonLink to={pageHref(pathname, search, Math.min(page - 1, last))} variant="outlined" size="small" data-testid={`${testId}-previous`}>
          {t("jobs.pages.previous")}
        </ButtonLink>
      )}
      {page < last && (
        <ButtonLink to={pageHref(pathname, search, page + 1)} variant="outlined" size="small" data-testid={`${testId}-next`}>
          {t("jobs.pages.next")}
        </ButtonLink>
      )}
    </Stack>
  );
}

export function RowErrorsTable({ errors, total, page, pageSize }: { errors: JobRowErrorJson[]; total: number; page: number; pageSize: number }) {
  const { t } = useTranslation();
  const rowHead = t("jobs.columns.row");
  const columnHead = t("jobs.columns.column");
  const messageHead = t("jobs.columns.message");
  return (
    <>
      <StackedTable
        testId="row-errors-table"
        empty={total === 0}
        emptyText={t("jobs.noRowErrors")}
        emptyTestId="row-errors-empty"
        stackBelow="sm"
        head={
          <>
            <TableCell className={css.rowCol}>{rowHead}</TableCell>
            <TableCell className={css.colCol}>{columnHead}</TableCell>
            <TableCell>{messageHead}</TableCell>
          </>
        }
      >
        {errors.map((e, i) => (
          <TableRow key={`${e.row_number}-${i}`} data-testid="row-error">
            <TableCell data-label={rowHead}>{e.row_number}</TableCell>
            <TableCell data-label={columnHead}>{e.column ?? "—"}</TableCell>
            <TableCell data-label={messageHead}>{storedTextFor(t, e.message, e.message_key)}</TableCell>
          </TableRow>
        ))}
      </StackedTable>
      {total > 0 && <PageLinks total={total} page={page} pageSize={pageSize} testId="row-errors-pages" />}
    </>
  );
}
