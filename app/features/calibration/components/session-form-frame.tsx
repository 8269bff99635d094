import type { ReactNode } from "react";
import { Alert, Box, Link, Paper, Stack, Typography } from "~/platform/ui/static";
import css from "~/features/calibration/components/session-pages.module.css";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import type { CycleStage } from "~/features/cycles/rules";
import type { SessionState } from "~/features/calibration/rules";
import { SessionStateChip } from "~/features/calibration/components/session-setup-parts";

/**
 * What the create/edit pages of a rating and a promotion calibration session share: the frame (back link,
 * title with the session's state, the cycle), the note on what the stage allows, and the read-only summary
 * shown once only the deadline can change. Static markup (issue 27).
 */

export function SessionFormFrame({
  backTo,
  backLabel,
  title,
  state,
  cycle,
  cycleExtra,
  children,
}: {
  backTo: string;
  backLabel: string;
  title: string;
  state: SessionState | null;
  cycle: { id: number; name: string; state: CycleStage };
  cycleExtra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box className={css.page}>
      <Link to={backTo} className={css.backLink} data-testid="session-back-link">
        ← {backLabel}
      </Link>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} alignItems="center" flexWrap>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {state && <SessionStateChip state={state} testId="session-state" />}
        </Stack>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap>
          <Typography data-testid="session-cycle-name">{cycle.name}</Typography>
          <CycleStageChip cycleId={cycle.id} stage={cycle.state} />
          {cycleExtra}
        </Stack>
        {children}
      </Stack>
    </Box>
  );
}

/**
 * Why the form is limited, if it is: a new session outside the setup stages, a closed session, or one past
 * its draft (`kind`: "calibration" or "promotion"; `fixed`: what no longer changes); else `otherwise`.
 */
export function SessionStageNote({
  session: s,
  structureEditable,
  stageLabel,
  kind,
  fixed,
  otherwise = null,
}: {
  session: { state: SessionState; state_label: string } | null;
  structureEditable: boolean;
  stageLabel: string;
  kind: string;
  fixed: string;
  otherwise?: ReactNode;
}) {
  if (!s && !structureEditable) {
    return (
      <Alert severity="warning" data-testid="session-stage-note">
        This cycle is in the {stageLabel}: {kind} sessions are set up from the start stage through calibration.
      </Alert>
    );
  }
  if (s?.state === "closed") {
    return (
      <Alert severity="info" data-testid="session-stage-note">
        This session is closed; nothing in it changes any more.
      </Alert>
    );
  }
  if (s && !structureEditable) {
    return (
      <Alert severity="info" data-testid="session-stage-note">
        The session is {s.state_label.toLowerCase()}: its {fixed} are fixed; only the deadline can change.
      </Alert>
    );
  }
  return otherwise;
}

/** The saved session as label/value rows (each value with its test id). */
export function SessionSummary({ rows }: { rows: Array<[label: string, value: string, testId: string]> }) {
  return (
    <Paper variant="outlined" className={css.summary} data-testid="session-summary">
      <Box component="dl" className={css.summaryList}>
        {rows.map(([label, value, testId]) => [
          <Typography key={`${label}-dt`} component="dt" color="text.secondary">
            {label}
          </Typography>,
          <Typography key={`${label}-dd`} component="dd" data-testid={testId}>
            {value}
          </Typography>,
        ])}
      </Box>
    </Paper>
  );
}
