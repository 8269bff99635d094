import { Box, ButtonLink, Chip, Stack, TableCell, TableRow, Typography, type ChipProps } from "~/platform/ui/static";
import { useFormat } from "~/platform/i18n/reader-context";
import type { CycleStage } from "~/features/cycles/rules";
import { useTranslation } from "react-i18next";
import { REPORTEE_PATHS, type ManagerFeedbackState, type NominationStatus } from "~/features/manager-review/rules";
import { MANAGER_FEEDBACK_STATE_KEYS, NOMINATION_STATUS_KEYS, STAGE_NOTE_KEYS } from "~/features/manager-review/keys";
import type { ReporteesPageData } from "~/features/manager-review/types";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { StackedTable } from "~/platform/ui/stacked-table";

const FEEDBACK_STATE_COLORS: Record<ManagerFeedbackState, ChipProps["color"]> = { not_started: "default", draft: "warning", submitted: "success" };
const NOMINATION_COLORS: Record<NominationStatus, ChipProps["color"]> = { nominated: "primary", withdrawn: "default" };

/**
 * The manager's team in the selected cycle: /app/my-reportees and /app/my-reportees/feedbacks
 * ('Manager Feedback and Promotion Nominations'). Direct reports with their peer selection, 360 feedback
 * progress, the manager feedback and the nomination, with links to each report's pages; secondary reports
 * with a link to their feedback summary only.
 */
export function MyReporteesList({ data, title }: { data: ReporteesPageData; title: string }) {
  return (
    <Stack spacing={3}>
      <CyclePageHeader title={title} cycles={data.cycles} selectedId={data.kind === "selected" ? data.cycleId : null} />
      {data.kind !== "selected" ? (
        <CycleMessage kind={data.kind} />
      ) : (
        <>
          <StageNote stage={data.direct.cycle.state} cycleId={data.cycleId} />
          <DirectReports data={data.direct} cycleId={data.cycleId} />
          <SecondaryReports data={data.secondary} cycleId={data.cycleId} />
        </>
      )}
    </Stack>
  );
}

function StageNote({ stage, cycleId }: { stage: CycleStage; cycleId: number }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={2} alignItems="center" flexWrap>
      <CycleStageChip cycleId={cycleId} stage={stage} size="medium" />
      <Typography color="text.secondary" data-testid="reportees-stage-note">
        {t(STAGE_NOTE_KEYS[stage])}
      </Typography>
    </Stack>
  );
}

