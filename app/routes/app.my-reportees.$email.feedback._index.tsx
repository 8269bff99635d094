import { pageTitle } from "~/platform/i18n/page-title";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert, Box, Button, ButtonLink, Chip, Link, Stack, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { CycleSwitcher } from "~/features/cycles/components/cycle-switcher";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { QuestionnaireForm } from "~/features/feedback/questionnaire-form";
import { ANSWERS_FIELD, answersFromFormField, errorsByQuestion, type Answers } from "~/features/feedback/answers";
import { reviewerTypeKey, type Message } from "~/features/feedback/answer-messages";
import { REPORTEE_PATHS } from "~/features/manager-review/rules";
import { FEEDBACK_CLOSED_KEYS, MANAGER_FEEDBACK_STATE_KEYS } from "~/features/manager-review/keys";
import { isSpoofing } from "~/platform/auth.server";
import { saveManagerFeedback, submitManagerFeedback } from "~/features/manager-review/manager-feedback.server";
import { loadManagerFeedbackPage, managerFeedbackRefusal, pageFormFailure, requireReportPage } from "~/features/manager-review/pages.server";
import { messageText, pageMessage } from "~/platform/i18n/page-message";
import { useFormat } from "~/platform/i18n/reader-context";
import layout from "~/platform/ui/report-page.module.css";
import css from "~/features/manager-review/report-feedback.module.css";

export const handle = pageTitle<typeof loader>((data) =>
  data ? pageMessage("managerReview.titles.feedbackFor", { name: data.feedbacks.participant.name }) : pageMessage("managerReview.titles.feedbackForReport"),
);

