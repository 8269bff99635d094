import { useActionData, useLoaderData } from "@remix-run/react";
import { Typography } from "~/platform/ui/static";
import { DownloadLink } from "~/features/jobs/components/job-pages";
import { useTranslation } from "react-i18next";
import { UploadJobForm } from "~/features/jobs/components/upload-job-form";
import type { JobFormFailure } from "~/features/jobs/rules";
import type { DirectoryImportPageData } from "~/features/jobs/types/directory/page-data";

/** /app/admin/users/import (ADR 0052): the directory CSV upload form, with the template and the directory download. */
export function DirectoryImportRoute() {
  const { columns, jobsPath, templateHref, exportHref } = useLoaderData<DirectoryImportPageData>();
  const result = useActionData<JobFormFailure>();
  const { t } = useTranslation();
  return (
    <UploadJobForm
      cycle={null}
      parent={{ path: "/app/admin/users", label: t("jobs.directory.users") }}
      title={t("jobs.directory.title")}
      jobsPath={jobsPath}
      templateHref={templateHref}
      links={
        <DownloadLink href={exportHref} testId="directory-export-link">
          {t("jobs.directory.download")}
        </DownloadLink>
      }
      result={result ?? null}
      description={
        <>
          <Typography>{t("jobs.directory.intro")}</Typography>
          <Typography variant="body2" color="text.secondary" data-testid="directory-columns">
            {t("jobs.directory.columns", { columns: columns.join(", ") })}
          </Typography>
        </>
      }
    />
  );
}
