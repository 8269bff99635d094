import { useRevalidator } from "@remix-run/react";
import { Box, Chip, LinearProgress, Typography } from "@mui/material";
import { useEffect } from "react";
import type { JobView } from "~/features/jobs/rules";
import { Time } from "~/platform/i18n/time";

/**
 * The parts that show one job of any kind (ADR 0015): status chip, progress bar, the "Started by" and
 * time facts, and the polling that reloads the page while a job runs.
 */

const STATUS_LABEL: Record<JobView["status"], string> = { pending: "Pending", running: "Running", succeeded: "Succeeded", failed: "Failed" };
const STATUS_COLOR = { pending: "default", running: "info", succeeded: "success", failed: "error" } as const;

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
/** The facts lines "Started by: {name} ({email}){startedByNote}" and "Created: … · Started: … · Finished: …". */
/** The times are the reader's (zone named; ADR 0077); `timeStyle` is no longer used. */
export function JobOriginFacts({ job, startedByNote = "" }: { job: JobView; startedByNote?: string; timeStyle?: "medium" | "short" }) {
  return (
    <>
      <Typography variant="body2">
        Started by: {job.created_by ? `${job.created_by.name} (${job.created_by.email})` : "—"}
        {startedByNote}
      </Typography>
      <Typography variant="body2">
        Created: <Time value={job.created_at} /> · Started: <Time value={job.started_at} /> · Finished: <Time value={job.finished_at} />
      </Typography>
    </>
  );
}
