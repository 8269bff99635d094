import { useRevalidator } from "@remix-run/react";
import { Box, Chip, Typography, cx } from "~/platform/ui/static";
import css from "~/features/jobs/components/jobs.module.css";
import { useCallback, useEffect } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { JobView } from "~/features/jobs/rules";
import { JOB_STATUS_KEYS } from "~/features/jobs/messages";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { useFormat } from "~/platform/i18n/reader-context";
import { Time } from "~/platform/i18n/time";
import { storedTextFor } from "~/platform/i18n/stored-text";

/**
 * The parts that show one job of any kind (ADR 0015): status chip, progress bar, the "Started by" and
 * time facts, and the polling that reloads the page while a job runs.
 */

const STATUS_COLOR = { pending: "default", running: "info", succeeded: "success", failed: "error" } as const;

export const isActive = (job: Pick<JobView, "status">) => job.status === "pending" || job.status === "running";

/**
 * An instant as text for the reader: their language and zone, the zone named (ADR 0077; "29 Nov 2026, 17:30 GMT+8"),
 * "—" for none. Where an element can be used, `<Time>` (app/platform/i18n/time.tsx) also gives the UTC instant.
 */
export function useWhen(): (iso: string | null | undefined) => string {
  const format = useFormat();
  return useCallback((iso: string | null | undefined) => (iso ? format.dateTime(iso) : "—"), [format]);
}

export function JobStatusChip({ status }: { status: JobView["status"] }) {
  const { t } = useTranslation();
  return <Chip size="small" label={t(JOB_STATUS_KEYS[status])} color={STATUS_COLOR[status]} wrap data-testid="job-status" />;
}

/**
 * MUI's LinearProgress in static CSS (8 px, rounded): a bar as wide as `value` (aria-valuenow), or, `indeterminate`, a
 * bar that slides (no value; once only under reduced motion, baseline.css); `color` as the job's outcome.
 */
function ProgressBar({ value, indeterminate, color, label }: { value: number; indeterminate: boolean; color: "primary" | "success" | "error"; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={indeterminate ? undefined : value}
      className={cx(css.progress, indeterminate && css.indeterminate, color === "error" && css.error, color === "success" && css.success)}
    >
      <div className={css.bar} style={indeterminate ? undefined : { width: `${value}%` }} />
    </div>
  );
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

/**
 * The progress bar and "{processed} / {total} rows processed" (`unit`: a key with {{processed}} and {{total}}), with
 * the job's message while it runs, unless `withMessage` is false.
 */
export function JobProgress({ job, unit = "jobs.progressRows", withMessage = true }: { job: JobView; unit?: TranslationKey; withMessage?: boolean }) {
  const { t } = useTranslation();
  const total = job.total_rows;
  const pct = total > 0 ? Math.min(100, Math.round((job.processed_rows / total) * 100)) : job.status === "succeeded" ? 100 : 0;
  const indeterminate = job.status === "pending" || (job.status === "running" && total === 0);
  return (
    <Box data-testid="job-progress">
      <ProgressBar
        indeterminate={indeterminate}
        value={pct}
        color={job.status === "failed" ? "error" : job.status === "succeeded" ? "success" : "primary"}
        label={t("jobs.progress")}
      />
      <Typography variant="body2" color="text.secondary" data-testid="job-progress-text">
        {t(unit, { processed: job.processed_rows, total })}
        {withMessage && isActive(job) && job.message ? ` · ${storedTextFor(t, job.message, job.message_key)}` : ""}
      </Typography>
    </Box>
  );
}
/** The facts lines "Started by: {name} ({email}){startedByNote}" and "Created: … · Started: … · Finished: …". */
/** The times are the reader's (zone named; ADR 0077). `startedByNote`: a key said after the first line (e.g. " · from a schedule"). */
export function JobOriginFacts({ job, startedByNote }: { job: JobView; startedByNote?: TranslationKey }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="body2">
        {job.created_by ? t("jobs.startedBy", { name: job.created_by.name, email: job.created_by.email }) : t("jobs.startedByNobody")}
        {startedByNote && t(startedByNote)}
      </Typography>
      <Typography variant="body2">
        <Trans
          i18nKey="jobs.times"
          components={[<Time key="created" value={job.created_at} />, <Time key="started" value={job.started_at} />, <Time key="finished" value={job.finished_at} />]}
        />
      </Typography>
    </>
  );
}
