import { Form, useNavigation } from "@remix-run/react";
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { Button, Chip, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import css from "~/features/nudges/components/nudges.module.css";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { STAGE_KEYS } from "~/features/cycles/stage-keys";
import { useScheduleText } from "~/features/nudges/components/schedule-text";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { JobTable, type JobColumn } from "~/features/jobs/components/job-tables";
import { Time } from "~/platform/i18n/time";
import type { CycleStage } from "~/features/cycles/rules";
import type { NudgeJobView, NudgeScheduleView } from "~/features/nudges/rules";

/**
 * Views of the nudge pages (ADR 0019): the jobs table with recipient and delivery counts, and the
 * schedules table with each schedule's status and its cancel dialog (intent "cancel").
 */

const SCHEDULE_COLOR = { scheduled: "info", finished: "default", cancelled: "warning" } as const;
const SCHEDULE_LABEL: Record<NudgeScheduleView["status"], TranslationKey> = {
  scheduled: "nudges.schedule.status.scheduled",
  finished: "nudges.schedule.status.finished",
  cancelled: "nudges.schedule.status.cancelled",
};

export function ScheduleStatusChip({ status }: { status: NudgeScheduleView["status"] }) {
  const { t } = useTranslation();
  return <Chip size="small" label={t(SCHEDULE_LABEL[status])} color={SCHEDULE_COLOR[status]} wrap data-testid="schedule-status" />;
}

/** A stage's name in the reader's language ("—" before the job began). */
export function stageText(t: TFunction, stage: CycleStage | null): string {
  return stage ? t(STAGE_KEYS[stage]) : "—";
}

const nudgeJobColumns = (t: TFunction): JobColumn<NudgeJobView>[] => [
  { head: t("nudges.columns.stage"), cell: (job) => stageText(t, job.stage) },
  { head: t("nudges.columns.recipients"), align: "right", testId: "job-recipients", cell: (job) => (job.status === "pending" ? "—" : job.recipients) },
  { head: t("nudges.columns.notified"), align: "right", testId: "job-notified", cell: (job) => job.notified },
  {
    head: t("nudges.columns.emailed"),
    align: "right",
    testId: "job-emailed",
    cell: (job) => (
      <>
        {job.emailed}
        {job.email_failed > 0 ? t("nudges.refusedCount", { count: job.email_failed }) : ""}
      </>
    ),
  },
  {
    head: t("nudges.columns.startedBy"),
    cell: (job) => (
      <>
        {job.created_by?.name ?? "—"}
        {job.schedule_id !== null ? t("nudges.bySchedule") : ""}
      </>
    ),
  },
  { head: t("nudges.columns.created"), cell: (job) => <Time value={job.created_at} /> },
];

export function NudgeJobsTable({ jobs, cycleId }: { jobs: NudgeJobView[]; cycleId: number }) {
  const { t } = useTranslation();
  return <JobTable jobs={jobs} basePath={`/app/admin/cycles/${cycleId}/nudges`} columns={nudgeJobColumns(t)} emptyText={t("nudges.noJobs")} />;
}

/** The cycle's schedules with their status and runs; "Cancel" asks first, then posts intent "cancel". */
export function NudgeSchedulesTable({ schedules, busy }: { schedules: NudgeScheduleView[]; busy: boolean }) {
  const [confirm, setConfirm] = useState<NudgeScheduleView | null>(null);
  const navigation = useNavigation();
  const { t } = useTranslation();
  const text = useScheduleText();
  useEffect(() => {
    if (navigation.state === "idle") setConfirm(null);
  }, [navigation.state]);
  // The confirmation (MUI) mounts on its first opening: a closed dialog would still cost style work (issue 27).
  const mounted = useOpenedOnce(confirm !== null);
  const heads = {
    status: t("nudges.schedule.columns.status"),
    nextRun: t("nudges.schedule.columns.nextRun"),
    runs: t("nudges.schedule.columns.runs"),
    lastRun: t("nudges.schedule.columns.lastRun"),
    createdBy: t("nudges.schedule.columns.createdBy"),
  };
  return (
    <>
      <StackedTable
        testId="schedules-table"
        empty={schedules.length === 0}
        emptyText={t("nudges.schedule.none")}
        emptyTestId="schedules-empty"
        head={
          <>
            <TableCell>{t("nudges.schedule.columns.schedule")}</TableCell>
            <TableCell>{heads.status}</TableCell>
            <TableCell>{heads.nextRun}</TableCell>
            <TableCell align="right">{heads.runs}</TableCell>
            <TableCell>{heads.lastRun}</TableCell>
            <TableCell>{heads.createdBy}</TableCell>
            <TableCell />
          </>
        }
      >
        {schedules.map((s) => (
          <TableRow key={s.id} data-testid="schedule-row">
            <TableCell>
              {text.describe(s)}
              <Typography variant="caption" color="text.secondary" className={css.caption}>
                {s.schedule_id}
              </Typography>
            </TableCell>
            <TableCell data-label={heads.status}>
              <ScheduleStatusChip status={s.status} />
            </TableCell>
            <TableCell data-label={heads.nextRun}>{s.next_run_at ? <time dateTime={s.next_run_at}>{text.at(s, s.next_run_at)}</time> : "—"}</TableCell>
            <TableCell align="right" data-label={heads.runs}>
              {s.runs}
            </TableCell>
            <TableCell data-label={heads.lastRun}>{s.last_run_at ? <time dateTime={s.last_run_at}>{text.at(s, s.last_run_at)}</time> : "—"}</TableCell>
            <TableCell data-label={heads.createdBy}>{s.created_by?.name ?? "—"}</TableCell>
            <TableCell align="right" data-label="">
              {s.status !== "cancelled" && (
                <Button size="small" color="error" disabled={busy} onClick={() => setConfirm(s)} data-testid="schedule-cancel">
                  {t("nudges.schedule.cancel")}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </StackedTable>
      {mounted && (
      <Dialog open={confirm !== null} onClose={() => !busy && setConfirm(null)} data-testid="schedule-cancel-dialog">
        <DialogTitle>{t("nudges.schedule.cancelTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t("nudges.schedule.cancelText", { description: confirm ? text.describe(confirm) : "" })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setConfirm(null)} disabled={busy}>
            {t("nudges.schedule.keep")}
          </MuiButton>
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="schedule_id" value={confirm?.id ?? ""} />
            <MuiButton type="submit" color="error" variant="contained" disabled={busy} data-testid="schedule-cancel-confirm">
              {t("nudges.schedule.cancelConfirm")}
            </MuiButton>
          </Form>
        </DialogActions>
      </Dialog>
      )}
    </>
  );
}
