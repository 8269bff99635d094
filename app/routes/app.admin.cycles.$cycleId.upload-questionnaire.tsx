import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import { Alert, Link, Typography } from "@mui/material";
import { UploadJobForm } from "~/features/jobs/components/upload-job-form";
import { QUESTIONNAIRE_CSV_COLUMNS, QUESTIONNAIRE_CSV_REQUIRED_COLUMNS } from "~/features/questionnaires/csv";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { jobPagePath, startJobFromPage } from "~/features/jobs/pages.server";
import { getQuestionnaire, QUESTIONNAIRE_LOCKED_MESSAGE } from "~/features/questionnaires/service.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Upload questionnaire - ${data?.cycle.name ?? "Cycle"} - PMR` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycle } = await requireAdminCycle(request, params);
  const questionnaire = await getQuestionnaire(cycle.id);
  return {
    cycle,
    columns: [...QUESTIONNAIRE_CSV_COLUMNS],
    required: [...QUESTIONNAIRE_CSV_REQUIRED_COLUMNS],
    version: questionnaire.version,
    isDefault: questionnaire.is_default,
    locked: questionnaire.locked,
    lockedMessage: QUESTIONNAIRE_LOCKED_MESSAGE,
    jobsPath: jobPagePath(cycle.id, "UPLOAD_QUESTIONNAIRE"),
  };
}

/** Multipart upload (file) → the new job's page. */
export async function action({ request, params }: ActionFunctionArgs) {
  return startJobFromPage(request, params, "UPLOAD_QUESTIONNAIRE");
}

export default function UploadQuestionnairePage() {
  const { cycle, columns, required, version, isDefault, locked, lockedMessage, jobsPath } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <UploadJobForm
      cycle={cycle}
      title="Upload questionnaire"
      jobsPath={jobsPath}
      templateHref={`/app/admin/cycles/${cycle.id}/questionnaire-template.csv`}
      templateLabel="Download the current questionnaire as a CSV template"
      errorModeChoice={false}
      result={result ?? null}
      description={
        <>
          {locked && (
            <Alert severity="warning" data-testid="upload-questionnaire-locked">
              {lockedMessage}
            </Alert>
          )}
          <Typography>
            Replace this cycle&apos;s questionnaire (now {isDefault ? "the default questionnaire" : `version ${version}`}) with a CSV file: one
            row per question, in the order reviewers see them. A reviewer type without rows is not asked anything.
          </Typography>
          <Alert severity="info" data-testid="upload-questionnaire-all-or-nothing">
            A questionnaire is all-or-nothing: if any row has an error, nothing is applied and the job page lists every row error. When all
            rows are valid the file becomes the next version of the questionnaire.
          </Alert>
          <Typography variant="body2" color="text.secondary">
            Columns: {columns.join(", ")} ({required.join(", ")} are required). reviewer_type is SELF, MANAGER, DIRECT_REPORT, PEER,
            MATRIX_MANAGER or MATRIX_TEAM; kind is rating (with scale_min, scale_max and optional scale_labels such as
            &quot;1=Low|5=High&quot;), text (optional max_length) or choice (options such as &quot;Yes|No&quot;); required is true or false
            (blank means true).
          </Typography>
          <Typography variant="body2" color="text.secondary">
            To edit a questionnaire in the browser instead, use the{" "}
            <Link component={RemixLink} to={`/app/admin/cycles/${cycle.id}/json-builder`}>
              JSON builder
            </Link>
            .
          </Typography>
        </>
      }
    />
  );
}
