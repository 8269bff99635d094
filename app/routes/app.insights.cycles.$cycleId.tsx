import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { pageTitle } from "~/platform/i18n/page-title";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { startExportFromPage } from "~/features/insights/export/pages.server";
import { InsightsPage } from "~/features/insights/components/insights-page";
import { loadCycleInsightsPage } from "~/features/insights/pages.server";

export const handle = pageTitle("insightsPages.pageTitle");

/** /app/insights/cycles/{cycle_id}?by=&filter= 'Fairness Insights' of a cycle (ADR 0112; super admins, HR partners). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadCycleInsightsPage(request, params.cycleId);
}

/** POST: "Export as CSV" with the filters in effect → the export job's page (ADR 0115). */
export async function action({ request, params }: ActionFunctionArgs) {
  return startExportFromPage(request, "cycle", params.cycleId);
}

export default function CycleInsights() {
  return <InsightsPage data={useLoaderData<typeof loader>()} path={useLocation().pathname} />;
}

export const ErrorBoundary = RouteErrorBoundary;
