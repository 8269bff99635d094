import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { Alert, Box, Button, Paper, Stack, Typography } from "~/platform/ui/static";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { messageText } from "~/platform/i18n/page-message";
import css from "~/features/calibration/components/session-pages.module.css";
import { RATINGS } from "~/features/calibration/rules";
import type { SessionJson } from "~/features/calibration/types";
import type { CycleStage } from "~/features/cycles/rules";
import type { SessionFormPageData, SetupActionResult } from "~/features/calibration/session-setup";
import { SessionSetupForm } from "~/features/calibration/components/session-setup-form";
import { ActivateSessionDialog, peopleText, useDeadlineText } from "~/features/calibration/components/session-setup-parts";
import { SessionFormFrame, SessionStageNote, SessionSummary } from "~/features/calibration/components/session-form-frame";
import { SessionInsightsLink } from "~/features/insights/components/session-insights-link";

/**
 * The create and edit pages of a calibration session (HR partner: /app/ratings/hr-partners/create-session and
 * …/sessions/{id}/edit; admin: /app/admin/cycles/{cycleId}/calibration-sessions/{id}/edit). Loaders and
 * actions: hr-partner-pages.server.ts and admin-pages.server.ts. In the reader's language (issue 28): `title` and
 * `backLabel` are keys.
 */

function summaryRows(t: TFunction, deadline: (iso: string | null) => string, session: SessionJson): Array<[string, string, string]> {
  return [
    [t("calibrationSetup.summary.name"), session.name, "summary-name"],
    [
      t("calibrationSetup.summary.participants"),
      t("calibrationSetup.summary.participantsValue", { count: session.participant_count, changed: session.changed_count, terminated: session.terminated_count }),
      "summary-participants",
    ],
    [t("calibrationSetup.summary.sessionAdmin"), peopleText([session.session_admin]), "summary-session-admin"],
    [t("calibrationSetup.summary.panelists"), peopleText(session.panelists), "summary-panelists"],
    [t("calibrationSetup.summary.signOffParty"), peopleText(session.sign_off_parties), "summary-sign-off"],
    [t("calibrationSetup.summary.guideline"), RATINGS.map((r) => `${r}: ${session.guideline[r]}%`).join(" · "), "summary-guideline"],
    [t("calibrationSetup.summary.deadline"), deadline(session.deadline), "summary-deadline"],
  ];
}

/** Why a session cannot be activated yet: one sentence a stage before calibration. */
const ACTIVATION_NOTES: Record<Exclude<CycleStage, "calibration">, TranslationKey> = {
  draft: "calibrationSetup.activationNote.draft",
  start: "calibrationSetup.activationNote.start",
  spu_feedback: "calibrationSetup.activationNote.spu_feedback",
  manager_feedback: "calibrationSetup.activationNote.manager_feedback",
  communication: "calibrationSetup.activationNote.communication",
};

function StageNotes({ data }: { data: SessionFormPageData }) {
  const { t } = useTranslation();
  const { cycle } = data;
  const activationNote =
    cycle.state !== "calibration" ? (
      <Alert severity="info" data-testid="session-stage-note">
        {t(ACTIVATION_NOTES[cycle.state])}
      </Alert>
    ) : null;
  return <SessionStageNote session={data.session} structureEditable={data.structureEditable} stage={cycle.state} kind="calibration" otherwise={activationNote} />;
}

export function SessionFormPage({ title, backLabel }: { title: TranslationKey; backLabel: TranslationKey }) {
  const { t } = useTranslation();
  const deadline = useDeadlineText();
  const data = useLoaderData<SessionFormPageData>();
  const result = useActionData<SetupActionResult>();
  const busy = useNavigation().state !== "idle";
  const [confirming, setConfirming] = useState(false);
  const s = data.session;
  const activateError = result && !result.ok && result.intent === "activate" ? result.formError : null;
  const workflow = data.workflowId && (
    <Typography variant="body2" color="text.secondary" data-testid="session-workflow-id">
      {t("calibrationSetup.form.workflow")}{" "}
      <Box component="code" className={css.code}>
        {data.workflowId}
      </Box>
    </Typography>
  );
  return (
    <SessionFormFrame
      backTo={data.backTo}
      backLabel={t(backLabel)}
      title={t(title)}
      state={s?.state ?? null}
      cycle={data.cycle}
      cycleExtra={
        <>
          {workflow}
          {s && data.insightsLink && <SessionInsightsLink sessionId={s.id} testId="session-insights" />}
        </>
      }
    >
      <StageNotes data={data} />
      {activateError && (
        <Alert severity="error" data-testid="session-activate-error">
          {messageText(t, activateError)}
        </Alert>
      )}
      {s && !data.structureEditable && <SessionSummary rows={summaryRows(t, deadline, s)} />}
      {(data.structureEditable || (s && data.deadlineEditable)) && <SessionSetupForm data={data} result={result} busy={busy} />}
      {s && data.canActivate && (
        <Paper variant="outlined" className={css.box}>
          <Stack direction="row" flexWrap spacing={2} alignItems="center">
            <Button variant="outlined" color="secondary" disabled={busy} data-testid="session-activate" onClick={() => setConfirming(true)}>
              {t("calibrationSetup.form.activateSession")}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {t("calibrationSetup.form.activateHelp")}
            </Typography>
          </Stack>
          <ActivateSessionDialog
            session={s}
            open={confirming}
            busy={busy}
            onClose={() => setConfirming(false)}
            fields={{ intent: "activate" }}
            testId="session-activate-dialog"
          />
        </Paper>
      )}
    </SessionFormFrame>
  );
}
