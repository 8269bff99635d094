import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, Box, Chip, Link, Stack, Typography } from "~/platform/ui/static";
import { reviewerTypeKey } from "~/features/feedback/answer-messages";
import { useFormat } from "~/platform/i18n/reader-context";
import css from "~/features/manager-review/report-feedback.module.css";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { QuestionnaireForm } from "~/features/feedback/questionnaire-form";
import { REPORTEE_PATHS } from "~/features/manager-review/rules";
import { getReportFeedback } from "~/features/manager-review/service.server";
import { forPage } from "~/platform/page-errors.server";
import { requireReportPage } from "~/features/manager-review/pages.server";

export const handle = pageTitle<typeof loader>((data) =>
  data ? pageMessage("managerReview.titles.reviewerOn", { reviewer: data.feedback.reviewer.name, name: data.participant.name }) : pageMessage("managerReview.titles.feedback"),
);

/** /app/my-reportees/{email}/feedback/{reviewerEmail}?cycle_id=: one reviewer's answers about my direct report. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await requireReportPage(request, params);
  const reviewerEmail = (params.reviewerEmail ?? "").trim().toLowerCase();
  const detail = await forPage(() => getReportFeedback(page.current.user.id, page.cycleId, page.email, reviewerEmail));
  return { cycleId: page.cycleId, ...detail };
}

export default function ReviewerFeedbackPage() {
  const { cycleId, cycle, participant, feedback, questions } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const format = useFormat();
  const typeKey = reviewerTypeKey(feedback.reviewer_type);
  return (
    <Stack spacing={3} className={css.page}>
      <Box>
        <Link to={REPORTEE_PATHS.feedback(participant.email, cycleId)} className={css.back}>
          {t("managerReview.reviewerPage.back", { name: participant.name })}
        </Link>
        <Typography variant="h4" component="h1" data-testid="reviewer-feedback-title">
          {t("managerReview.reviewerPage.title", { reviewer: feedback.reviewer.name, name: participant.name })}
        </Typography>
        <Stack direction="row" spacing={1.5} alignItems="center" flexWrap className={css.meta}>
          <CycleStageChip cycleId={cycle.id} stage={cycle.state} />
          <Chip size="small" variant="outlined" label={typeKey ? t(typeKey) : feedback.reviewer_type} data-testid="reviewer-feedback-type" />
          <Typography color="text.secondary" className={css.wrap}>
            {feedback.reviewer.email}
          </Typography>
          {feedback.submitted_at && <Typography color="text.secondary">{t("managerReview.reviewerPage.submitted", { date: format.date(feedback.submitted_at) })}</Typography>}
        </Stack>
      </Box>
      {feedback.answers === null ? (
        <Alert severity="info" data-testid="reviewer-feedback-pending">
          {t("managerReview.reviewerPage.pending", { name: feedback.reviewer.name })}
        </Alert>
      ) : (
        <QuestionnaireForm questions={questions} value={feedback.answers} readOnly name={null} />
      )}
    </Stack>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
