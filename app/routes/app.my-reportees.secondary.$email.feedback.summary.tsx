import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { ReportSummaryPage } from "~/features/summaries/report-summary-page";
import { loadReportSummaryPage } from "~/features/summaries/pages.server";

export const handle = pageTitle<typeof loader>((data) =>
  data?.summary ? pageMessage("managerReview.titles.summaryOf", { name: data.summary.reviewee.name }) : pageMessage("managerReview.titles.summaryOfSecondary"),
);

/**
 * /app/my-reportees/secondary/{email}/feedback/summary?cycle_id=: a secondary report's feedback summary for
 * their secondary manager: anonymised like the reviewee's, from the manager feedback stage on (ADR 0023).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycles, cycleId, summary, notOpen } = await loadReportSummaryPage(request, params, "secondary_report");
  return { cycles, cycleId, summary, notOpen, email: (params.email ?? "").toLowerCase() };
}

export default function SecondaryReportSummary() {
  const { email, ...data } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ReportSummaryPage
      {...data}
      title={t("summary.titleSecondary")}
      downloadUrl={`/api/v1/cycles/${data.cycleId}/secondary_reports/${encodeURIComponent(email)}/feedbacks_summary/download`}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
