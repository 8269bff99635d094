import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { pageTitle } from "~/platform/i18n/page-title";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { startExportFromPage } from "~/features/insights/export/pages.server";
import { InsightsPage } from "~/features/insights/components/insights-page";
import { loadSessionInsightsPage } from "~/features/insights/pages.server";

export const handle = pageTitle("insightsPages.pageTitle");

/** /app/insights/sessions/{session_id}?by=&filter= 'Fairness Insights' of a calibration session (ADR 0112). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadSessionInsightsPage(request, params.sessionId);
}

/** POST: "Export as CSV" with the filters in effect → the export job's page (ADR 0115). */
export async function action({ request, params }: ActionFunctionArgs) {
  return startExportFromPage(request, "session", params.sessionId);
}

export default function SessionInsights() {
  return <InsightsPage data={useLoaderData<typeof loader>()} path={useLocation().pathname} />;
}

export const ErrorBoundary = RouteErrorBoundary;
