import type { LoaderFunctionArgs } from "@remix-run/node";
import { Trans, useTranslation } from "react-i18next";
import { pageMessage } from "~/platform/i18n/page-message";
import { pageTitle } from "~/platform/i18n/page-title";
import { useLoaderData } from "@remix-run/react";
import { Typography } from "~/platform/ui/static";
import { JobDetailLayout } from "~/features/jobs/components/job-pages";
import { JobOriginFacts } from "~/features/jobs/components/job-status";
import { stageText } from "~/features/nudges/components/nudge-views";
import type { NudgeJobView } from "~/features/nudges/rules";
import { loadNudgeJobPage } from "~/features/nudges/pages.server";

export const handle = pageTitle<typeof loader>((data) => pageMessage("nudges.job.pageTitle", { id: data?.job.id ?? "" }));

/** One nudge job: status, progress (refreshed every second while running), counts and refused emails. */
export const loader = ({ request, params }: LoaderFunctionArgs) => loadNudgeJobPage(request, params);

export default function NudgeJob() {
  const { cycle, job: raw, row_errors, row_errors_total, page, page_size } = useLoaderData<typeof loader>();
  const job = raw as NudgeJobView;
  const { t } = useTranslation();
  return (
    <JobDetailLayout
      cycle={cycle}
      job={job}
      title={t("nudges.job.title", { id: job.id })}
      listPath={`/app/admin/cycles/${cycle.id}/nudges`}
      listLabel={t("nudges.job.all")}
      progressUnit="nudges.job.progress"
      progressMessage={false}
      warning={job.email_failed > 0}
      rowErrors={{ title: { plain: t("nudges.job.refused"), withCount: t("nudges.job.refusedCount", { total: row_errors_total }) }, items: row_errors, total: row_errors_total, page, pageSize: page_size }}
      facts={
        <>
          <Typography variant="body2">{t("nudges.job.stage", { stage: stageText(t, job.stage) })}</Typography>
          <Typography variant="body2">
            <Trans
              i18nKey="nudges.job.counts"
              values={{ recipients: job.recipients, notified: job.notified, emailed: job.emailed }}
              components={[<span key="r" data-testid="job-recipients" />, <span key="n" data-testid="job-notified" />, <span key="e" data-testid="job-emailed" />]}
            />
            {job.email_failed > 0 ? t("nudges.job.emailsRefused", { count: job.email_failed }) : ""}
          </Typography>
          <JobOriginFacts job={job} startedByNote={job.schedule_id !== null ? "nudges.job.fromSchedule" : undefined} />
        </>
      }
    />
  );
}
