import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { Alert, Button, Chip, Link, Stack, Typography } from "~/platform/ui/static";
import { StaticIcon, controls } from "~/platform/ui/static-controls";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { QuestionnaireForm } from "~/features/feedback/questionnaire-form";
import { answerProgress, checkSubmission, errorsByQuestion, type Answers } from "~/features/feedback/answers";
import { spuFeedbackPath } from "~/features/feedback/rules";
import { FEEDBACK_STATUS_KEYS, REVIEWER_TYPE_KEYS, type Message } from "~/features/feedback/answer-messages";
import { feedbackPageAction, requireMyFeedbackPage } from "~/features/feedback/pages.server";
import { pageTitle } from "~/platform/i18n/page-title";
import { pageMessage } from "~/platform/i18n/page-message";

export const handle = pageTitle<typeof loader>(
  (data) =>
    data?.feedback.reviewee.name
      ? pageMessage("titles.feedbackFor", { name: data.feedback.reviewee.name })
      : pageMessage("titles.feedbackForColleague"),
);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycle, feedback } = await requireMyFeedbackPage(request, params);
  return { cycle, feedback };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const result = await feedbackPageAction(request, params);
  return data(result, { status: result.ok ? 200 : result.status });
}

/** Give (or adjust) my 360 feedback for one reviewee: save a draft, submit with confirmation, adjust after submit. */
export default function GiveFeedback() {
  const { cycle, feedback } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  // The success toast lives here, not in the editor: the editor remounts when the stored feedback changes,
  // and the action data is already visible before the revalidated feedback arrives (one toast per answer).
  useEffect(() => {
    if (result?.ok) enqueueSnackbar(t(result.message.key, result.message.values), { variant: "success" });
  }, [result, enqueueSnackbar, t]);
  // A fresh form whenever the stored feedback changes (after a save, submit or adjust).
  return <FeedbackEditor key={`${feedback.id}:${feedback.updated_at}`} cycle={cycle} feedback={feedback} />;
}

/** The path of Material's Close icon (as MUI Alert's close button draws it). */
const CLOSE = "M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z";

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

function FeedbackEditor({ cycle, feedback }: Loaded) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [answers, setAnswers] = useState<Answers>(feedback.answers);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The confirmation dialog (MUI) is mounted from its first opening on: a closed one costs style work in the server render.
  const dialogMounted = useOpenedOnce(confirming);

  const submitted = feedback.status === "submitted";
  const editable = feedback.open;
  const progress = answerProgress(feedback.questions, answers);

  // Server refusals: errors per question (the page shows the success toast).
  useEffect(() => {
    if (result && !result.ok) {
      setErrors(result.errors);
      setMessage(result.error);
    }
  }, [result]);

  const send = (intent: "save" | "submit" | "adjust") => {
    setConfirming(false);
    submit({ intent, answers: JSON.stringify(answers) }, { method: "post" });
  };

  /** Submit and adjust need every required answer: check here first, the server checks again. */
  const completeOrShowErrors = (): boolean => {
    const check = checkSubmission(feedback.questions, answers);
    if (check.ok) return true;
    setErrors(errorsByQuestion(check.issues));
    setMessage({ key: "feedbackForm.attention", values: { count: check.issues.length } });
    return false;
  };

  const onChange = (next: Answers) => {
    setAnswers(next);
    // An edited question's message goes away until the next check.
    const changed = Object.keys(errors).filter((id) => next[id] !== answers[id]);
    if (changed.length > 0) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([id]) => !changed.includes(id))));
  };

  return (
    <Stack spacing={2} style={{ maxWidth: 900 }}>
      <Link to={`/app/performance/spu-feedback?cycle_id=${cycle.id}`} data-testid="back-to-list">
        {t("feedbackForm.back")}
      </Link>
      <div>
        <Typography variant="h4" component="h1">
          {feedback.reviewer_type === "SELF" ? t("feedbackForm.titleSelf") : t("feedbackForm.titleFor", { name: feedback.reviewee.name })}
        </Typography>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap style={{ marginTop: 8 }}>
          <Typography color="text.secondary">
            {feedback.reviewee.email} · {cycle.name}
          </Typography>
          <Chip size="small" variant="outlined" label={t(REVIEWER_TYPE_KEYS[feedback.reviewer_type])} data-testid="feedback-reviewer-type" />
          <Chip
            size="small"
            color={submitted ? "success" : feedback.status === "draft" ? "warning" : "default"}
            label={t(FEEDBACK_STATUS_KEYS[feedback.status])}
            data-testid="feedback-status"
          />
        </Stack>
      </div>
      {feedback.reviewer_type !== "SELF" && (
        <Alert severity="info" data-testid="feedback-names-rule">
          {cycle.names_rule}
        </Alert>
      )}

      {!editable && (
        <Alert severity="info" data-testid="feedback-closed">
          {submitted ? t("feedbackForm.closedSubmitted") : t("feedbackForm.closedNotSubmitted")}
        </Alert>
      )}
      {editable && submitted && (
        <Alert severity="success" data-testid="feedback-submitted-note">
          {t("feedbackForm.submittedNote")}
        </Alert>
      )}
      {message && (
        <Alert
          severity="error"
          data-testid="feedback-error"
          action={
            <button type="button" className={controls.iconButton} aria-label={t("feedbackForm.close")} title={t("feedbackForm.close")} onClick={() => setMessage(null)}>
              <StaticIcon d={CLOSE} small />
            </button>
          }
        >
          {t(message.key, message.values)}
        </Alert>
      )}

      <QuestionnaireForm questions={feedback.questions} value={answers} onChange={onChange} errors={errors} readOnly={!editable} disabled={busy} name={null} />

      {editable && (
        <Stack direction="row" spacing={2} alignItems="center" flexWrap>
          {submitted ? (
            <Button variant="contained" disabled={busy} onClick={() => completeOrShowErrors() && send("adjust")} data-testid="feedback-adjust">
              {t("feedbackForm.saveChanges")}
            </Button>
          ) : (
            <>
              <Button variant="outlined" disabled={busy} onClick={() => send("save")} data-testid="feedback-save-draft">
                {t("feedbackForm.saveDraft")}
              </Button>
              <Button variant="contained" disabled={busy} onClick={() => completeOrShowErrors() && setConfirming(true)} data-testid="feedback-submit">
                {t("feedbackForm.submit")}
              </Button>
            </>
          )}
          <Typography variant="body2" color="text.secondary" data-testid="feedback-progress">
            {progress.requiredOpen > 0
              ? t("feedbackForm.progressOpen", { answered: progress.answered, total: progress.total, open: progress.requiredOpen })
              : t("feedbackForm.progress", { answered: progress.answered, total: progress.total })}
          </Typography>
          {feedback.status !== "not_started" && (
            <Link to={spuFeedbackPath(feedback.reviewee.email, cycle.id, true)} data-testid="feedback-view-link">
              {t("feedbackForm.viewLink")}
            </Link>
          )}
        </Stack>
      )}

      {dialogMounted && (
        <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="submit-feedback-title">
          <DialogTitle id="submit-feedback-title">{t("feedbackForm.confirmTitle")}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {feedback.reviewer_type === "SELF" ? t("feedbackForm.confirmTextSelf") : t("feedbackForm.confirmText", { name: feedback.reviewee.name })}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button variant="text" onClick={() => setConfirming(false)} data-testid="feedback-submit-cancel">
              {t("feedbackForm.cancel")}
            </Button>
            <Button variant="contained" onClick={() => send("submit")} data-testid="feedback-submit-confirm">
              {t("feedbackForm.submit")}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}
