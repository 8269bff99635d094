import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, ButtonLink, Typography } from "~/platform/ui/static";
import css from "~/features/jobs/components/jobs.module.css";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { JOB_TYPE_KEYS } from "~/features/jobs/messages";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { pageMessage } from "~/platform/i18n/page-message";
import { storedMessageText } from "~/platform/i18n/stored-text";
import { pageTitle, type TitleHandle } from "~/platform/i18n/page-title";
import { JobDetailPage, JobListPage } from "~/features/jobs/components/job-pages";
import { UploadJobForm } from "~/features/jobs/components/upload-job-form";
import type { JobDetailPageData, JobFormFailure, JobListPageData, ParticipantUploadPageData } from "~/features/jobs/rules";

/**
 * The route components and metas of the bulk job pages (ADR 0015). The route modules of a job type
 * are thin: loader/action from the factories of app/features/jobs/pages.server.ts, meta and default
 * from the *Route components and metas below. The views they render are shared by every job page:
 * job-status.tsx (status chip, progress bar, polling), job-tables.tsx (job table, row errors, page
 * links), job-pages.tsx (the list page, the job detail page), upload-job-form.tsx (the upload form).
 * Any job type's pages reuse these with their loader data (typed in app/features/jobs/rules.ts).
 */

// ---------------------------------------------------------------------------------------------
// Route components and handles (each reads its route's loader and action data).

type CycleTitled = () => { cycle: { name: string } | null };

/**
 * The document title of a page under /app/admin/cycles/{cycleId}/ (ADR 0080): `title` is a key such as
 * "Upload participants - {{cycle}} - PMR" (a company-wide page's key has no {{cycle}}).
 */
export function adminCyclePageHandle(title: TranslationKey): TitleHandle {
  return pageTitle<CycleTitled>((data) => pageMessage(title, { cycle: data?.cycle?.name ?? "—" }));
}

/** The document title of a job type's list page ("Upload participants jobs - {cycle} - PMR"), by the type's key. */
export function jobListHandle(typeKey: keyof typeof JOB_TYPE_KEYS): TitleHandle {
  return adminCyclePageHandle(JOB_TYPE_KEYS[typeKey]!.listTitle);
}

/** The document title of a job's page ("{label} job #{id} - PMR"), by the type's key. */
export function jobDetailHandle(typeKey: keyof typeof JOB_TYPE_KEYS): TitleHandle {
  return pageTitle<() => JobDetailPageData>((data) => pageMessage(JOB_TYPE_KEYS[typeKey]!.detailTitle, { id: data?.job.id ?? "" }));
}

/**
 * The list page of a job type (loader: jobListLoader; action, if it starts jobs: jobStartAction).
 * In the header, in this order: `actions` (e.g. StartDownloadButton; given the cycle's id, or null on a
 * company-wide type's page), the "Upload a file" link to `uploadPage` (under the cycle, or under /app/admin/ for a
 * company-wide type), the `start` button posting to this page. `intro`: text (as a paragraph) or an element above the table.
 */
export function JobListRoute({
  intro,
  actions,
  uploadPage,
  start,
}: {
  intro?: ReactNode;
  actions?: (cycleId: number) => ReactNode;
  uploadPage?: string;
  start?: { label: string; testId: string };
}) {
  const { t } = useTranslation();
  const data = useLoaderData<JobListPageData>();
  const result = useActionData<JobFormFailure>();
  const busy = useNavigation().state !== "idle";
  const { cycle } = data;
  return (
    <JobListPage
      {...data}
      formError={result?.formError ? storedMessageText(t, result.formError) : null}
      intro={typeof intro === "string" ? <Typography className={css.intro}>{intro}</Typography> : intro}
      actions={
        <>
          {cycle && actions?.(cycle.id)}
          {uploadPage && (
            <ButtonLink to={cycle ? `/app/admin/cycles/${cycle.id}/${uploadPage}` : `/app/admin/${uploadPage}`} variant="contained" data-testid="new-upload">
              {t("jobs.uploadFile")}
            </ButtonLink>
          )}
          {start && (
            <Form method="post">
              <Button type="submit" variant="contained" disabled={busy} data-testid={start.testId}>
                {start.label}
              </Button>
            </Form>
          )}
        </>
      }
    />
  );
}

/** The page of one job (loader: jobDetailLoader); `intro` under the header (given the cycle's id, or null without a cycle). */
export function JobDetailRoute({ intro }: { intro?: (cycleId: number | null) => ReactNode }) {
  const data = useLoaderData<JobDetailPageData>();
  return <JobDetailPage {...data} intro={intro?.(data.cycle?.id ?? null)} />;
}

/**
 * The upload form of a participant CSV job (loader: participantUploadLoader, action: jobStartAction):
 * `children` says what the job does with the rows; the columns, template and background note are common.
 */
export function ParticipantUploadRoute({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { cycle, columns, jobsPath } = useLoaderData<ParticipantUploadPageData>();
  const result = useActionData<JobFormFailure>();
  return (
    <UploadJobForm
      cycle={cycle}
      title={title}
      jobsPath={jobsPath}
      templateHref={`/app/admin/cycles/${cycle.id}/participants-template.csv`}
      result={result ?? null}
      description={
        <>
          <Typography>{children}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t("jobs.participantUpload.columns", { columns: columns.join(", ") })}
          </Typography>
        </>
      }
    />
  );
}
