import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { InsightsEmpty } from "~/features/insights/components/insights-page";
import { loadInsightsIndex } from "~/features/insights/pages.server";

export const handle = pageTitle("insightsPages.pageTitle");

/** /app/insights?cycle_id=: to a cycle's fairness insights (the cycle picker's form; super admins and HR partners); with no cycle to open, the empty state. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadInsightsIndex(request);
}

export default function InsightsIndex() {
  return <InsightsEmpty />;
}

export const ErrorBoundary = RouteErrorBoundary;
