import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo, useState } from "react";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import type { HrPartnerParticipantJson } from "~/features/calibration/types";
import type { HrPartnerPageData, SetupActionResult } from "~/features/calibration/session-setup";
import { PoolSearch, PoolTable, searchPool } from "~/features/calibration/components/session-participant-picker";
import { SessionRowActions, useSetupToasts } from "~/features/calibration/components/session-setup-parts";
import { SessionTable } from "~/features/calibration/components/session-table";
import { Alert, Box, ButtonLink, Stack, Typography } from "~/platform/ui/static";
import { Checkbox, FormControlLabel } from "~/platform/ui/static-form";
import css from "~/features/calibration/components/session-pages.module.css";

/**
 * /app/ratings/hr-partners ('Create & Activate Calibration Session'): the HR partner's sessions in the cycle of
 * ?cycle_id= (edit, activate) and the participants whose HR partner they are, those not yet in a session
 * marked. Loader and action: app/features/calibration/hr-partner-pages.server.ts. Static markup (issue 27).
 */

type Selected = Extract<HrPartnerPageData, { kind: "selected" }>;

export function HrPartnerSessionsPage({ title }: { title: string }) {
  const data = useLoaderData<HrPartnerPageData>();
  const result = useActionData<SetupActionResult>();
  useSetupToasts(result);
  return (
    <Stack spacing={3} className={css.page}>
      <CyclePageHeader title={title} cycles={data.cycles} selectedId={data.kind === "selected" ? data.cycle.id : null} />
      {data.kind === "selected" ? <CycleSessions data={data} result={result} /> : <CycleMessage kind={data.kind} message={data.message} />}
    </Stack>
  );
}

function CycleSessions({ data, result }: { data: Selected; result: SetupActionResult | undefined }) {
  const { cycle } = data;
  const calibration = cycle.state === "calibration";
  return (
    <>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap>
        <CycleStageChip cycleId={cycle.id} stage={cycle.state} size="medium" />
        <Typography color="text.secondary" data-testid="hr-stage-note">
          {calibration
            ? "The cycle is in calibration: activate your sessions to start them."
            : "Set up draft sessions now; they can be activated once the cycle reaches the calibration stage."}
        </Typography>
      </Stack>
      {result && !result.ok && (
        <Alert severity="error" data-testid="hr-action-error">
          {result.formError}
        </Alert>
      )}
      <SessionsSection data={data} />
      <ParticipantsSection participants={data.participants} />
    </>
  );
}

function SessionsSection({ data }: { data: Selected }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Box component="section" aria-labelledby="hr-sessions-heading">
      <Stack direction="row" spacing={2} alignItems="center" flexWrap className={css.sectionHead}>
        <Typography variant="h6" component="h2" id="hr-sessions-heading" className={css.grow}>
          Your calibration sessions
        </Typography>
        <ButtonLink to={`/app/ratings/hr-partners/create-session?cycle_id=${data.cycle.id}`} variant="contained" data-testid="hr-create-session">
          Create session
        </ButtonLink>
      </Stack>
      <SessionTable
        prefix="hr"
        ariaLabel="Your calibration sessions"
        emptyText="You have no calibration sessions in this cycle yet."
        sessions={data.sessions}
        name={{ testId: "hr-session-name", cell: (s) => s.name }}
        before={[
          {
            head: "Participants",
            testId: "hr-session-count",
            cell: (s) => s.participant_count,
          },
        ]}
        deadlineTestId
        actions={(s) => <SessionRowActions session={s} editPath={`/app/ratings/hr-partners/sessions/${s.id}/edit`} testIdPrefix="hr" busy={busy} />}
      />
    </Box>
  );
}

function ParticipantsSection({ participants }: { participants: HrPartnerParticipantJson[] }) {
  const [q, setQ] = useState("");
  const [onlyFree, setOnlyFree] = useState(false);
  const free = participants.filter((p) => !p.reviewer_only && p.session === null).length;
  const rows = useMemo(() => searchPool(onlyFree ? participants.filter((p) => !p.reviewer_only && p.session === null) : participants, q), [participants, onlyFree, q]);
  return (
    <Box component="section" aria-labelledby="hr-participants-heading">
      <Typography variant="h6" component="h2" id="hr-participants-heading">
        Your participants
      </Typography>
      <Typography color="text.secondary" className={css.note} data-testid="hr-participants-summary">
        {free} of {participants.length} participant
        {participants.length === 1 ? "" : "s"} not in a calibration session yet
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap className={css.toolbar}>
        <PoolSearch id="hr-participants-search" value={q} onChange={setQ} label="Search your participants" testId="hr-participants-search" />
        <FormControlLabel
          control={<Checkbox checked={onlyFree} onChange={(_e, on) => setOnlyFree(on)} inputProps={{ "data-testid": "hr-only-free", role: "switch" }} />}
          label="Only those not in a session"
        />
      </Stack>
      <PoolTable rows={rows} sessionId={null} testId="hr-participants-grid" ariaLabel="Your participants" />
    </Box>
  );
}
