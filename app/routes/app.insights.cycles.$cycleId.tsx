import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { pageTitle } from "~/platform/i18n/page-title";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { InsightsPage } from "~/features/insights/components/insights-page";
import { loadCycleInsightsPage } from "~/features/insights/pages.server";

export const handle = pageTitle("insightsPages.pageTitle");

/** /app/insights/cycles/{cycle_id}?by=&filter= 'Fairness Insights' of a cycle (ADR 0112; super admins, HR partners). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadCycleInsightsPage(request, params.cycleId);
}

export default function CycleInsights() {
  return <InsightsPage data={useLoaderData<typeof loader>()} path={useLocation().pathname} />;
}

export const ErrorBoundary = RouteErrorBoundary;
