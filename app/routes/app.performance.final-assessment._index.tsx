import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { reviewerTypeKey } from "~/features/feedback/answer-messages";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { Alert, Box, ButtonLink, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "~/platform/ui/static";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { participantFetch } from "~/platform/page-errors.server";
import { requireUser } from "~/platform/auth.server";
import { resolveSelectedCycle } from "~/features/cycles/service.server";
import { readParticipantDashboard } from "~/features/summaries/dashboard-reads.server";
import { pageTitle } from "~/platform/i18n/page-title";
import { RATING_KEYS } from "~/features/participants/messages";
import type { CalibratedRating } from "~/features/participants/rules";

export const handle = pageTitle("titles.cycleReport");

/**
 * /app/performance/final-assessment?cycle_id= 'Performance Cycle Report' (ADR 0023): the participant's
 * overview of the cycle (feedback received by type, manager feedback given) and, in the communication stage,
 * the calibrated rating, the promotion decision and the link to the feedback summary. The 'User Feedback'
 * dialog opens here by itself (app/features/shell/user-feedback/user-feedback-dialog.tsx, spec §4).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  const selection = await resolveSelectedCycle(request);
  const cycles = selection.cycles.map((c) => ({ id: c.id, name: c.name }));
  if (selection.kind !== "selected") {
    const message: TranslationKey = selection.kind === "invalid" ? "summary.invalidCycle" : "summary.noCycles";
    return { kind: selection.kind, message, cycles } as const;
  }
  // GET cycles/{id}/dashboard's answer in one statement (issue 27).
  const dashboard = await participantFetch(() => readParticipantDashboard(current, selection.cycle.id));
  if (!dashboard) {
    const message: TranslationKey = "summary.notParticipant";
    return { kind: "not_participant", message, cycles, cycleId: selection.cycle.id } as const;
  }
  return { kind: "selected", cycles, dashboard } as const;
}

export default function PerformanceCycleReport() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const selectedId = data.kind === "selected" ? data.dashboard.cycle.id : data.kind === "not_participant" ? data.cycleId : null;
  return (
    <Stack spacing={3}>
      <CyclePageHeader title={t("cycleReport.title")} cycles={data.cycles} selectedId={selectedId} />
      {data.kind !== "selected" ? (
        <CycleMessage kind={data.kind === "invalid" ? "invalid" : "none"} message={t(data.message)} />
      ) : (
        <Report dashboard={data.dashboard} />
      )}
    </Stack>
  );
}

const CELL = { paddingLeft: 8, paddingRight: 8 } as const;

/** The calibrated rating in the reader's language (the one rating scale); the API's English label otherwise. */
function ratingLabel(t: (key: TranslationKey) => string, rating: { value: number; label: string }): string {
  const key = RATING_KEYS[rating.value as CalibratedRating];
  return key ? t(key) : rating.label;
}

type Dashboard = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "selected" }>["dashboard"];

function Report({ dashboard: d }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const summaryPath = `/app/performance/final-assessment/summary?cycle_id=${d.cycle.id}`;
  return (
    <Stack spacing={3} data-testid="cycle-report">
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} alignItems="center" flexWrap>
              <Typography variant="h5" component="h2">
                {d.cycle.name}
              </Typography>
              <CycleStageChip cycleId={d.cycle.id} stage={d.cycle.state} />
            </Stack>
            <Typography>
              {d.participant.manager ? t("cycleReport.withManager", { name: d.participant.name, manager: d.participant.manager.name }) : d.participant.name}
            </Typography>
            {d.report_open ? (
              <Box>
                <ButtonLink to={summaryPath} variant="contained" data-testid="view-summary">
                  {t("cycleReport.viewSummary")}
                </ButtonLink>
              </Box>
            ) : (
              <Alert severity="info" data-testid="report-not-open">
                {t("cycleReport.notOpen")}
              </Alert>
            )}
          </Stack>
        </CardContent>
      </Card>

      {d.report_open && (
        <Box style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 320px), 1fr))", gap: 16 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography color="text.secondary">{t("cycleReport.calibratedRating")}</Typography>
              <Typography variant="h6" data-testid="calibrated-rating">
                {d.calibrated_rating ? ratingLabel(t, d.calibrated_rating) : t("cycleReport.notRated")}
              </Typography>
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography color="text.secondary">{t("cycleReport.promotionDecision")}</Typography>
              <Typography variant="h6" data-testid="promotion-decision">
                {d.promotion_decision ? d.promotion_decision.label : t("cycleReport.noPromotionDecision")}
              </Typography>
            </CardContent>
          </Card>
        </Box>
      )}

      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap style={{ marginBottom: 8 }}>
            <Typography variant="h6" component="h2">
              {t("cycleReport.feedbackReceived")}
            </Typography>
            <Chip size="small" label={t("summary.answered", { submitted: d.feedback_received.submitted, requested: d.feedback_received.requested })} data-testid="feedback-received-total" />
            <Chip
              size="small"
              color={d.manager_feedback.given ? "success" : "default"}
              label={d.manager_feedback.given ? t("cycleReport.managerFeedbackGiven") : t("cycleReport.managerFeedbackNotGiven")}
              data-testid="manager-feedback-given"
            />
          </Stack>
          {d.participant.reviewer_only ? (
            <Typography color="text.secondary">{t("cycleReport.reviewerOnly")}</Typography>
          ) : d.feedback_received.by_type.length === 0 ? (
            <Typography color="text.secondary">{t("cycleReport.noneRequested")}</Typography>
          ) : (
            // Three narrow columns: 8 px each side of a cell, so the table fits a phone's card (issue 27, ADR 0068).
            <Table size="small" style={{ maxWidth: 560 }}>
              <TableHead>
                <TableRow>
                  <TableCell style={CELL}>{t("cycleReport.reviewerType")}</TableCell>
                  <TableCell align="right" style={CELL}>
                    {t("cycleReport.asked")}
                  </TableCell>
                  <TableCell align="right" style={CELL}>
                    {t("cycleReport.answered")}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {d.feedback_received.by_type.map((row) => (
                  <TableRow key={row.reviewer_type} data-testid={`received-${row.reviewer_type}`}>
                    <TableCell style={CELL}>{reviewerTypeKey(row.reviewer_type) ? t(reviewerTypeKey(row.reviewer_type)!) : row.label}</TableCell>
                    <TableCell align="right" style={CELL}>
                      {row.requested}
                    </TableCell>
                    <TableCell align="right" style={CELL}>
                      {row.submitted}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
