import { useTranslation } from "react-i18next";
import { Box, Link, Typography } from "~/platform/ui/static";
import { isActive, JobOriginFacts, useJobPolling } from "~/features/jobs/components/job-status";
import { JobCsvDownload, JobStatusPanel } from "~/features/jobs/components/job-pages";
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
      <JobStatusPanel job={job} progressUnit="insightsExport.progress" facts={<JobOriginFacts job={job} />}>
        {job.output_file_url && <JobCsvDownload href={job.output_file_url} />}
      </JobStatusPanel>
    </Box>
  );
}
