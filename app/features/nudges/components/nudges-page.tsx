import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert, Box, Paper, Stack, Typography } from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect } from "react";
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

export function NudgesPage() {
  const { cycle, jobs, total, page, pageSize, schedules, pendingCount, description, emailOn } = useLoaderData<NudgesPageData>();
  const result = useActionData<NudgeActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { enqueueSnackbar } = useSnackbar();
  useJobPolling((jobs as NudgeJobView[]).some(isActive));
  useEffect(() => {
    if (result?.ok) enqueueSnackbar(result.message, { variant: "success" });
  }, [result, enqueueSnackbar]);
  const formError = result && !result.ok ? result.formError : null;

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <AdminCycleHeader cycle={cycle} title="Nudges" />
      <Paper variant="outlined" sx={{ p: 2, mb: 3, maxWidth: 900 }}>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            Remind people with pending work
          </Typography>
          <Typography data-testid="nudge-description">{description}</Typography>
          <Typography data-testid="nudge-pending-count">
            {pendingCount === 1 ? "1 person has" : `${pendingCount} people have`} pending work in this stage right now. A scheduled nudge reminds
            whoever has pending work in the stage the cycle is in when it runs.
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Each reminder is an in-app notification{emailOn ? " and an email." : ". Email is off (SMTP_URL is not set)."}
          </Typography>
          {formError && (
            <Alert severity="error" data-testid="nudge-form-error">
              {formError}
            </Alert>
          )}
          <NudgeScheduleForm result={result} busy={busy} />
        </Stack>
      </Paper>

      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Schedules
      </Typography>
      <Box sx={{ mb: 3 }}>
        <NudgeSchedulesTable schedules={schedules as NudgeScheduleView[]} busy={busy} />
      </Box>

      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Nudge jobs
      </Typography>
      <NudgeJobsTable jobs={jobs as NudgeJobView[]} cycleId={cycle.id} />
      <PageLinks total={total} page={page} pageSize={pageSize} testId="jobs-pages" />
    </Box>
  );
}
