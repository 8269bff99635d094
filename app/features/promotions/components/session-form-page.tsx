import { Link as RemixLink, useActionData, useNavigation } from "@remix-run/react";
import { Alert, Box, Link, Paper, Stack, Typography } from "@mui/material";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { deadlineText } from "~/features/calibration/session-setup";
import { SessionStateChip, peopleText } from "~/features/calibration/components/session-setup-parts";
import type { SessionFormData, SessionFormPage, SessionFormResult } from "~/features/promotions/hr-page-types";
import { PromotionSessionForm } from "~/features/promotions/components/session-form";

/**
 * /app/promotions/hr-partners/create-session?cycle_id= and /sessions/{id}/edit: a promotion session's form
 * (everything while a draft, then the deadline only). Loaders and actions: hr-partner-pages.server.ts.
 */

function Summary({ form }: { form: SessionFormData }) {
  const s = form.session!;
  const names = form.pool.filter((n) => form.selected.includes(n.id)).map((n) => n.nominee.name);
  const rows: Array<[string, string, string]> = [
    ["Name", s.name, "summary-name"],
    ["Nominations", names.length ? names.join(", ") : String(s.nomination_count), "summary-nominations"],
    ["Session admin", peopleText([s.session_admin]), "summary-session-admin"],
    ["Panelists", peopleText(s.panelists), "summary-panelists"],
    ["Sign-off party", peopleText(s.sign_off_parties), "summary-sign-off"],
    ["Deadline", deadlineText(s.deadline), "summary-deadline"],
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

function StageNote({ form }: { form: SessionFormData }) {
  const s = form.session;
  if (!s && !form.structureEditable) {
    return (
      <Alert severity="warning" data-testid="session-stage-note">
        This cycle is in the {form.cycle.stage_label}: promotion sessions are set up from the start stage through calibration.
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
  if (s && !form.structureEditable) {
    return (
      <Alert severity="info" data-testid="session-stage-note">
        The session is {s.state_label.toLowerCase()}: its name, nominations and people are fixed; only the deadline can change.
      </Alert>
    );
  }
  return null;
}

export function PromotionSessionFormPage({ data, title }: { data: SessionFormPage; title: string }) {
  const result = useActionData<SessionFormResult>();
  const busy = useNavigation().state !== "idle";
  if (data.kind === "invalid") {
    return (
      <Stack spacing={3} sx={{ p: { xs: 2, md: 3 } }}>
        <CyclePageHeader title={title} cycles={data.cycles} selectedId={null} />
        <CycleMessage kind="invalid" message={data.message} />
      </Stack>
    );
  }
  const { form } = data;
  const s = form.session;
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Link component={RemixLink} to={form.backTo} sx={{ display: "inline-block", mb: 1 }} data-testid="session-back-link">
        ← {s ? s.name : "Run Promotion Calibration Session"}
      </Link>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {s && <SessionStateChip state={s.state} testId="session-state" />}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
          <Typography data-testid="session-cycle-name">{form.cycle.name}</Typography>
          <CycleStageChip cycleId={form.cycle.id} stage={form.cycle.state} />
        </Stack>
        <StageNote form={form} />
        {s && !form.structureEditable && <Summary form={form} />}
        {(form.structureEditable || (s && form.deadlineEditable)) && <PromotionSessionForm form={form} result={result} busy={busy} />}
      </Stack>
    </Box>
  );
}
