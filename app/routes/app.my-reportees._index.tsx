import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { MyReporteesList } from "~/features/manager-review/my-reportees-list";
import { loadReporteesPage } from "~/features/manager-review/pages.server";

export const meta: MetaFunction = () => [{ title: "My Reportees | PMR" }];

/** /app/my-reportees: my direct reports in the selected cycle (?cycle_id=) with their progress, and my secondary reports. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadReporteesPage(request);
}

export default function MyReportees() {
  const data = useLoaderData<typeof loader>();
  return <MyReporteesList data={data} title="My Reportees" />;
}

export const ErrorBoundary = RouteErrorBoundary;
