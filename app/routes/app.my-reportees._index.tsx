import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { MyReporteesList } from "~/features/manager-review/my-reportees-list";
import { loadReporteesPage } from "~/features/manager-review/pages.server";

export const handle = pageTitle("managerReview.titles.myReportees");

/** /app/my-reportees: my direct reports in the selected cycle (?cycle_id=) with their progress, and my secondary reports. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadReporteesPage(request);
}

export default function MyReportees() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <MyReporteesList data={data} title={t("managerReview.title")} />;
}

export const ErrorBoundary = RouteErrorBoundary;