/**
 * /app/my-reportees/{email}/feedback?cycle_id=: each reviewer's feedback about my direct report (named, with
 * type and status; answers once submitted) and my manager feedback — a form in the manager feedback stage,
 * read-only otherwise.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await loadManagerFeedbackPage(request, params);
  return { cycles: page.cycles, cycleId: page.cycleId, me: page.current.user.email, spoofing: isSpoofing(page.current), feedbacks: page.feedbacks, mine: page.mine };
}

type ActionResult = { ok: boolean; intent: "save" | "submit"; message: Message; errors: Record<string, string> };

export async function action({ request, params }: ActionFunctionArgs) {
  const page = await requireReportPage(request, params);
  const form = await request.formData();
  const intent = form.get("intent") === "submit" ? "submit" : "save";
  const posted = answersFromFormField(form.get(ANSWERS_FIELD));
  if (!posted.ok) {
    return data<ActionResult>({ ok: false, intent, message: { key: "managerReview.mine.invalidAnswers" }, errors: errorsByQuestion(posted.issues) }, { status: 400 });
  }
  try {
    if (intent === "submit") await submitManagerFeedback(page.current, page.cycleId, page.email, posted.value);
    else await saveManagerFeedback(page.current, page.cycleId, page.email, posted.value);
  } catch (err) {
    const failure = pageFormFailure(err);
    return data<ActionResult>({ ok: false, intent, message: managerFeedbackRefusal(failure), errors: failure.errors }, { status: failure.status });
  }
  return data<ActionResult>({ ok: true, intent, message: { key: intent === "submit" ? "managerReview.mine.submittedToast" : "managerReview.mine.saved" }, errors: {} });
}

export default function ReportFeedbackPage() {
  const { cycles, cycleId, me, spoofing, feedbacks, mine } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const person = feedbacks.participant;
  const others = feedbacks.feedbacks.filter((f) => !(f.reviewer_type === "manager" && f.reviewer.email === me));
  return (
    <Stack spacing={3} className={css.page}>
      <Box>
        <Link to={REPORTEE_PATHS.list(cycleId)} className={css.back}>
          {t("managerReview.report.back")}
        </Link>
        <div className={layout.head}>
          <Typography variant="h4" component="h1" data-testid="report-feedback-title">
            {t("managerReview.report.title", { name: person.name })}
          </Typography>
          <CycleSwitcher cycles={cycles} selectedId={cycleId} />
        </div>
        <Stack direction="row" spacing={2} alignItems="center" flexWrap className={css.meta}>
          <CycleStageChip cycleId={cycleId} stage={feedbacks.cycle.state} />
          <Typography color="text.secondary" className={css.wrap} data-testid="report-person">
            {person.job_title ? `${person.email} · ${person.job_title}` : person.email}
          </Typography>
          {!person.reviewer_only && (
            <>
              <Link to={REPORTEE_PATHS.summary(person.email, cycleId)} data-testid="report-summary-link">
                {t("managerReview.report.summaryLink")}
              </Link>
              <Link to={REPORTEE_PATHS.promotion(person.email, cycleId)} data-testid="report-promotion-link">
                {t("managerReview.report.promotionLink")}
              </Link>
            </>
          )}
        </Stack>
      </Box>

      {person.reviewer_only ? (
        <Alert severity="info" data-testid="report-reviewer-only">
          {t("managerReview.report.reviewerOnly", { name: person.name })}
        </Alert>
      ) : (
        <>
          <ReviewerFeedbackTable rows={others} email={person.email} cycleId={cycleId} />
          {mine && <ManagerFeedbackSection mine={mine} spoofing={spoofing} />}
        </>
      )}
    </Stack>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function ReviewerFeedbackTable({ rows, email, cycleId }: { rows: LoaderData["feedbacks"]["feedbacks"]; email: string; cycleId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Box component="section" aria-labelledby="reviewers-heading">
      <Typography variant="h5" component="h2" id="reviewers-heading" className={css.heading}>
        {t("managerReview.report.reviewers")}
      </Typography>
      {/* Stacked rows on a phone, where five columns would squeeze to a few characters (issue 27's layout walk). */}
      <StackedTable
        stackBelow="sm"
        testId="reviewers-table"
        empty={rows.length === 0}
        emptyText={t("managerReview.report.reviewersEmpty")}
        emptyTestId="reviewers-empty"
        head={
          <>
            <TableCell>{t("managerReview.report.reviewer")}</TableCell>
            <TableCell>{t("managerReview.report.reviewerType")}</TableCell>
            <TableCell>{t("managerReview.report.status")}</TableCell>
            <TableCell>{t("managerReview.report.submitted")}</TableCell>
            <TableCell align="right" />
          </>
        }
      >
        {rows.map((f) => {
          const typeKey = reviewerTypeKey(f.reviewer_type);
          return (
            <TableRow key={f.id} data-testid={`reviewer-row-${f.reviewer.email}`}>
              <TableCell>
                <Typography fontWeight="medium">{f.reviewer.name}</Typography>
                <Typography variant="body2" color="text.secondary" className={css.wrap}>
                  {f.reviewer.email}
                </Typography>
              </TableCell>
              <TableCell data-label={t("managerReview.report.reviewerType")} data-testid={`reviewer-type-${f.reviewer.email}`}>
                {typeKey ? t(typeKey) : f.reviewer_type}
              </TableCell>
              <TableCell data-label={t("managerReview.report.status")}>
                <Chip
                  size="small"
                  wrap
                  data-testid={`reviewer-status-${f.reviewer.email}`}
                  label={f.status === "submitted" ? t("managerReview.report.submittedStatus") : t("managerReview.report.notSubmitted")}
                  color={f.status === "submitted" ? "success" : "default"}
                />
              </TableCell>
              <TableCell data-label={t("managerReview.report.submitted")}>{f.submitted_at ? format.date(f.submitted_at) : "—"}</TableCell>
              <TableCell align="right">
                {f.status === "submitted" && (
                  <ButtonLink
                    size="small"
                    to={REPORTEE_PATHS.reviewer(email, f.reviewer.email, cycleId)}
                    data-testid={`reviewer-read-${f.reviewer.email}`}
                  >
                    {t("managerReview.report.read")}
                  </ButtonLink>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </StackedTable>
    </Box>
  );
}

function ManagerFeedbackSection({ mine, spoofing }: { mine: NonNullable<LoaderData["mine"]>; spoofing: boolean }) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [answers, setAnswers] = useState<Answers>(mine.answers);
  // A fresh load (after a save or another cycle) brings the stored answers.
  useEffect(() => setAnswers(mine.answers), [mine.updated_at, mine.cycle.id, mine.participant.email]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (result?.ok) enqueueSnackbar(messageText(t, result.message), { variant: "success" });
  }, [result, enqueueSnackbar]); // eslint-disable-line react-hooks/exhaustive-deps

  const submitted = mine.status === "submitted";
  const editable = mine.editable && !spoofing;
  return (
    <Box component="section" aria-labelledby="manager-feedback-heading">
      <Stack direction="row" spacing={2} alignItems="center" flexWrap className={css.heading}>
        <Typography variant="h5" component="h2" id="manager-feedback-heading">
          {t("managerReview.mine.heading")}
        </Typography>
        <Chip size="small" label={t(MANAGER_FEEDBACK_STATE_KEYS[mine.state])} color={submitted ? "success" : mine.state === "draft" ? "warning" : "default"} data-testid="manager-feedback-state" />
      </Stack>
      {!mine.editable && (
        <Alert severity="info" className={css.alert} data-testid="manager-feedback-closed">
          {t(FEEDBACK_CLOSED_KEYS[mine.cycle.state])}
        </Alert>
      )}
      {mine.editable && spoofing && (
        <Alert severity="warning" className={css.alert}>
          {t("managerReview.mine.spoofing")}
        </Alert>
      )}
      {submitted && mine.editable && !spoofing && (
        <Alert severity="success" className={css.alert}>
          {t("managerReview.mine.submittedNote")}
        </Alert>
      )}
      {result && !result.ok && (
        <Alert severity="error" className={css.alert} data-testid="manager-feedback-error">
          {messageText(t, result.message)}
        </Alert>
      )}
      {!mine.editable && mine.state === "not_started" ? (
        <Typography color="text.secondary" data-testid="manager-feedback-none">
          {t("managerReview.mine.none")}
        </Typography>
      ) : (
        <Form method="post" data-testid="manager-feedback-form">
          <QuestionnaireForm
            questions={mine.questions}
            value={answers}
            onChange={setAnswers}
            errors={result && !result.ok ? result.errors : {}}
            readOnly={!editable}
            disabled={busy}
          />
          {editable && (
            <Stack direction="row" spacing={2} flexWrap className={css.actions}>
              <Button type="submit" name="intent" value="save" variant={submitted ? "contained" : "outlined"} disabled={busy} data-testid="manager-feedback-save">
                {submitted ? t("managerReview.mine.saveChanges") : t("managerReview.mine.saveDraft")}
              </Button>
              {!submitted && (
                <Button type="submit" name="intent" value="submit" variant="contained" disabled={busy} data-testid="manager-feedback-submit">
                  {t("managerReview.mine.submit")}
                </Button>
              )}
            </Stack>
          )}
        </Form>
      )}
    </Box>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
