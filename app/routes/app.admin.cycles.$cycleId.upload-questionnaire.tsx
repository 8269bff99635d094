import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { Alert, Link, Typography } from "~/platform/ui/static";
import { UploadJobForm } from "~/features/jobs/components/upload-job-form";
import { QUESTIONNAIRE_CSV_COLUMNS, QUESTIONNAIRE_CSV_REQUIRED_COLUMNS } from "~/features/questionnaires/csv";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { jobPagePath, startJobFromPage } from "~/features/jobs/pages.server";
import { readQuestionnairePage } from "~/features/questionnaires/page-reads.server";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";

export const handle = pageTitle<typeof loader>((data) => pageMessage("questionnaires.titles.upload", { cycle: data?.cycle.name ?? "—" }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycle } = await requireAdminCycle(request, params);
  const questionnaire = await readQuestionnairePage(cycle.id);
  return {
    cycle,
    columns: [...QUESTIONNAIRE_CSV_COLUMNS],
    required: [...QUESTIONNAIRE_CSV_REQUIRED_COLUMNS],
    version: questionnaire.version,
    isDefault: questionnaire.is_default,
    locked: questionnaire.locked,
    jobsPath: jobPagePath(cycle.id, "UPLOAD_QUESTIONNAIRE"),
  };
}

/** Multipart upload (file) → the new job's page. */
export async function action({ request, params }: ActionFunctionArgs) {
  return startJobFromPage(request, params, "UPLOAD_QUESTIONNAIRE");
}

export default function UploadQuestionnairePage() {
  const { t } = useTranslation();
  const { cycle, columns, required, version, isDefault, locked, jobsPath } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <UploadJobForm
      cycle={cycle}
      title={t("questionnaires.upload.title")}
      jobsPath={jobsPath}
      templateHref={`/app/admin/cycles/${cycle.id}/questionnaire-template.csv`}
      templateLabel={t("questionnaires.upload.template")}
      errorModeChoice={false}
      result={result ?? null}
      description={
        <>
          {locked && (
            <Alert severity="warning" data-testid="upload-questionnaire-locked">
              {t("questionnaires.locked")}
            </Alert>
          )}
          <Typography>{isDefault ? t("questionnaires.upload.replaceDefault") : t("questionnaires.upload.replaceVersion", { version })}</Typography>
          <Alert severity="info" data-testid="upload-questionnaire-all-or-nothing">
            {t("questionnaires.upload.allOrNothing")}
          </Alert>
          <Typography variant="body2" color="text.secondary">
            {t("questionnaires.upload.columns", { columns: columns.join(", "), required: required.join(", ") })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <Trans i18nKey="questionnaires.upload.builder" components={[<Link key="builder" to={`/app/admin/cycles/${cycle.id}/json-builder`} />]} />
          </Typography>
        </>
      }
    />
  );
}
