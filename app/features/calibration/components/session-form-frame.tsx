import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { Alert, Box, Link, Paper, Stack, Typography } from "~/platform/ui/static";
import css from "~/features/calibration/components/session-pages.module.css";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { CYCLE_STAGES, STAGE_LABELS, type CycleStage } from "~/features/cycles/rules";
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

type NoteKind = "calibration" | "promotion";

/** A new session outside the setup stages: one whole sentence a kind and stage (issue 28: no stage name spliced in). */
const CYCLE_NOTES: Record<NoteKind, { draft: TranslationKey; communication: TranslationKey; other: TranslationKey }> = {
  calibration: {
    draft: "calibrationSetup.stageNote.calibrationDraft",
    communication: "calibrationSetup.stageNote.calibrationCommunication",
    other: "calibrationSetup.stageNote.calibrationOther",
  },
  promotion: {
    draft: "calibrationSetup.stageNote.promotionDraft",
    communication: "calibrationSetup.stageNote.promotionCommunication",
    other: "calibrationSetup.stageNote.promotionOther",
  },
};

/** A session past its draft: what is fixed, one sentence a kind and state. */
const FIXED_NOTES: Record<NoteKind, Record<Exclude<SessionState, "draft" | "closed">, TranslationKey>> = {
  calibration: {
    active: "calibrationSetup.stageNote.calibrationActive",
    in_review: "calibrationSetup.stageNote.calibrationInReview",
    revision_requested: "calibrationSetup.stageNote.calibrationRevision",
  },
  promotion: {
    active: "calibrationSetup.stageNote.promotionActive",
    in_review: "calibrationSetup.stageNote.promotionInReview",
    revision_requested: "calibrationSetup.stageNote.promotionRevision",
  },
};

/**
 * Why the form is limited, if it is: a new session outside the setup stages (`stage`: the cycle's), a closed
 * session, or one past its draft (`kind`: "calibration" or "promotion" says what is fixed); else `otherwise`.
 * In the reader's language (issue 28).
 */
export function SessionStageNote({
  session: s,
  structureEditable,
  stage: given,
  stageLabel,
  kind,
  otherwise = null,
}: {
  session: { state: SessionState } | null;
  structureEditable: boolean;
  stage?: CycleStage;
  /** Older callers name the stage by its English label (STAGE_LABELS) and what is fixed (`fixed`, now said by `kind`): give `stage`. */
  stageLabel?: string;
  fixed?: string;
  kind: NoteKind;
  otherwise?: ReactNode;
}) {
  const { t } = useTranslation();
  const stage = given ?? CYCLE_STAGES.find((c) => STAGE_LABELS[c] === stageLabel);
  if (!s && !structureEditable) {
    const notes = CYCLE_NOTES[kind];
    return (
      <Alert severity="warning" data-testid="session-stage-note">
        {t(stage === "draft" ? notes.draft : stage === "communication" ? notes.communication : notes.other)}
      </Alert>
    );
  }
  if (s?.state === "closed") {
    return (
      <Alert severity="info" data-testid="session-stage-note">
        {t("calibrationSetup.stageNote.closed")}
      </Alert>
    );
  }
  if (s && s.state !== "draft" && !structureEditable) {
    return (
      <Alert severity="info" data-testid="session-stage-note">
        {t(FIXED_NOTES[kind][s.state])}
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