function DirectReports({ data, cycleId }: { data: Extract<ReporteesPageData, { kind: "selected" }>["direct"]; cycleId: number }) {
  const { t } = useTranslation();
  const { byName } = useFormat();
  return (
    <Box component="section" aria-labelledby="direct-reports-heading">
      <Typography variant="h5" component="h2" id="direct-reports-heading" style={{ marginBottom: 8 }}>
        {t("managerReview.direct.heading")}
      </Typography>
      {/* Stacked rows below 1280 px, where its seven columns no longer fit beside the drawer (ADR 0068). */}
      <StackedTable
        stackBelow="lg"
        testId="direct-reports-table"
        empty={data.direct_reports.length === 0}
        emptyText={t("managerReview.direct.empty")}
        emptyTestId="direct-reports-empty"
        head={
          <>
            <TableCell>{t("managerReview.direct.name")}</TableCell>
            <TableCell>{t("managerReview.direct.selection")}</TableCell>
            <TableCell>{t("managerReview.direct.received")}</TableCell>
            <TableCell>{t("managerReview.direct.toGive")}</TableCell>
            <TableCell>{t("managerReview.direct.managerFeedback")}</TableCell>
            <TableCell>{t("managerReview.direct.nomination")}</TableCell>
            <TableCell align="right">{t("managerReview.direct.actions")}</TableCell>
          </>
        }
      >
        {byName(data.direct_reports, (r) => r.name).map((r) => (
          <TableRow key={r.email} data-testid={`reportee-row-${r.email}`}>
            <TableCell>
              <Typography fontWeight="medium">{r.name}</Typography>
              <Typography variant="body2" color="text.secondary" style={{ overflowWrap: "anywhere" }}>
                {r.email}
                {r.job_title ? ` · ${r.job_title}` : ""}
              </Typography>
              {r.reviewer_only && <Chip size="small" label={t("managerReview.direct.reviewerOnly")} style={{ marginTop: 4 }} />}
            </TableCell>
            <TableCell data-label={t("managerReview.direct.selection")} data-testid={`reportee-selection-${r.email}`}>
              {r.reviewer_only ? (
                "—"
              ) : (
                <div>
                  <Typography variant="body2">
                    {t("managerReview.direct.selectionCounts", { accepted: r.selection.accepted, requested: r.selection.requested, declined: r.selection.declined })}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t(r.selection.panel_status === "manager_approved" ? "peers.panelStatus.manager_approved" : "peers.panelStatus.admin_approved")}
                  </Typography>
                </div>
              )}
            </TableCell>
            <TableCell data-label={t("managerReview.direct.received")} data-testid={`reportee-received-${r.email}`}>
              {r.reviewer_only ? "—" : t("managerReview.direct.given", { given: r.feedback_received.given, requested: r.feedback_received.requested })}
            </TableCell>
            <TableCell data-label={t("managerReview.direct.toGive")} data-testid={`reportee-to-give-${r.email}`}>
              {t("managerReview.direct.given", { given: r.feedback_to_give.given, requested: r.feedback_to_give.requested })}
            </TableCell>
            <TableCell data-label={t("managerReview.direct.managerFeedback")}>
              {r.reviewer_only ? (
                "—"
              ) : (
                <Chip
                  size="small"
                  wrap
                  data-testid={`reportee-manager-feedback-${r.email}`}
                  label={t(MANAGER_FEEDBACK_STATE_KEYS[r.manager_feedback.state])}
                  color={FEEDBACK_STATE_COLORS[r.manager_feedback.state]}
                />
              )}
            </TableCell>
            <TableCell data-label={t("managerReview.direct.nomination")}>
              {r.promotion_nomination ? (
                <Chip
                  size="small"
                  wrap
                  data-testid={`reportee-nomination-${r.email}`}
                  label={t(NOMINATION_STATUS_KEYS[r.promotion_nomination.status])}
                  color={NOMINATION_COLORS[r.promotion_nomination.status]}
                />
              ) : (
                <Typography variant="body2" color="text.secondary" data-testid={`reportee-nomination-${r.email}`}>
                  {t("managerReview.direct.notNominated")}
                </Typography>
              )}
            </TableCell>
            <TableCell align="right">
              {!r.reviewer_only && (
                <Stack direction="row" spacing={1} justifyContent="flex-end" flexWrap>
                  <ButtonLink size="small" to={REPORTEE_PATHS.feedback(r.email, cycleId)} data-testid={`reportee-feedback-link-${r.email}`}>
                    {t("managerReview.direct.feedback")}
                  </ButtonLink>
                  <ButtonLink size="small" to={REPORTEE_PATHS.summary(r.email, cycleId)} data-testid={`reportee-summary-link-${r.email}`}>
                    {t("managerReview.direct.summary")}
                  </ButtonLink>
                  <ButtonLink size="small" to={REPORTEE_PATHS.promotion(r.email, cycleId)} data-testid={`reportee-promotion-link-${r.email}`}>
                    {t("managerReview.direct.promotion")}
                  </ButtonLink>
                </Stack>
              )}
            </TableCell>
          </TableRow>
        ))}
      </StackedTable>
    </Box>
  );
}

function SecondaryReports({ data, cycleId }: { data: Extract<ReporteesPageData, { kind: "selected" }>["secondary"]; cycleId: number }) {
  const { t } = useTranslation();
  const { byName } = useFormat();
  if (data.secondary_reports.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="secondary-reports-heading">
      <Typography variant="h5" component="h2" id="secondary-reports-heading" style={{ marginBottom: 4 }}>
        {t("managerReview.secondary.heading")}
      </Typography>
      <Typography color="text.secondary" style={{ marginBottom: 8 }}>
        {t("managerReview.secondary.intro")}
      </Typography>
      <StackedTable
        stackBelow="sm"
        testId="secondary-reports-table"
        head={
          <>
            <TableCell>{t("managerReview.secondary.name")}</TableCell>
            <TableCell>{t("managerReview.secondary.manager")}</TableCell>
            <TableCell align="right">{t("managerReview.secondary.summary")}</TableCell>
          </>
        }
      >
        {byName(data.secondary_reports, (r) => r.name).map((r) => (
          <TableRow key={r.email} data-testid={`secondary-row-${r.email}`}>
            <TableCell>
              <Typography fontWeight="medium">{r.name}</Typography>
              <Typography variant="body2" color="text.secondary" style={{ overflowWrap: "anywhere" }}>
                {r.email}
              </Typography>
            </TableCell>
            <TableCell data-label={t("managerReview.secondary.manager")}>{r.manager ? r.manager.name : "—"}</TableCell>
            <TableCell align="right" data-label={t("managerReview.secondary.summary")}>
              {r.reviewer_only ? (
                <Typography variant="body2" color="text.secondary">
                  {t("managerReview.secondary.reviewerOnly")}
                </Typography>
              ) : (
                <ButtonLink size="small" to={REPORTEE_PATHS.secondarySummary(r.email, cycleId)} data-testid={`secondary-summary-link-${r.email}`}>
                  {t("managerReview.secondary.viewSummary")}
                </ButtonLink>
              )}
            </TableCell>
          </TableRow>
        ))}
      </StackedTable>
    </Box>
  );
}
