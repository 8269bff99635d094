import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, ButtonLink, Chip, Link, Stack, Typography } from "~/platform/ui/static";
import { QuestionnaireForm } from "~/features/feedback/questionnaire-form";
import { spuFeedbackPath } from "~/features/feedback/rules";
import { FEEDBACK_STATUS_KEYS, REVIEWER_TYPE_KEYS } from "~/features/feedback/answer-messages";
import { requireMyFeedbackPage } from "~/features/feedback/pages.server";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";

export const handle = pageTitle<typeof loader>(
  (data) =>
    data?.feedback.reviewee.name
      ? pageMessage("titles.yourFeedbackFor", { name: data.feedback.reviewee.name })
      : pageMessage("titles.yourFeedbackForColleague"),
);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycle, feedback } = await requireMyFeedbackPage(request, params);
  return { cycle, feedback };
}

/** Read back the 360 feedback I gave (or drafted) for one reviewee. */
export default function ViewFeedback() {
  const { cycle, feedback } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const submitted = feedback.status === "submitted";
  return (
    <Stack spacing={2} style={{ maxWidth: 900 }}>
      <Link to={`/app/performance/spu-feedback?cycle_id=${cycle.id}`} data-testid="back-to-list">
        {t("feedbackForm.back")}
      </Link>
      <div>
        <Typography variant="h4" component="h1">
          {feedback.reviewer_type === "SELF" ? t("feedbackForm.titleSelf") : t("feedbackForm.viewTitleFor", { name: feedback.reviewee.name })}
        </Typography>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap style={{ marginTop: 8 }}>
          <Typography color="text.secondary">
            {feedback.reviewee.email} · {cycle.name}
          </Typography>
          <Chip size="small" variant="outlined" label={t(REVIEWER_TYPE_KEYS[feedback.reviewer_type])} />
          <Chip
            size="small"
            color={submitted ? "success" : feedback.status === "draft" ? "warning" : "default"}
            label={t(FEEDBACK_STATUS_KEYS[feedback.status])}
            data-testid="feedback-status"
          />
        </Stack>
        {feedback.submitted_at && (
          <Typography variant="body2" color="text.secondary" style={{ marginTop: 4 }} data-testid="feedback-submitted-at">
            {t("feedbackForm.submittedAt", { date: new Date(feedback.submitted_at).toISOString().slice(0, 10) })}
          </Typography>
        )}
      </div>
      {!submitted && (
        <Alert severity={feedback.open ? "warning" : "info"} data-testid="feedback-not-submitted">
          {feedback.open ? t("feedbackForm.notSubmittedOpen") : t("feedbackForm.notSubmittedClosed")}
        </Alert>
      )}
      <QuestionnaireForm questions={feedback.questions} value={feedback.answers} readOnly />
      {feedback.open && (
        <div>
          <ButtonLink variant="contained" to={spuFeedbackPath(feedback.reviewee.email, cycle.id)} data-testid="feedback-edit">
            {submitted ? t("feedbackForm.adjust") : t("feedbackForm.continue")}
          </ButtonLink>
        </div>
      )}
    </Stack>
  );
}
