import { useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useEffect, useState } from "react";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { SESSION_STATES, SESSION_STATE_LABELS } from "~/features/calibration/rules";
import type { HrPartnerParticipantJson } from "~/features/calibration/types";
import { countByState, type AdminSessionsPageData, type SetupActionResult } from "~/features/calibration/session-setup";
import { PoolTable } from "~/features/calibration/components/session-participant-picker";
import { SessionRowActions, peopleText, useSetupToasts } from "~/features/calibration/components/session-setup-parts";
import { SessionTable } from "~/features/calibration/components/session-table";
import { Alert, Box, Button, Link, Stack, Typography } from "~/platform/ui/static";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import css from "~/features/calibration/components/session-pages.module.css";

/**
 * /app/admin/calibration-sessions ('Calibration Sessions', super admin): every rating calibration session of
 * the cycle of ?cycle_id= with its state, people, progress counts and workflow id; activate; close all
 * sessions or those in review (after a confirmation); the participants in no session. Loader and action:
 * app/features/calibration/admin-pages.server.ts. Static markup (issue 27); the confirmation is MUI's, mounted when
 * it first opens (ADR 0062).
 */

type Selected = Extract<AdminSessionsPageData, { kind: "selected" }>;
type CloseIntent = "close_all" | "close_in_review";

const CLOSE_TEXT: Record<CloseIntent, { button: string; title: string; body: (n: number) => string }> = {
  close_all: {
    button: "Close all sessions",
    title: "Close all sessions?",
    body: (n) => `Close all ${n} open session${n === 1 ? "" : "s"} of this cycle, drafts included? Their ratings become final and nothing in them changes any more.`,
  },
  close_in_review: {
    button: "Close sessions in review",
    title: "Close sessions in review?",
    body: (n) => `Close the ${n} session${n === 1 ? "" : "s"} in review without waiting for the sign-off party? Their ratings become final.`,
  },
};

export function AdminSessionsPage({ title }: { title: string }) {
  const data = useLoaderData<AdminSessionsPageData>();
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
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const submit = useSubmit();
  const [confirm, setConfirm] = useState<CloseIntent | null>(null);
  const dialogMounted = useOpenedOnce(confirm !== null);
  useEffect(() => {
    if (navigation.state === "idle") setConfirm(null);
  }, [navigation.state]);
  const counts = countByState(data.sessions);
  const open = data.sessions.length - counts.closed;
  const toClose = confirm === "close_all" ? open : counts.in_review;
  const summary = SESSION_STATES.filter((s) => counts[s] > 0)
    .map((s) => `${counts[s]} ${SESSION_STATE_LABELS[s].toLowerCase()}`)
    .join(", ");

  return (
    <>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap>
        <CycleStageChip cycleId={data.cycle.id} stage={data.cycle.state} size="medium" />
        <Typography color="text.secondary" data-testid="admin-session-counts" className={css.grow}>
          {data.sessions.length} session{data.sessions.length === 1 ? "" : "s"}
          {summary ? `: ${summary}` : ""}
        </Typography>
        <Button variant="outlined" disabled={busy || counts.in_review === 0} onClick={() => setConfirm("close_in_review")} data-testid="admin-close-in-review">
          {CLOSE_TEXT.close_in_review.button}
        </Button>
        <Button variant="contained" color="error" disabled={busy || open === 0} onClick={() => setConfirm("close_all")} data-testid="admin-close-all">
          {CLOSE_TEXT.close_all.button}
        </Button>
      </Stack>
      {result && !result.ok && (
        <Alert severity="error" data-testid="admin-action-error">
          {result.formError}
        </Alert>
      )}
      <SessionsTable data={data} busy={busy} />
      <UnassignedSection participants={data.unassigned} />
      {dialogMounted && (
        <Dialog open={confirm !== null} onClose={() => !busy && setConfirm(null)} aria-labelledby="admin-close-title" data-testid="admin-close-dialog">
          <DialogTitle id="admin-close-title">{confirm ? CLOSE_TEXT[confirm].title : ""}</DialogTitle>
          <DialogContent>
            <DialogContentText>{confirm ? CLOSE_TEXT[confirm].body(toClose) : ""}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setConfirm(null)} disabled={busy}>
              Cancel
            </MuiButton>
            <MuiButton
              color="error"
              variant="contained"
              disabled={busy}
              data-testid="admin-close-confirm"
              onClick={() => confirm && submit({ intent: confirm }, { method: "post" })}
            >
              {confirm ? CLOSE_TEXT[confirm].button : "Close"}
            </MuiButton>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}

function SessionsTable({ data, busy }: { data: Selected; busy: boolean }) {
  const editPath = (id: number) => `/app/admin/cycles/${data.cycle.id}/calibration-sessions/${id}/edit`;
  return (
    <Box component="section" aria-labelledby="admin-sessions-heading">
      <Typography variant="h6" component="h2" id="admin-sessions-heading" className={css.sectionHead}>
        Sessions
      </Typography>
      <SessionTable
        prefix="admin"
        ariaLabel="Calibration sessions"
        emptyText="No calibration sessions in this cycle yet. HR partners create them."
        sessions={data.sessions}
        name={{
          cell: (s) => (
            <Link to={editPath(s.id)} data-testid={`admin-session-name-${s.id}`}>
              {s.name}
            </Link>
          ),
        }}
        before={[{ head: "HR partner", cell: (s) => peopleText([s.created_by]) }]}
        deadlineTestId
        after={[
          {
            head: "Participants",
            align: "right",
            testId: "admin-session-participants",
            cell: (s) => s.participant_count,
          },
          {
            head: "Changed ratings",
            align: "right",
            testId: "admin-session-changed",
            cell: (s) => s.changed_count,
          },
          {
            head: "Terminated",
            align: "right",
            testId: "admin-session-terminated",
            cell: (s) => s.terminated_count,
          },
          {
            head: "Workflow",
            cell: (s) => (
              <Typography component="code" variant="body2" className={css.code} data-testid={`admin-session-workflow-${s.id}`}>
                {s.workflow_id}
              </Typography>
            ),
          },
        ]}
        actions={(s) => <SessionRowActions session={s} editPath={editPath(s.id)} testIdPrefix="admin" busy={busy} editLabel={`Edit ${s.name}`} />}
      />
    </Box>
  );
}

function UnassignedSection({ participants }: { participants: HrPartnerParticipantJson[] }) {
  return (
    <Box component="section" aria-labelledby="admin-unassigned-heading">
      <Typography variant="h6" component="h2" id="admin-unassigned-heading">
        Participants not in any session
      </Typography>
      <Typography color="text.secondary" className={css.note} data-testid="admin-unassigned-count">
        {participants.length === 0
          ? "Every participant who gets a rating is in a calibration session."
          : `${
              participants.length === 1 ? "1 participant is" : `${participants.length} participants are`
            } not in any calibration session yet (reviewer-only people get no rating and are left out)`}
      </Typography>
      {participants.length > 0 && (
        <PoolTable rows={participants} sessionId={null} testId="admin-unassigned-grid" ariaLabel="Participants not in any session" showSession={false} />
      )}
    </Box>
  );
}
