import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { Alert, Box, Chip, Link, Stack, Typography } from "@mui/material";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { QuestionnaireForm } from "~/features/feedback/questionnaire-form";
import { REPORTEE_PATHS } from "~/features/manager-review/rules";
import { getReportFeedback } from "~/features/manager-review/service.server";
import { forPage } from "~/platform/page-errors.server";
import { requireReportPage } from "~/features/manager-review/pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.feedback.reviewer.name} on ${data.participant.name} | PMR` : "Feedback | PMR" },
];

/** /app/my-reportees/{email}/feedback/{reviewerEmail}?cycle_id=: one reviewer's answers about my direct report. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await requireReportPage(request, params);
  const reviewerEmail = (params.reviewerEmail ?? "").trim().toLowerCase();
  const detail = await forPage(() => getReportFeedback(page.current.user.id, page.cycleId, page.email, reviewerEmail));
  return { cycleId: page.cycleId, ...detail };
}

export default function ReviewerFeedbackPage() {
  const { cycleId, cycle, participant, feedback, questions } = useLoaderData<typeof loader>();
  return (
    <Stack spacing={3} sx={{ p: { xs: 2, md: 3 } }}>
      <Box>
        <Link component={RemixLink} to={REPORTEE_PATHS.feedback(participant.email, cycleId)} sx={{ display: "inline-block", mb: 1 }}>
          ← Feedback for {participant.name}
        </Link>
        <Typography variant="h4" component="h1" data-testid="reviewer-feedback-title">
          {feedback.reviewer.name}&apos;s feedback on {participant.name}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mt: 1, flexWrap: "wrap" }}>
          <CycleStageChip cycleId={cycle.id} stage={cycle.state} />
          <Chip size="small" variant="outlined" label={feedback.reviewer_type_label} data-testid="reviewer-feedback-type" />
          <Typography color="text.secondary">{feedback.reviewer.email}</Typography>
          {feedback.submitted_at && <Typography color="text.secondary">Submitted {feedback.submitted_at.slice(0, 10)}</Typography>}
        </Stack>
      </Box>
      {feedback.answers === null ? (
        <Alert severity="info" data-testid="reviewer-feedback-pending">
          {feedback.reviewer.name} has not submitted this feedback yet.
        </Alert>
      ) : (
        <QuestionnaireForm questions={questions} value={feedback.answers} readOnly name={null} />
      )}
    </Stack>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
