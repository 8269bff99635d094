import { Link as RemixLink } from "@remix-run/react";
import { Chip, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { JobStatusChip, type JobView } from "~/components/job-views";
import { STAGE_LABELS, type CycleStage } from "~/domain/cycle-stages";

/** Views of the nudge pages (ADR 0019): the jobs table with recipient and delivery counts, and schedule status. */

export type NudgeJobView = JobView & {
  stage: CycleStage | null;
  recipients: number;
  notified: number;
  emailed: number;
  email_failed: number;
  schedule_id: number | null;
};

export type NudgeScheduleView = {
  id: number;
  schedule_id: string;
  kind: "once" | "recurring";
  description: string;
  status: "scheduled" | "finished" | "cancelled";
  next_run_at: string | null;
  runs: number;
  last_run_at: string | null;
  created_by: { id: number; email: string; name: string } | null;
  created_at: string;
};

export function whenUtc(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC" : "—";
}

const SCHEDULE_COLOR = { scheduled: "info", finished: "default", cancelled: "warning" } as const;
const SCHEDULE_LABEL = { scheduled: "Scheduled", finished: "Finished", cancelled: "Cancelled" } as const;

export function ScheduleStatusChip({ status }: { status: NudgeScheduleView["status"] }) {
  return <Chip size="small" label={SCHEDULE_LABEL[status]} color={SCHEDULE_COLOR[status]} data-testid="schedule-status" />;
}

export function stageText(stage: CycleStage | null): string {
  return stage ? STAGE_LABELS[stage] : "—";
}

export function NudgeJobsTable({ jobs, cycleId }: { jobs: NudgeJobView[]; cycleId: number }) {
  if (jobs.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="jobs-empty">
        No nudges sent yet.
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
            <TableCell>Stage</TableCell>
            <TableCell align="right">Recipients</TableCell>
            <TableCell align="right">Notified</TableCell>
            <TableCell align="right">Emailed</TableCell>
            <TableCell>Started by</TableCell>
            <TableCell>Created</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {jobs.map((job) => (
            <TableRow key={job.id} hover data-testid="job-row">
              <TableCell>
                <Link component={RemixLink} to={`/app/admin/cycles/${cycleId}/nudges/${job.id}`} data-testid="job-link">
                  #{job.id}
                </Link>
              </TableCell>
              <TableCell>
                <JobStatusChip status={job.status} />
              </TableCell>
              <TableCell>{stageText(job.stage)}</TableCell>
              <TableCell align="right" data-testid="job-recipients">
                {job.status === "pending" ? "—" : job.recipients}
              </TableCell>
              <TableCell align="right" data-testid="job-notified">
                {job.notified}
              </TableCell>
              <TableCell align="right" data-testid="job-emailed">
                {job.emailed}
                {job.email_failed > 0 ? ` (${job.email_failed} refused)` : ""}
              </TableCell>
              <TableCell>
                {job.created_by?.name ?? "—"}
                {job.schedule_id !== null ? " (schedule)" : ""}
              </TableCell>
              <TableCell>{whenUtc(job.created_at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
