import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, Box, Button, Link, Paper, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from "~/platform/ui/static-form";
import { StackedTable } from "~/platform/ui/stacked-table";
import { AdminCycleHeader } from "~/features/cycles/components/admin-cycle-header";
import { JobStatusChip } from "~/features/jobs/components/job-status";
import { PageLinks } from "~/features/jobs/components/job-tables";
import { Time } from "~/platform/i18n/time";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import { INACTIVE_RULE_KEYS, METRIC_KEYS } from "~/features/decision-support/messages";
import { METRIC_TYPES, type MetricType, type ReportsPageData } from "~/features/decision-support/rules";
import css from "~/features/decision-support/components/decision-support.module.css";

/**
 * /app/admin/cycles/{cycleId}/decision-support/reports (ADR 0032): the cycle's inactive participants (paged, with
 * what a nudge would remind them of) and the participants report form (a metric → a CSV written by a job, whose page
 * shows the progress and offers the file), with the latest report jobs. Static markup (issue 27), texts as keys
 * (issue 28): the stage's rule, the metrics and the reminders' reasons are keys, names and emails are data.
 */
export function ReportsPage({ data, formError }: { data: ReportsPageData; formError: PageMessage | null }) {
  const { t } = useTranslation();
  const { cycle, stage, inactive, page, pageSize, recentJobs, jobsPath } = data;
  const busy = useNavigation().state !== "idle";
  const [metric, setMetric] = useState<MetricType>(METRIC_TYPES[0]);
  return (
    <Box className={css.page}>
      <AdminCycleHeader cycle={cycle} title={t("decisionSupport.title")} />

      <Typography variant="h6" component="h2" className={css.heading}>
        {t("decisionSupport.inactive.heading", { total: inactive.total })}
      </Typography>
      <Typography color="text.secondary" className={css.intro} data-testid="inactive-rule">
        {t(INACTIVE_RULE_KEYS[stage])}
      </Typography>
      <StackedTable
        testId="inactive-table"
        ariaLabel={t("decisionSupport.inactive.table")}
        empty={inactive.total === 0}
        emptyText={t("decisionSupport.inactive.empty")}
        emptyTestId="inactive-empty"
        stackBelow="md"
        head={
          <>
            <TableCell>{t("decisionSupport.inactive.columns.name")}</TableCell>
            <TableCell>{t("decisionSupport.inactive.columns.email")}</TableCell>
            <TableCell>{t("decisionSupport.inactive.columns.department")}</TableCell>
            <TableCell>{t("decisionSupport.inactive.columns.manager")}</TableCell>
            <TableCell>{t("decisionSupport.inactive.columns.waitingFor")}</TableCell>
          </>
        }
      >
        {inactive.participants.map((p) => (
          <TableRow key={p.participant_id} data-testid="inactive-row">
            <TableCell className={css.wrap}>{p.name}</TableCell>
            <TableCell data-label={t("decisionSupport.inactive.columns.email")} className={css.wrap}>
              {p.email}
            </TableCell>
            <TableCell data-label={t("decisionSupport.inactive.columns.department")}>{p.department ?? "—"}</TableCell>
            <TableCell data-label={t("decisionSupport.inactive.columns.manager")} className={css.wrap}>
              {p.manager_email ?? "—"}
            </TableCell>
            <TableCell data-label={t("decisionSupport.inactive.columns.waitingFor")}>
              {p.reasons.map((m) => messageText(t, m)).join(t("decisionSupport.inactive.separator"))}
            </TableCell>
          </TableRow>
        ))}
      </StackedTable>
      <PageLinks total={inactive.total} page={page} pageSize={pageSize} testId="inactive-pages" />
      {inactive.total > 0 && (
        <Link to={`/app/admin/cycles/${cycle.id}/nudges`} className={css.nudge} data-testid="nudges-link">
          {t("decisionSupport.inactive.nudge")}
        </Link>
      )}

      <Typography variant="h6" component="h2" className={`${css.heading} ${css.sectionTop}`}>
        {t("decisionSupport.report.heading")}
      </Typography>
      <Typography color="text.secondary" className={css.intro}>
        {t("decisionSupport.report.intro")}
      </Typography>
      {formError && (
        <Alert severity="error" className={css.alert} data-testid="report-error">
          {messageText(t, formError)}
        </Alert>
      )}
      <Paper variant="outlined" className={css.formBox}>
        <Form method="post">
          <FormControl component="fieldset">
            <FormLabel component="legend" id="metric-label">
              {t("decisionSupport.report.metric")}
            </FormLabel>
            <RadioGroup aria-labelledby="metric-label" name="metric_type" value={metric} onChange={(_, value) => setMetric(value as MetricType)}>
              {METRIC_TYPES.map((m) => (
                <FormControlLabel
                  key={m}
                  value={m}
                  control={<Radio />}
                  label={
                    <span className={css.choice}>
                      <Typography component="span" className={css.choiceText}>
                        {t(METRIC_KEYS[m].label)}
                      </Typography>
                      <Typography component="span" variant="body2" color="text.secondary" className={css.choiceText}>
                        {t(METRIC_KEYS[m].description)}
                      </Typography>
                    </span>
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>
          <Box className={css.submit}>
            <Button type="submit" variant="contained" disabled={busy} data-testid="start-report">
              {t("decisionSupport.report.start")}
            </Button>
          </Box>
        </Form>
      </Paper>

      <Box className={css.latestHead}>
        <Typography variant="subtitle1" component="h3">
          {t("decisionSupport.report.latest")}
        </Typography>
        <Link to={jobsPath} data-testid="report-jobs-link">
          {t("decisionSupport.report.allJobs")}
        </Link>
      </Box>
      <StackedTable
        testId="report-jobs"
        ariaLabel={t("decisionSupport.report.latest")}
        empty={recentJobs.length === 0}
        emptyText={t("decisionSupport.report.empty")}
        emptyTestId="report-jobs-empty"
        stackBelow="sm"
        head={
          <>
            <TableCell>{t("decisionSupport.report.columns.job")}</TableCell>
            <TableCell>{t("decisionSupport.report.columns.status")}</TableCell>
            <TableCell>{t("decisionSupport.report.columns.metric")}</TableCell>
            <TableCell>{t("decisionSupport.report.columns.created")}</TableCell>
          </>
        }
      >
        {recentJobs.map((job) => (
          <TableRow key={job.id}>
            <TableCell>
              <Link to={`${jobsPath}/${job.id}`}>#{job.id}</Link>
            </TableCell>
            <TableCell data-label={t("decisionSupport.report.columns.status")}>
              <JobStatusChip status={job.status} />
            </TableCell>
            <TableCell data-label={t("decisionSupport.report.columns.metric")}>{job.metric_type ? t(METRIC_KEYS[job.metric_type].label) : "—"}</TableCell>
            <TableCell data-label={t("decisionSupport.report.columns.created")}>
              <Time value={job.created_at} />
            </TableCell>
          </TableRow>
        ))}
      </StackedTable>
    </Box>
  );
}
