import { Form, useNavigation } from "@remix-run/react";
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TableCell, TableRow, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { JobTable, type JobColumn } from "~/features/jobs/components/job-tables";
import { when } from "~/features/jobs/components/job-status";
import { STAGE_LABELS, type CycleStage } from "~/features/cycles/rules";
import type { NudgeJobView, NudgeScheduleView } from "~/features/nudges/rules";
import { OutlinedTable } from "~/platform/ui/outlined-table";

/**
 * Views of the nudge pages (ADR 0019): the jobs table with recipient and delivery counts, and the
 * schedules table with each schedule's status and its cancel dialog (intent "cancel").
 */

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

/** The cycle's schedules with their status and runs; "Cancel" asks first, then posts intent "cancel". */
export function NudgeSchedulesTable({ schedules, busy }: { schedules: NudgeScheduleView[]; busy: boolean }) {
  const [confirm, setConfirm] = useState<NudgeScheduleView | null>(null);
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === "idle") setConfirm(null);
  }, [navigation.state]);
  return (
    <>
      <OutlinedTable
        testId="schedules-table"
        empty={schedules.length === 0}
        emptyText="No schedules."
        emptyTestId="schedules-empty"
        head={
          <>
            <TableCell>Schedule</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Next run</TableCell>
            <TableCell align="right">Runs</TableCell>
            <TableCell>Last run</TableCell>
            <TableCell>Created by</TableCell>
            <TableCell />
          </>
        }
      >
        {schedules.map((s) => (
          <TableRow key={s.id} data-testid="schedule-row">
            <TableCell>
              {s.description}
              <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                {s.schedule_id}
              </Typography>
            </TableCell>
            <TableCell>
              <ScheduleStatusChip status={s.status} />
            </TableCell>
            <TableCell>{whenUtc(s.next_run_at)}</TableCell>
            <TableCell align="right">{s.runs}</TableCell>
            <TableCell>{whenUtc(s.last_run_at)}</TableCell>
            <TableCell>{s.created_by?.name ?? "—"}</TableCell>
            <TableCell align="right">
              {s.status !== "cancelled" && (
                <Button size="small" color="error" disabled={busy} onClick={() => setConfirm(s)} data-testid="schedule-cancel">
                  Cancel
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </OutlinedTable>
      <Dialog open={confirm !== null} onClose={() => !busy && setConfirm(null)} data-testid="schedule-cancel-dialog">
        <DialogTitle>Cancel schedule</DialogTitle>
        <DialogContent>
          <DialogContentText>Cancel '{confirm?.description}'? It will not send any more reminders.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)} disabled={busy}>
            Keep it
          </Button>
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="schedule_id" value={confirm?.id ?? ""} />
            <Button type="submit" color="error" variant="contained" disabled={busy} data-testid="schedule-cancel-confirm">
              Cancel schedule
            </Button>
          </Form>
        </DialogActions>
      </Dialog>
    </>
  );
}
