import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Link } from "~/platform/ui/static";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { ReportSummaryPage } from "~/features/summaries/report-summary-page";
import { loadReportSummaryPage } from "~/features/summaries/pages.server";

export const handle = pageTitle<typeof loader>((data) =>
  data?.summary ? pageMessage("managerReview.titles.summaryOf", { name: data.summary.reviewee.name }) : pageMessage("managerReview.titles.summaryOfReport"),
);

/**
 * /app/my-reportees/{email}/feedback/summary?cycle_id=: a direct report's feedback summary for their manager in
 * that cycle: named, at any stage (ADR 0023), with the PDF download.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycles, cycleId, summary, notOpen } = await loadReportSummaryPage(request, params, "direct_report");
  return { cycles, cycleId, summary, notOpen, email: (params.email ?? "").toLowerCase() };
}

export default function DirectReportSummary() {
  const { email, ...data } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const seg = encodeURIComponent(email);
  return (
    <ReportSummaryPage
      {...data}
      links={
        <Link to={`/app/my-reportees/${seg}/feedback?cycle_id=${data.cycleId}`} data-testid="reviewer-feedback-link">
          {t("summary.byReviewer")}
        </Link>
      }
      downloadUrl={`/api/v1/cycles/${data.cycleId}/direct_reports/${seg}/feedbacks_summary/download`}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
