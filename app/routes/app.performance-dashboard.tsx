import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { TrendsPage } from "~/features/performance-trends/components/trends-page";
import { loadTrendsPage } from "~/features/performance-trends/pages.server";

export const handle = pageTitle("performanceTrends.pageTitle");

/** /app/performance-dashboard?email= 'Performance Trends Report' (ADR 0030). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadTrendsPage(request);
}

export default function PerformanceTrendsReport() {
  return <TrendsPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
