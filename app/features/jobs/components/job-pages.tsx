import { Form, useNavigation } from "@remix-run/react";
import { Alert, Box, Button, Link, Paper, Stack, Typography, buttonClass } from "~/platform/ui/static";
import css from "~/features/jobs/components/jobs.module.css";
import staticCss from "~/platform/ui/static.module.css";
import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { INVALID_ROWS_KEYS, JOB_TYPE_KEYS } from "~/features/jobs/messages";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { AdminCycleHeader } from "~/features/cycles/components/admin-cycle-header";
import { isActive, JobOriginFacts, JobProgress, JobStatusChip, useJobPolling } from "~/features/jobs/components/job-status";
import { JobsTable, PageLinks, RowErrorsTable } from "~/features/jobs/components/job-tables";
import { type JobCycleInfo, type JobRowErrorJson, type JobTypeView, type JobView } from "~/features/jobs/rules";
import { storedTextFor } from "~/platform/i18n/stored-text";

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
  const { t } = useTranslation();
  if (cycle) return <AdminCycleHeader cycle={cycle} title={title} actions={actions} />;
  return (
    <>
      {parent && (
        <Link to={parent.path} className={css.backLink} data-testid="parent-back-link">
          ← {PARENT_KEYS[parent.path] ? t(PARENT_KEYS[parent.path]!) : parent.label}
        </Link>
      )}
      <Stack direction="row" spacing={2} alignItems="center" flexWrap className={css.header}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {actions && (
          <Stack direction="row" spacing={1} className={css.actions}>
            {actions}
          </Stack>
        )}
      </Stack>
    </>
  );
}

/** A link that downloads a file (a template, an export): MUI Link's look, the browser's download. */
export function DownloadLink({ href, children, testId }: { href: string; children: ReactNode; testId: string }) {
  return (
    <a href={href} download className={staticCss.link} data-testid={testId}>
      {children}
    </a>
  );
}

/** The pages a company-wide job type links back to, by path. */
const PARENT_KEYS: Record<string, TranslationKey> = { "/app/admin/users": "jobs.directory.users" };

/** A button that starts a participants download job (posts to the download jobs page). */
export function StartDownloadButton({ cycleId }: { cycleId: number }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const action = `/app/admin/cycles/${cycleId}/download-participant-jobs`;
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <Form method="post" action={action}>
      <Button type="submit" variant="outlined" disabled={busy} data-testid="start-download">
        {t("jobs.downloadParticipants")}
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
  formError?: ReactNode;
}) {
  const { t } = useTranslation();
  useJobPolling(jobs.some(isActive));
  const keys = JOB_TYPE_KEYS[view.key];
  return (
    <Box className={css.page}>
      <JobPageHeader cycle={cycle} parent={view.parent} title={keys ? t(keys.list) : view.label} actions={actions} />
      {intro}
      {formError && (
        <Alert severity="error" className={css.formError} data-testid="job-form-error">
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
  progressUnit?: TranslationKey;
  /** false: the progress line leaves out the job's message while it runs. */
  progressMessage?: boolean;
  warning: boolean;
  facts: ReactNode;
  children?: ReactNode;
  /** The row errors table: its heading (without and with the count), one page of `items`, `total` of them. */
  rowErrors: { title: { plain: string; withCount: string }; items: JobRowErrorJson[]; total: number; page: number; pageSize: number };
}) {
  const { title: rowErrorsTitle, items, total: rowErrorsTotal, page, pageSize } = rowErrors;
  useJobPolling(isActive(job));
  return (
    <Box className={css.page}>
      <JobPageHeader cycle={cycle} parent={parent} title={title} />
      <Link to={listPath} className={css.listLink} data-testid="job-list-link">
        {listLabel}
      </Link>
      {intro}
      <JobStatusPanel job={job} progressUnit={progressUnit} progressMessage={progressMessage} warning={warning} facts={facts}>
        {children}
      </JobStatusPanel>
      <Typography variant="h6" component="h2" className={css.rowErrorsTitle}>
        {rowErrorsTotal > 0 ? rowErrorsTitle.withCount : rowErrorsTitle.plain}
      </Typography>
      <RowErrorsTable errors={items} total={rowErrorsTotal} page={page} pageSize={pageSize} />
    </Box>
  );
}

/**
 * The panel of one job (every job page, also those of a feature's own, e.g. the insights export): status, progress
 * (`progressUnit`), the final message (a warning when `warning`), `facts`, then `children` (e.g. a download).
 */
export function JobStatusPanel({
  job,
  progressUnit,
  progressMessage,
  warning = false,
  facts,
  children,
}: {
  job: JobView;
  progressUnit?: TranslationKey;
  /** false: the progress line leaves out the job's message while it runs. */
  progressMessage?: boolean;
  warning?: boolean;
  facts: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" className={css.panel}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography component="span" fontWeight="medium">
            {t("jobs.statusLabel")}
          </Typography>
          <JobStatusChip status={job.status} />
        </Stack>
        <JobProgress job={job} unit={progressUnit} withMessage={progressMessage} />
        {!isActive(job) && job.message && (
          <Alert severity={job.status === "failed" ? "error" : warning ? "warning" : "success"} data-testid="job-message">
            {storedTextFor(t, job.message, job.message_key)}
          </Alert>
        )}
        <Stack spacing={0.5} data-testid="job-facts">
          {facts}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** "Download CSV": a succeeded job's file (the browser's download). */
export function JobCsvDownload({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <Box>
      <a href={href} download className={buttonClass({ variant: "contained" })} data-testid="job-download">
        {t("jobs.downloadCsv")}
      </a>
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
  const { t } = useTranslation();
  const keys = JOB_TYPE_KEYS[view.key];
  return (
    <JobDetailLayout
      cycle={cycle}
      parent={view.parent}
      job={job}
      title={keys ? t(keys.detail, { id: job.id }) : `${view.label} #${job.id}`}
      listPath={view.basePath}
      listLabel={keys ? t(keys.all) : view.label}
      intro={intro}
      warning={job.failed_rows > 0}
      rowErrors={{ title: { plain: t("jobs.rowErrors"), withCount: t("jobs.rowErrorsCount", { total: rowErrorsTotal }) }, items: rowErrors, total: rowErrorsTotal, page, pageSize }}
      facts={
        <>
          {view.input === "file" && <Typography variant="body2">{t("jobs.file", { name: job.file_name ?? "—" })}</Typography>}
          {view.input === "file" && <Typography variant="body2">{t(INVALID_ROWS_KEYS[job.error_mode])}</Typography>}
          <Typography variant="body2">
            <Trans
              i18nKey="jobs.rowCounts"
              values={{ succeeded: job.succeeded_rows, failed: job.failed_rows }}
              components={[<span key="succeeded" data-testid="job-succeeded" />, <span key="failed" data-testid="job-failed" />]}
            />
          </Typography>
          <JobOriginFacts job={job} />
        </>
      }
    >
      {view.hasOutput && job.output_file_url && <JobCsvDownload href={job.output_file_url} />}
    </JobDetailLayout>
  );
}
