import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Alert, Box, Button, Paper, Stack, Typography } from "~/platform/ui/static";
import css from "~/features/calibration/components/session-pages.module.css";
import { RATINGS } from "~/features/calibration/rules";
import type { SessionJson } from "~/features/calibration/types";
import { deadlineText, type SessionFormPageData, type SetupActionResult } from "~/features/calibration/session-setup";
import { SessionSetupForm } from "~/features/calibration/components/session-setup-form";
import { ActivateSessionDialog, peopleText } from "~/features/calibration/components/session-setup-parts";
import { SessionFormFrame, SessionStageNote, SessionSummary } from "~/features/calibration/components/session-form-frame";

/**
 * The create and edit pages of a calibration session (HR partner: /app/ratings/hr-partners/create-session and
 * …/sessions/{id}/edit; admin: /app/admin/cycles/{cycleId}/calibration-sessions/{id}/edit). Loaders and
 * actions: hr-partner-pages.server.ts and admin-pages.server.ts.
 */

function summaryRows(session: SessionJson): Array<[string, string, string]> {
  return [
    ["Name", session.name, "summary-name"],
    ["Participants", `${session.participant_count} (${session.changed_count} changed ratings, ${session.terminated_count} terminated)`, "summary-participants"],
    ["Session admin", peopleText([session.session_admin]), "summary-session-admin"],
    ["Panelists", peopleText(session.panelists), "summary-panelists"],
    ["Sign-off party", peopleText(session.sign_off_parties), "summary-sign-off"],
    ["Guideline", RATINGS.map((r) => `${r}: ${session.guideline[r]}%`).join(" · "), "summary-guideline"],
    ["Deadline", deadlineText(session.deadline), "summary-deadline"],
  ];
}

function StageNotes({ data }: { data: SessionFormPageData }) {
  const { cycle } = data;
  const activationNote =
    cycle.state !== "calibration" ? (
      <Alert severity="info" data-testid="session-stage-note">
        A session can be activated once the cycle reaches the calibration stage (it is in the {cycle.stage_label} now).
      </Alert>
    ) : null;
  return (
    <SessionStageNote
      session={data.session}
      structureEditable={data.structureEditable}
      stageLabel={cycle.stage_label}
      kind="calibration"
      fixed="name, people and guideline"
      otherwise={activationNote}
    />
  );
}

export function SessionFormPage({ title, backLabel }: { title: string; backLabel: string }) {
  const data = useLoaderData<SessionFormPageData>();
  const result = useActionData<SetupActionResult>();
  const busy = useNavigation().state !== "idle";
  const [confirming, setConfirming] = useState(false);
  const s = data.session;
  const activateError = result && !result.ok && result.intent === "activate" ? result.formError : null;
  const workflow = data.workflowId && (
    <Typography variant="body2" color="text.secondary" data-testid="session-workflow-id">
      Temporal workflow{" "}
      <Box component="code" className={css.code}>
        {data.workflowId}
      </Box>
    </Typography>
  );
  return (
    <SessionFormFrame backTo={data.backTo} backLabel={backLabel} title={title} state={s?.state ?? null} cycle={data.cycle} cycleExtra={workflow}>
      <StageNotes data={data} />
      {activateError && (
        <Alert severity="error" data-testid="session-activate-error">
          {activateError}
        </Alert>
      )}
      {s && !data.structureEditable && <SessionSummary rows={summaryRows(s)} />}
      {(data.structureEditable || (s && data.deadlineEditable)) && <SessionSetupForm data={data} result={result} busy={busy} />}
      {s && data.canActivate && (
        <Paper variant="outlined" className={css.box}>
          <Stack direction="row" flexWrap spacing={2} alignItems="center">
            <Button variant="outlined" color="secondary" disabled={busy} data-testid="session-activate" onClick={() => setConfirming(true)}>
              Activate session
            </Button>
            <Typography variant="body2" color="text.secondary">
              Activation starts the session as saved (save your changes first); after it only the deadline can change.
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
