import { Box, ButtonLink, Chip, Stack, TableCell, TableRow, Typography, type ChipProps } from "~/platform/ui/static";
import type { CycleStage } from "~/features/cycles/rules";
import { MANAGER_FEEDBACK_STATE_LABELS, NOMINATION_STATUS_LABELS, REPORTEE_PATHS, type ManagerFeedbackState, type NominationStatus } from "~/features/manager-review/rules";
import type { ReporteesPageData } from "~/features/manager-review/types";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { StackedTable } from "~/platform/ui/stacked-table";
import { PANEL_STATUS_LABELS } from "~/features/peer-selection/rules";

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
        <CycleMessage kind={data.kind} message={data.message} />
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
  const text: Record<CycleStage, string> = {
    draft: "This cycle has not started yet.",
    start: "Your team is choosing peers and stakeholders. Manager feedback opens in the manager feedback stage.",
    spu_feedback: "Reviewers are giving 360 feedback. You can read submitted feedback and nominate for promotion now; manager feedback opens in the next stage.",
    manager_feedback: "Write your manager feedback for each direct report and submit it. Promotion nominations are open until calibration.",
    calibration: "Feedback and nominations are closed for calibration. You can still read everything.",
    communication: "The cycle is in communication: share the outcome with your team.",
  };
  return (
    <Stack direction="row" spacing={2} alignItems="center" flexWrap>
      <CycleStageChip cycleId={cycleId} stage={stage} size="medium" />
      <Typography color="text.secondary" data-testid="reportees-stage-note">
        {text[stage]}
      </Typography>
    </Stack>
  );
}

function DirectReports({ data, cycleId }: { data: Extract<ReporteesPageData, { kind: "selected" }>["direct"]; cycleId: number }) {
  return (
    <Box component="section" aria-labelledby="direct-reports-heading">
      <Typography variant="h5" component="h2" id="direct-reports-heading" style={{ marginBottom: 8 }}>
        Direct reports
      </Typography>
      {/* Stacked rows below 1280 px, where its seven columns no longer fit beside the drawer (ADR 0068). */}
      <StackedTable
        stackBelow="lg"
        testId="direct-reports-table"
        empty={data.direct_reports.length === 0}
        emptyText="You have no direct reports in this cycle."
        emptyTestId="direct-reports-empty"
        head={
          <>
            <TableCell>Name</TableCell>
            <TableCell>Peer selection</TableCell>
            <TableCell>360 feedback received</TableCell>
            <TableCell>Feedback to give</TableCell>
            <TableCell>Manager feedback</TableCell>
            <TableCell>Promotion nomination</TableCell>
            <TableCell align="right">Actions</TableCell>
          </>
        }
      >
        {data.direct_reports.map((r) => (
          <TableRow key={r.email} data-testid={`reportee-row-${r.email}`}>
            <TableCell>
              <Typography fontWeight="medium">{r.name}</Typography>
              <Typography variant="body2" color="text.secondary" style={{ overflowWrap: "anywhere" }}>
                {r.email}
                {r.job_title ? ` · ${r.job_title}` : ""}
              </Typography>
              {r.reviewer_only && <Chip size="small" label="Reviewer only" style={{ marginTop: 4 }} />}
            </TableCell>
            <TableCell data-label="Peer selection" data-testid={`reportee-selection-${r.email}`}>
              {r.reviewer_only ? (
                "—"
              ) : (
                <div>
                  <Typography variant="body2">
                    {r.selection.accepted} accepted · {r.selection.requested} pending · {r.selection.declined} declined
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {PANEL_STATUS_LABELS[r.selection.panel_status]}
                  </Typography>
                </div>
              )}
            </TableCell>
            <TableCell data-label="360 feedback received" data-testid={`reportee-received-${r.email}`}>
              {r.reviewer_only ? "—" : `${r.feedback_received.given} of ${r.feedback_received.requested} given`}
            </TableCell>
            <TableCell data-label="Feedback to give" data-testid={`reportee-to-give-${r.email}`}>
              {`${r.feedback_to_give.given} of ${r.feedback_to_give.requested} given`}
            </TableCell>
            <TableCell data-label="Manager feedback">
              {r.reviewer_only ? (
                "—"
              ) : (
                <Chip
                  size="small"
                  data-testid={`reportee-manager-feedback-${r.email}`}
                  label={MANAGER_FEEDBACK_STATE_LABELS[r.manager_feedback.state]}
                  color={FEEDBACK_STATE_COLORS[r.manager_feedback.state]}
                />
              )}
            </TableCell>
            <TableCell data-label="Promotion nomination">
              {r.promotion_nomination ? (
                <Chip
                  size="small"
                  data-testid={`reportee-nomination-${r.email}`}
                  label={NOMINATION_STATUS_LABELS[r.promotion_nomination.status]}
                  color={NOMINATION_COLORS[r.promotion_nomination.status]}
                />
              ) : (
                <Typography variant="body2" color="text.secondary" data-testid={`reportee-nomination-${r.email}`}>
                  Not nominated
                </Typography>
              )}
            </TableCell>
            <TableCell align="right">
              {!r.reviewer_only && (
                <Stack direction="row" spacing={1} justifyContent="flex-end" flexWrap>
                  <ButtonLink size="small" to={REPORTEE_PATHS.feedback(r.email, cycleId)} data-testid={`reportee-feedback-link-${r.email}`}>
                    Feedback
                  </ButtonLink>
                  <ButtonLink size="small" to={REPORTEE_PATHS.summary(r.email, cycleId)} data-testid={`reportee-summary-link-${r.email}`}>
                    Summary
                  </ButtonLink>
                  <ButtonLink size="small" to={REPORTEE_PATHS.promotion(r.email, cycleId)} data-testid={`reportee-promotion-link-${r.email}`}>
                    Promotion
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
  if (data.secondary_reports.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="secondary-reports-heading">
      <Typography variant="h5" component="h2" id="secondary-reports-heading" style={{ marginBottom: 4 }}>
        Secondary reports
      </Typography>
      <Typography color="text.secondary" style={{ marginBottom: 8 }}>
        As their secondary manager you read their feedback summary; their manager writes the manager feedback.
      </Typography>
      <StackedTable
        stackBelow="sm"
        testId="secondary-reports-table"
        head={
          <>
            <TableCell>Name</TableCell>
            <TableCell>Manager</TableCell>
            <TableCell align="right">Feedback summary</TableCell>
          </>
        }
      >
        {data.secondary_reports.map((r) => (
          <TableRow key={r.email} data-testid={`secondary-row-${r.email}`}>
            <TableCell>
              <Typography fontWeight="medium">{r.name}</Typography>
              <Typography variant="body2" color="text.secondary" style={{ overflowWrap: "anywhere" }}>
                {r.email}
              </Typography>
            </TableCell>
            <TableCell data-label="Manager">{r.manager ? r.manager.name : "—"}</TableCell>
            <TableCell align="right" data-label="Feedback summary">
              {r.reviewer_only ? (
                <Typography variant="body2" color="text.secondary">
                  Reviewer only
                </Typography>
              ) : (
                <ButtonLink size="small" to={REPORTEE_PATHS.secondarySummary(r.email, cycleId)} data-testid={`secondary-summary-link-${r.email}`}>
                  View summary
                </ButtonLink>
              )}
            </TableCell>
          </TableRow>
        ))}
      </StackedTable>
    </Box>
  );
}
