import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/platform/i18n/page-title";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { ExportJobPage } from "~/features/insights/components/export-job-page";
import { loadExportJobPage } from "~/features/insights/export/pages.server";

export const handle = pageTitle("insightsExport.pageTitle");

/** /app/insights/exports/{jobId}: one CSV export of a cycle's or a session's fairness insights (ADR 0115). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadExportJobPage(request, params.jobId);
}

export default function InsightsExportJob() {
  return <ExportJobPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
