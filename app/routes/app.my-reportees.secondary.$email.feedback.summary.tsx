import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link as RemixLink, useLoaderData, useRouteError } from "@remix-run/react";
import { Alert, Box, Link, Stack, Typography } from "@mui/material";
import { CycleSwitcher } from "~/components/cycle-switcher";
import { ErrorView } from "~/components/error-view";
import { FeedbackSummaryView } from "~/components/feedback-summary-view";
import { loadReportSummaryPage } from "~/services/summary-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Feedback summary of ${data?.summary?.reviewee.name ?? "secondary report"} | PMR` }];

/**
 * /app/my-reportees/secondary/{email}/feedback/summary?cycle_id=: a secondary report's feedback summary for
 * their secondary manager: anonymised like the reviewee's, from the manager feedback stage on (ADR 0023).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycles, cycleId, summary, notOpen } = await loadReportSummaryPage(request, params, "secondary_report");
  return { cycles, cycleId, summary, notOpen, email: (params.email ?? "").toLowerCase() };
}

export default function SecondaryReportSummary() {
  const { cycles, cycleId, summary, notOpen, email } = useLoaderData<typeof loader>();
  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", gap: 2 }}>
        <Link component={RemixLink} to={`/app/my-reportees?cycle_id=${cycleId}`}>
          ← My Reportees
        </Link>
        {cycles.length > 0 && <CycleSwitcher cycles={cycles} selectedId={cycleId} />}
      </Box>
      {summary ? (
        <FeedbackSummaryView
          summary={summary}
          title="Feedback Summary (secondary report)"
          downloadUrl={`/api/v1/cycles/${cycleId}/secondary_reports/${encodeURIComponent(email)}/feedbacks_summary/download`}
        />
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
