import type { LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminCyclePageHandle } from "~/features/jobs/components/job-views";
import { loadReportsPage, startReportFromPage } from "~/features/decision-support/pages.server";
import { ReportsPage } from "~/features/decision-support/components/reports-page";
import type { ReportFormFailure } from "~/features/decision-support/rules";

export const handle = adminCyclePageHandle("jobs.pageTitles.decisionSupport");
/** The cycle's inactive participants (?page=) and the participants report form (ADR 0032). */
export const loader = ({ request, params }: LoaderFunctionArgs) => loadReportsPage(request, params);
/** Start a report for the chosen metric → its job page (progress, then the CSV). */
export const action = startReportFromPage;

export default function DecisionSupportReports() {
  const failure = useActionData<ReportFormFailure>();
  return <ReportsPage data={useLoaderData<typeof loader>()} formError={failure?.formError ?? null} />;
}
