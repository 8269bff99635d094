import { Chip } from "@mui/material";
import { JobTable, when, type JobColumn, type JobView } from "~/features/jobs/components/job-views";
import { STAGE_LABELS, type CycleStage } from "~/features/cycles/rules";

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

/** A time as "{date}, {hh:mm} UTC" ("—" for none). */
export function whenUtc(iso: string | null): string {
  return when(iso, "short");
}

const SCHEDULE_COLOR = { scheduled: "info", finished: "default", cancelled: "warning" } as const;
const SCHEDULE_LABEL = { scheduled: "Scheduled", finished: "Finished", cancelled: "Cancelled" } as const;

export function ScheduleStatusChip({ status }: { status: NudgeScheduleView["status"] }) {
  return <Chip size="small" label={SCHEDULE_LABEL[status]} color={SCHEDULE_COLOR[status]} data-testid="schedule-status" />;
}

export function stageText(stage: CycleStage | null): string {
  return stage ? STAGE_LABELS[stage] : "—";
}

const NUDGE_JOB_COLUMNS: JobColumn<NudgeJobView>[] = [
  { head: "Stage", cell: (job) => stageText(job.stage) },
  { head: "Recipients", align: "right", testId: "job-recipients", cell: (job) => (job.status === "pending" ? "—" : job.recipients) },
  { head: "Notified", align: "right", testId: "job-notified", cell: (job) => job.notified },
  {
    head: "Emailed",
    align: "right",
    testId: "job-emailed",
    cell: (job) => (
      <>
        {job.emailed}
        {job.email_failed > 0 ? ` (${job.email_failed} refused)` : ""}
      </>
    ),
  },
  {
    head: "Started by",
    cell: (job) => (
      <>
        {job.created_by?.name ?? "—"}
        {job.schedule_id !== null ? " (schedule)" : ""}
      </>
    ),
  },
  { head: "Created", cell: (job) => whenUtc(job.created_at) },
];

export function NudgeJobsTable({ jobs, cycleId }: { jobs: NudgeJobView[]; cycleId: number }) {
  return <JobTable jobs={jobs} basePath={`/app/admin/cycles/${cycleId}/nudges`} columns={NUDGE_JOB_COLUMNS} emptyText="No nudges sent yet." />;
}
