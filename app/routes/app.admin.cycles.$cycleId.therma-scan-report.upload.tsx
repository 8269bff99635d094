import type { LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminCyclePageHandle } from "~/features/jobs/components/job-views";
import { jobStartAction } from "~/features/jobs/pages.server";
import type { JobFormFailure } from "~/features/jobs/rules";
import { loadThermaUploadPage } from "~/features/decision-support/pages.server";
import { ThermaScanUploadPage } from "~/features/decision-support/components/therma-scan-views";

export const handle = adminCyclePageHandle("jobs.pageTitles.thermaUpload");
export const loader = ({ request, params }: LoaderFunctionArgs) => loadThermaUploadPage(request, params);
/** Multipart upload (file, error_mode) → the new job's page (ADR 0033). */
export const action = jobStartAction("UPLOAD_THERMA_SCAN");

export default function ThermaScanUpload() {
  return <ThermaScanUploadPage data={useLoaderData<typeof loader>()} result={useActionData<JobFormFailure>() ?? null} />;
}
