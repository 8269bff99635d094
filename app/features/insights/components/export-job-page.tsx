import { useTranslation } from "react-i18next";
import { Alert, Box, Link, Paper, Stack, Typography, buttonClass } from "~/platform/ui/static";
import { storedTextFor } from "~/platform/i18n/stored-text";
import { isActive, JobOriginFacts, JobProgress, JobStatusChip, useJobPolling } from "~/features/jobs/components/job-status";
import jobsCss from "~/features/jobs/components/jobs.module.css";
import { insightsPagePath, type ExportJobPageData } from "~/features/insights/export/rules";

/**
 * /app/insights/exports/{jobId} (ADR 0115): one insights CSV export — its status and progress (reloaded every second
 * while it runs, as every job page), its result, who started it and when, then "Download CSV"; a link back to the
 * insights it exports. Static HTML.
 */
export function ExportJobPage({ data }: { data: ExportJobPageData }) {
  const { t } = useTranslation();
  const { job, scope, name } = data;
  useJobPolling(isActive(job));
  return (
    <Box className={jobsCss.page}>
      <Link to={insightsPagePath(scope)} className={jobsCss.backLink} data-testid="insights-export-back">
        ← {t(scope.kind === "cycle" ? "insightsExport.backToCycle" : "insightsExport.backToSession", { name })}
      </Link>
      <Typography variant="h5" component="h1" className={jobsCss.header}>
        {t("insightsExport.title", { id: job.id })}
      </Typography>
      <Typography className={jobsCss.intro}>{t("insightsExport.intro")}</Typography>
      <Paper variant="outlined" className={jobsCss.panel}>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography component="span" fontWeight="medium">
              {t("jobs.statusLabel")}
            </Typography>
            <JobStatusChip status={job.status} />
          </Stack>
          <JobProgress job={job} unit="insightsExport.progress" />
          {!isActive(job) && job.message && (
            <Alert severity={job.status === "failed" ? "error" : "success"} data-testid="job-message">
              {storedTextFor(t, job.message, job.message_key)}
            </Alert>
          )}
          <Stack spacing={0.5} data-testid="job-facts">
            <JobOriginFacts job={job} />
          </Stack>
          {job.output_file_url && (
            <Box>
              <a href={job.output_file_url} download className={buttonClass({ variant: "contained" })} data-testid="job-download">
                {t("jobs.downloadCsv")}
              </a>
            </Box>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
