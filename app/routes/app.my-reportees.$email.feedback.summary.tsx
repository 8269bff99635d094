import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link as RemixLink, useLoaderData, useRouteError } from "@remix-run/react";
import { Alert, Box, Link, Stack, Typography } from "@mui/material";
import { CycleSwitcher } from "~/components/cycle-switcher";
import { ErrorView } from "~/components/error-view";
import { FeedbackSummaryView } from "~/components/feedback-summary-view";
import { loadReportSummaryPage } from "~/services/summary-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Feedback summary of ${data?.summary?.reviewee.name ?? "direct report"} | PMR` }];

/**
 * /app/my-reportees/{email}/feedback/summary?cycle_id=: a direct report's feedback summary for their manager in
 * that cycle: named, at any stage (ADR 0023), with the PDF download.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycles, cycleId, summary, notOpen } = await loadReportSummaryPage(request, params, "direct_report");
  return { cycles, cycleId, summary, notOpen, email: (params.email ?? "").toLowerCase() };
}

export default function DirectReportSummary() {
  const { cycles, cycleId, summary, notOpen, email } = useLoaderData<typeof loader>();
  const seg = encodeURIComponent(email);
  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", gap: 2 }}>
        <Stack direction="row" spacing={2}>
          <Link component={RemixLink} to={`/app/my-reportees?cycle_id=${cycleId}`}>
            ← My Reportees
          </Link>
          <Link component={RemixLink} to={`/app/my-reportees/${seg}/feedback?cycle_id=${cycleId}`} data-testid="reviewer-feedback-link">
            Feedback by reviewer
          </Link>
        </Stack>
        {cycles.length > 0 && <CycleSwitcher cycles={cycles} selectedId={cycleId} />}
      </Box>
      {summary ? (
        <FeedbackSummaryView summary={summary} downloadUrl={`/api/v1/cycles/${cycleId}/direct_reports/${seg}/feedbacks_summary/download`} />
      ) : (
        <>
          <Typography variant="h4" component="h1">
            Feedback Summary
          </Typography>
          <Alert severity="info" data-testid="summary-message">
            {notOpen}
          </Alert>
        </>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <ErrorView status={error.status} message={typeof error.data === "string" && error.data ? error.data : undefined} />;
  return <ErrorView crash />;
}
