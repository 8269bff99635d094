import { Form, Link as RemixLink, useNavigation } from "@remix-run/react";
import { Alert, Box, Button, FormControl, FormControlLabel, FormLabel, Link, Paper, Radio, RadioGroup, Stack, TableCell, TableRow, Typography } from "@mui/material";
import { useState } from "react";
import { OutlinedTable } from "~/platform/ui/outlined-table";
import { AdminCycleHeader } from "~/features/cycles/components/admin-cycle-header";
import { JobStatusChip } from "~/features/jobs/components/job-status";
import { Time } from "~/platform/i18n/time";
import { PageLinks } from "~/features/jobs/components/job-tables";
import { METRICS, type MetricType, type ReportsPageData } from "~/features/decision-support/rules";

/**
 * /app/admin/cycles/{cycleId}/decision-support/reports (ADR 0032): the cycle's inactive participants (paged, with
 * what a nudge would remind them of) and the participants report form (a metric → a CSV written by a job, whose page
 * shows the progress and offers the file), with the latest report jobs.
 */
export function ReportsPage({ data, formError }: { data: ReportsPageData; formError: string | null }) {
  const { cycle, inactive, page, pageSize, metrics, recentJobs, jobsPath } = data;
  const busy = useNavigation().state !== "idle";
  const [metric, setMetric] = useState<MetricType>(metrics[0]!.value);
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <AdminCycleHeader cycle={cycle} title="Decision support" />

      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {`Inactive participants (${inactive.total})`}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }} data-testid="inactive-rule">
        {inactive.rule}
      </Typography>
      <OutlinedTable
        testId="inactive-table"
        ariaLabel="Inactive participants"
        empty={inactive.total === 0}
        emptyText="Nobody is inactive in this stage."
        emptyTestId="inactive-empty"
        head={
          <>
            <TableCell>Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Department</TableCell>
            <TableCell>Manager</TableCell>
            <TableCell>Waiting for</TableCell>
          </>
        }
      >
        {inactive.participants.map((p) => (
          <TableRow key={p.participant_id} data-testid="inactive-row">
            <TableCell>{p.name}</TableCell>
            <TableCell>{p.email}</TableCell>
            <TableCell>{p.department ?? "—"}</TableCell>
            <TableCell>{p.manager_email ?? "—"}</TableCell>
            <TableCell>{p.pending_work}</TableCell>
          </TableRow>
        ))}
      </OutlinedTable>
      <PageLinks total={inactive.total} page={page} pageSize={pageSize} testId="inactive-pages" />
      {inactive.total > 0 && (
        <Link component={RemixLink} to={`/app/admin/cycles/${cycle.id}/nudges`} sx={{ display: "inline-block", mt: 1 }} data-testid="nudges-link">
          Remind them with a nudge
        </Link>
      )}

      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        Participants report
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        One row per participant with the counts of the chosen metric, written to a CSV file in the background. It holds counts and statuses
        only, never what anyone wrote.
      </Typography>
      {formError && (
        <Alert severity="error" sx={{ mb: 2, maxWidth: 760 }} data-testid="report-error">
          {formError}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 760, mb: 2 }}>
        <Form method="post">
          <FormControl>
            <FormLabel id="metric-label">Metric</FormLabel>
            <RadioGroup aria-labelledby="metric-label" name="metric_type" value={metric} onChange={(e) => setMetric(e.target.value as MetricType)}>
              {metrics.map((m) => (
                <FormControlLabel
                  key={m.value}
                  value={m.value}
                  control={<Radio />}
                  label={
                    <Box sx={{ py: 0.5 }}>
                      <Typography>{m.label}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {m.description}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>
          <Box sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" disabled={busy} data-testid="start-report">
              Download CSV
            </Button>
          </Box>
        </Form>
      </Paper>

      <Stack direction="row" spacing={2} sx={{ alignItems: "baseline", mb: 1 }}>
        <Typography variant="subtitle1" component="h3">
          Latest reports
        </Typography>
        <Link component={RemixLink} to={jobsPath} data-testid="report-jobs-link">
          All report jobs
        </Link>
      </Stack>
      <OutlinedTable
        testId="report-jobs"
        ariaLabel="Latest reports"
        empty={recentJobs.length === 0}
        emptyText="No report yet."
        emptyTestId="report-jobs-empty"
        head={
          <>
            <TableCell>Job</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Metric</TableCell>
            <TableCell>Created</TableCell>
          </>
        }
      >
        {recentJobs.map((job) => (
          <TableRow key={job.id}>
            <TableCell>
              <Link component={RemixLink} to={`${jobsPath}/${job.id}`}>
                #{job.id}
              </Link>
            </TableCell>
            <TableCell>
              <JobStatusChip status={job.status} />
            </TableCell>
            <TableCell>{job.metric_type ? METRICS[job.metric_type].label : "—"}</TableCell>
            <TableCell>
              <Time value={job.created_at} />
            </TableCell>
          </TableRow>
        ))}
      </OutlinedTable>
    </Box>
  );
}
