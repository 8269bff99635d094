import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert, Box, Paper, Stack, Typography } from "~/platform/ui/static";
import css from "~/features/nudges/components/nudges.module.css";
import { useSnackbar } from "notistack";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { nudgeMessage, useScheduleText } from "~/features/nudges/components/schedule-text";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { CycleStage } from "~/features/cycles/rules";
import { AdminCycleHeader } from "~/features/cycles/components/admin-cycle-header";
import { isActive, useJobPolling } from "~/features/jobs/components/job-status";
import { PageLinks } from "~/features/jobs/components/job-tables";
import { NudgeJobsTable, NudgeSchedulesTable } from "~/features/nudges/components/nudge-views";
import { NudgeScheduleForm } from "~/features/nudges/components/nudge-schedule-form";
import type { NudgeActionResult, NudgeJobView, NudgeScheduleView, NudgesPageData } from "~/features/nudges/rules";

/**
 * The nudges page /app/admin/cycles/{cycleId}/nudges (ADR 0019): who has pending work now, the form
 * to send or schedule a reminder, the cycle's schedules and its nudge jobs (polled while one runs).
 * Loader and action: app/features/nudges/pages.server.ts.
 */

/** What a nudge reminds of in each stage (pending-work.server.ts pendingWorkDescription), one sentence a stage. */
const DESCRIPTION_KEYS: Record<CycleStage, TranslationKey> = {
  draft: "nudges.description.draft",
  start: "nudges.description.start",
  spu_feedback: "nudges.description.spu_feedback",
  manager_feedback: "nudges.description.manager_feedback",
  calibration: "nudges.description.calibration",
  communication: "nudges.description.communication",
};

export function NudgesPage() {
  const { cycle, jobs, total, page, pageSize, schedules, pendingCount, description, emailOn } = useLoaderData<NudgesPageData>();
  const { t } = useTranslation();
  const text = useScheduleText();
  const descriptionKey = DESCRIPTION_KEYS[cycle.state as CycleStage];
  const result = useActionData<NudgeActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { enqueueSnackbar } = useSnackbar();
  useJobPolling((jobs as NudgeJobView[]).some(isActive));
  useEffect(() => {
    if (result?.ok) {
      const { key, schedule } = result.message;
      enqueueSnackbar(t(key, { description: schedule ? text.describe(schedule) : "" }), { variant: "success" });
    }
    // Once per answer: a change of language does not show the toast again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, enqueueSnackbar]);
  const formError = result && !result.ok && result.formError ? nudgeMessage(t, result.formError) : null;

  return (
    <Box className={css.page}>
      <AdminCycleHeader cycle={cycle} title={t("nudges.title")} />
      <Paper variant="outlined" className={css.panel}>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            {t("nudges.remind")}
          </Typography>
          <Typography data-testid="nudge-description">{descriptionKey ? t(descriptionKey) : description}</Typography>
          <Typography data-testid="nudge-pending-count">
            {t("nudges.pending", { count: pendingCount })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {emailOn ? t("nudges.emailOn") : t("nudges.emailOff")}
          </Typography>
          {formError && (
            <Alert severity="error" data-testid="nudge-form-error">
              {formError}
            </Alert>
          )}
          <NudgeScheduleForm result={result} busy={busy} />
        </Stack>
      </Paper>

      <Typography variant="h6" component="h2" className={css.heading}>
        {t("nudges.schedules")}
      </Typography>
      <Box className={css.section}>
        <NudgeSchedulesTable schedules={schedules as NudgeScheduleView[]} busy={busy} />
      </Box>

      <Typography variant="h6" component="h2" className={css.heading}>
        {t("nudges.jobs")}
      </Typography>
      <NudgeJobsTable jobs={jobs as NudgeJobView[]} cycleId={cycle.id} />
      <PageLinks total={total} page={page} pageSize={pageSize} testId="jobs-pages" />
    </Box>
  );
}
