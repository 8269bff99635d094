import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { TrendsPage } from "~/features/performance-trends/components/trends-page";
import { loadTrendsPage } from "~/features/performance-trends/pages.server";

export const meta: MetaFunction = () => [{ title: "Performance Trends Report | PMR" }];

/** /app/performance-dashboard?email= 'Performance Trends Report' (ADR 0030). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadTrendsPage(request);
}

export default function PerformanceTrendsReport() {
  return <TrendsPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
