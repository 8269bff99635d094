import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { CycleSwitcher } from "~/features/cycles/components/cycle-switcher";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { QuestionnaireForm } from "~/features/feedback/questionnaire-form";
import { ANSWERS_FIELD, answersFromFormField, errorsByQuestion, type Answers } from "~/features/feedback/answers";
import { MANAGER_FEEDBACK_STATE_LABELS, REPORTEE_PATHS } from "~/features/manager-review/rules";
import { isSpoofing } from "~/platform/auth.server";
import { saveManagerFeedback, submitManagerFeedback } from "~/features/manager-review/manager-feedback.server";
import { loadManagerFeedbackPage, pageFormFailure, requireReportPage } from "~/features/manager-review/pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Feedback for ${data?.feedbacks.participant.name ?? "direct report"} | PMR` }];

/**
 * /app/my-reportees/{email}/feedback?cycle_id=: each reviewer's feedback about my direct report (named, with
 * type and status; answers once submitted) and my manager feedback — a form in the manager feedback stage,
 * read-only otherwise.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await loadManagerFeedbackPage(request, params);
  return { cycles: page.cycles, cycleId: page.cycleId, me: page.current.user.email, spoofing: isSpoofing(page.current), feedbacks: page.feedbacks, mine: page.mine };
}

type ActionResult = { ok: boolean; intent: "save" | "submit"; message: string; errors: Record<string, string> };

export async function action({ request, params }: ActionFunctionArgs) {
  const page = await requireReportPage(request, params);
  const form = await request.formData();
  const intent = form.get("intent") === "submit" ? "submit" : "save";
  const posted = answersFromFormField(form.get(ANSWERS_FIELD));
  if (!posted.ok) {
    return data<ActionResult>({ ok: false, intent, message: posted.issues[0]?.message ?? "Invalid answers", errors: errorsByQuestion(posted.issues) }, { status: 400 });
  }
  try {
    if (intent === "submit") await submitManagerFeedback(page.current, page.cycleId, page.email, posted.value);
    else await saveManagerFeedback(page.current, page.cycleId, page.email, posted.value);
  } catch (err) {
    const failure = pageFormFailure(err);
    const message = Object.keys(failure.errors).length > 0 ? "Some answers need attention" : failure.message;
    return data<ActionResult>({ ok: false, intent, message, errors: failure.errors }, { status: failure.status });
  }
  return data<ActionResult>({ ok: true, intent, message: intent === "submit" ? "Manager feedback submitted" : "Manager feedback saved", errors: {} });
}

export default function ReportFeedbackPage() {
  const { cycles, cycleId, me, spoofing, feedbacks, mine } = useLoaderData<typeof loader>();
  const person = feedbacks.participant;
  const others = feedbacks.feedbacks.filter((f) => !(f.reviewer_type === "manager" && f.reviewer.email === me));
  return (
    <Stack spacing={3} sx={{ p: { xs: 2, md: 3 } }}>
      <Box>
        <Link component={RemixLink} to={REPORTEE_PATHS.list(cycleId)} sx={{ display: "inline-block", mb: 1 }}>
          ← My Reportees
        </Link>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", gap: 2 }}>
          <Typography variant="h4" component="h1" data-testid="report-feedback-title">
            Feedback for {person.name}
          </Typography>
          <CycleSwitcher cycles={cycles} selectedId={cycleId} />
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", mt: 1, flexWrap: "wrap" }}>
          <CycleStageChip cycleId={cycleId} stage={feedbacks.cycle.state} />
          <Typography color="text.secondary">
            {person.email}
            {person.job_title ? ` · ${person.job_title}` : ""}
          </Typography>
          {!person.reviewer_only && (
            <>
              <Link component={RemixLink} to={REPORTEE_PATHS.summary(person.email, cycleId)} data-testid="report-summary-link">
                Feedback summary
              </Link>
              <Link component={RemixLink} to={REPORTEE_PATHS.promotion(person.email, cycleId)} data-testid="report-promotion-link">
                Promotion nomination
              </Link>
            </>
          )}
        </Stack>
      </Box>

      {person.reviewer_only ? (
        <Alert severity="info" data-testid="report-reviewer-only">
          {person.name} takes part as a reviewer only and receives no feedback in this cycle.
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
  return (
    <Box component="section" aria-labelledby="reviewers-heading">
      <Typography variant="h5" component="h2" id="reviewers-heading" sx={{ mb: 1 }}>
        Feedback from reviewers
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary" data-testid="reviewers-empty">
          Nobody has been asked for feedback about this person yet.
        </Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" data-testid="reviewers-table">
            <TableHead>
              <TableRow>
                <TableCell>Reviewer</TableCell>
                <TableCell>Reviewer type</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Submitted</TableCell>
                <TableCell align="right" />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((f) => (
                <TableRow key={f.id} data-testid={`reviewer-row-${f.reviewer.email}`}>
                  <TableCell>
                    <Typography fontWeight={500}>{f.reviewer.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {f.reviewer.email}
                    </Typography>
                  </TableCell>
                  <TableCell data-testid={`reviewer-type-${f.reviewer.email}`}>{f.reviewer_type_label}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      data-testid={`reviewer-status-${f.reviewer.email}`}
                      label={f.status === "submitted" ? "Submitted" : "Not submitted yet"}
                      color={f.status === "submitted" ? "success" : "default"}
                    />
                  </TableCell>
                  <TableCell>{f.submitted_at ? f.submitted_at.slice(0, 10) : "—"}</TableCell>
                  <TableCell align="right">
                    {f.status === "submitted" && (
                      <Button size="small" component={RemixLink} to={REPORTEE_PATHS.reviewer(email, f.reviewer.email, cycleId)} data-testid={`reviewer-read-${f.reviewer.email}`}>
                        Read feedback
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

function ManagerFeedbackSection({ mine, spoofing }: { mine: NonNullable<LoaderData["mine"]>; spoofing: boolean }) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { enqueueSnackbar } = useSnackbar();
  const [answers, setAnswers] = useState<Answers>(mine.answers);
  // A fresh load (after a save or another cycle) brings the stored answers.
  useEffect(() => setAnswers(mine.answers), [mine.updated_at, mine.cycle.id, mine.participant.email]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (result?.ok) enqueueSnackbar(result.message, { variant: "success" });
  }, [result, enqueueSnackbar]);

  const submitted = mine.status === "submitted";
  const editable = mine.editable && !spoofing;
  return (
    <Box component="section" aria-labelledby="manager-feedback-heading">
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 1 }}>
        <Typography variant="h5" component="h2" id="manager-feedback-heading">
          Your manager feedback
        </Typography>
        <Chip size="small" label={MANAGER_FEEDBACK_STATE_LABELS[mine.state]} color={submitted ? "success" : mine.state === "draft" ? "warning" : "default"} data-testid="manager-feedback-state" />
      </Stack>
      {!mine.editable && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="manager-feedback-closed">
          Manager feedback can be written only in the manager feedback stage; this cycle is in the {mine.cycle.stage_label.replace(/^Stage \d+ - /, "")}.
        </Alert>
      )}
      {mine.editable && spoofing && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          You are viewing another user: manager feedback cannot be written in their name.
        </Alert>
      )}
      {submitted && mine.editable && !spoofing && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Submitted. You can still adjust it until the manager feedback stage closes.
        </Alert>
      )}
      {result && !result.ok && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="manager-feedback-error">
          {result.message}
        </Alert>
      )}
      {!mine.editable && mine.state === "not_started" ? (
        <Typography color="text.secondary" data-testid="manager-feedback-none">
          No manager feedback written.
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
            <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
              <Button type="submit" name="intent" value="save" variant={submitted ? "contained" : "outlined"} disabled={busy} data-testid="manager-feedback-save">
                {submitted ? "Save changes" : "Save draft"}
              </Button>
              {!submitted && (
                <Button type="submit" name="intent" value="submit" variant="contained" disabled={busy} data-testid="manager-feedback-submit">
                  Submit manager feedback
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
