import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert, Box, Button, Link, Paper, Stack, Typography } from "@mui/material";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { RATINGS } from "~/features/calibration/rules";
import type { SessionJson } from "~/features/calibration/types";
import { deadlineText, type SessionFormPageData, type SetupActionResult } from "~/features/calibration/session-setup";
import { SessionSetupForm } from "~/features/calibration/components/session-setup-form";
import { SessionStateChip, peopleText } from "~/features/calibration/components/session-setup-parts";

/**
 * The create and edit pages of a calibration session (HR partner: /app/ratings/hr-partners/create-session and
 * …/sessions/{id}/edit; admin: /app/admin/cycles/{cycleId}/calibration-sessions/{id}/edit). Loaders and
 * actions: hr-partner-pages.server.ts and admin-pages.server.ts.
 */

function SessionSummary({ session }: { session: SessionJson }) {
  const rows: Array<[string, string, string]> = [
    ["Name", session.name, "summary-name"],
    ["Participants", `${session.participant_count} (${session.changed_count} changed ratings, ${session.terminated_count} terminated)`, "summary-participants"],
    ["Session admin", peopleText([session.session_admin]), "summary-session-admin"],
    ["Panelists", peopleText(session.panelists), "summary-panelists"],
    ["Sign-off party", peopleText(session.sign_off_parties), "summary-sign-off"],
    ["Guideline", RATINGS.map((r) => `${r}: ${session.guideline[r]}%`).join(" · "), "summary-guideline"],
    ["Deadline", deadlineText(session.deadline), "summary-deadline"],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="session-summary">
      <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 3, rowGap: 1, m: 0 }}>
        {rows.map(([label, value, testId]) => (
          <Box key={label} sx={{ display: "contents" }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }} data-testid={testId}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

function StageNotes({ data }: { data: SessionFormPageData }) {
  const s = data.session;
  const { cycle } = data;
  if (!s && !data.structureEditable) {
    return (
      <Alert severity="warning" data-testid="session-stage-note">
        This cycle is in the {cycle.stage_label}: calibration sessions are set up from the start stage through calibration.
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
  if (s && !data.structureEditable) {
    return (
      <Alert severity="info" data-testid="session-stage-note">
        The session is {s.state_label.toLowerCase()}: its name, people and guideline are fixed; only the deadline can change.
      </Alert>
    );
  }
  if (cycle.state !== "calibration") {
    return (
      <Alert severity="info" data-testid="session-stage-note">
        A session can be activated once the cycle reaches the calibration stage (it is in the {cycle.stage_label} now).
      </Alert>
    );
  }
  return null;
}

export function SessionFormPage({ title, backLabel }: { title: string; backLabel: string }) {
  const data = useLoaderData<SessionFormPageData>();
  const result = useActionData<SetupActionResult>();
  const busy = useNavigation().state !== "idle";
  const s = data.session;
  const activateError = result && !result.ok && result.intent === "activate" ? result.formError : null;
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Link component={RemixLink} to={data.backTo} sx={{ display: "inline-block", mb: 1 }} data-testid="session-back-link">
        ← {backLabel}
      </Link>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {s && <SessionStateChip state={s.state} testId="session-state" />}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
          <Typography data-testid="session-cycle-name">{data.cycle.name}</Typography>
          <CycleStageChip cycleId={data.cycle.id} stage={data.cycle.state} />
          {data.workflowId && (
            <Typography variant="body2" color="text.secondary" data-testid="session-workflow-id">
              Temporal workflow <Box component="code">{data.workflowId}</Box>
            </Typography>
          )}
        </Stack>
        <StageNotes data={data} />
        {activateError && (
          <Alert severity="error" data-testid="session-activate-error">
            {activateError}
          </Alert>
        )}
        {s && !data.structureEditable && <SessionSummary session={s} />}
        {(data.structureEditable || (s && data.deadlineEditable)) && <SessionSetupForm data={data} result={result} busy={busy} />}
        {s && data.canActivate && (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Form method="post">
              <input type="hidden" name="intent" value="activate" />
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
                <Button type="submit" variant="outlined" color="secondary" disabled={busy} data-testid="session-activate">
                  Activate session
                </Button>
                <Typography variant="body2" color="text.secondary">
                  Activation starts the session as saved (save your changes first); after it only the deadline can change.
                </Typography>
              </Stack>
            </Form>
          </Paper>
        )}
      </Stack>
    </Box>
  );
}
