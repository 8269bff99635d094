import { useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { messageText } from "~/platform/i18n/page-message";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { SESSION_STATES, type SessionState } from "~/features/calibration/rules";
import type { HrPartnerParticipantJson } from "~/features/calibration/types";
import { countByState, type AdminSessionsPageData, type SetupActionResult } from "~/features/calibration/session-setup";
import { PoolTable } from "~/features/calibration/components/session-participant-picker";
import { useSetupToasts } from "~/features/calibration/components/session-setup-parts";
import { AdminSessionsTable } from "~/features/calibration/components/admin-sessions-table";
import { Alert, Box, Button, Stack, Typography } from "~/platform/ui/static";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import { ForcedCloseGaps } from "~/features/insights/components/meeting-fairness-panel";
import { CALIBRATION_LIMITS } from "~/features/calibration/rules";
import css from "~/features/calibration/components/session-pages.module.css";

/**
 * /app/admin/calibration-sessions ('Calibration Sessions', super admin): every rating calibration session of
 * the cycle of ?cycle_id= with its state, people, progress counts and workflow id (six columns that fit at 1440 px:
 * admin-sessions-table.tsx, ADR 0091); activate; close all
 * sessions or those in review (after a confirmation; a written reason while a session to close has a significant gap
 * after calibration: the dialog then lists them, ADR 0120); the participants in no session. Loader and action:
 * app/features/calibration/admin-pages.server.ts. Static markup (issue 27); the confirmation is MUI's, mounted when
 * it first opens (ADR 0062). In the reader's language (issue 28: `title` is a key).
 */

type Selected = Extract<AdminSessionsPageData, { kind: "selected" }>;
type CloseIntent = "close_all" | "close_in_review";

const CLOSE_TEXT: Record<CloseIntent, { button: TranslationKey; title: TranslationKey; body: TranslationKey }> = {
  close_all: {
    button: "calibrationSetup.admin.closeAll",
    title: "calibrationSetup.admin.closeAllTitle",
    body: "calibrationSetup.admin.closeAllText",
  },
  close_in_review: {
    button: "calibrationSetup.admin.closeInReview",
    title: "calibrationSetup.admin.closeInReviewTitle",
    body: "calibrationSetup.admin.closeInReviewText",
  },
};

/** "1 draft", "2 in review": the count of sessions in a state. */
const STATE_COUNTS: Record<SessionState, TranslationKey> = {
  draft: "calibrationSetup.admin.stateCount.draft",
  active: "calibrationSetup.admin.stateCount.active",
  in_review: "calibrationSetup.admin.stateCount.in_review",
  revision_requested: "calibrationSetup.admin.stateCount.revision_requested",
  closed: "calibrationSetup.admin.stateCount.closed",
};

export function AdminSessionsPage({ title }: { title: TranslationKey }) {
  const { t } = useTranslation();
  const data = useLoaderData<AdminSessionsPageData>();
  const result = useActionData<SetupActionResult>();
  useSetupToasts(result);
  return (
    <Stack spacing={3} className={css.page}>
      <CyclePageHeader title={t(title)} cycles={data.cycles} selectedId={data.kind === "selected" ? data.cycle.id : null} />
      {data.kind === "selected" ? (
        <CycleSessions data={data} result={result} />
      ) : (
        <CycleMessage kind={data.kind} message={t(data.kind === "invalid" ? "calibrationSetup.cycle.invalid" : "calibrationSetup.cycle.none")} />
      )}
    </Stack>
  );
}

function CycleSessions({ data, result }: { data: Selected; result: SetupActionResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const submit = useSubmit();
  const [confirm, setConfirm] = useState<CloseIntent | null>(null);
  const [reason, setReason] = useState("");
  const dialogMounted = useOpenedOnce(confirm !== null);
  // A close refused for want of a reason keeps the dialog open, listing the sessions with a significant gap.
  const gapSessions = result && !result.ok ? (result.gapSessions ?? []) : [];
  useEffect(() => {
    if (navigation.state === "idle" && gapSessions.length === 0) setConfirm(null);
    // Only when a submission ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [navigation.state]);
  const counts = countByState(data.sessions);
  const open = data.sessions.length - counts.closed;
  const toClose = confirm === "close_all" ? open : counts.in_review;
  const summary = SESSION_STATES.filter((s) => counts[s] > 0)
    .map((s) => t(STATE_COUNTS[s], { count: counts[s] }))
    .join(t("calibrationSetup.admin.listSeparator"));
  const total = data.sessions.length;

  return (
    <>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap>
        <CycleStageChip cycleId={data.cycle.id} stage={data.cycle.state} size="medium" />
        <Typography color="text.secondary" data-testid="admin-session-counts" className={css.grow}>
          {summary ? t("calibrationSetup.admin.sessionCountWith", { count: total, states: summary }) : t("calibrationSetup.admin.sessionCount", { count: total })}
        </Typography>
        <Button variant="outlined" disabled={busy || counts.in_review === 0} onClick={() => setConfirm("close_in_review")} data-testid="admin-close-in-review">
          {t(CLOSE_TEXT.close_in_review.button)}
        </Button>
        <Button variant="contained" color="error" disabled={busy || open === 0} onClick={() => setConfirm("close_all")} data-testid="admin-close-all">
          {t(CLOSE_TEXT.close_all.button)}
        </Button>
      </Stack>
      {result && !result.ok && result.formError && gapSessions.length === 0 && (
        <Alert severity="error" data-testid="admin-action-error">
          {messageText(t, result.formError)}
        </Alert>
      )}
      <AdminSessionsTable data={data} busy={busy} />
      <UnassignedSection participants={data.unassigned} />
      {dialogMounted && (
        <Dialog open={confirm !== null} onClose={() => !busy && setConfirm(null)} aria-labelledby="admin-close-title" data-testid="admin-close-dialog">
          <DialogTitle id="admin-close-title">{confirm ? t(CLOSE_TEXT[confirm].title) : ""}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{confirm ? t(CLOSE_TEXT[confirm].body, { count: toClose }) : ""}</DialogContentText>
            <ForcedCloseGaps sessions={gapSessions} testId="admin-close-gaps" />
            <TextField
              name="reason"
              label={t("meetingFairness.forced.reasonLabel")}
              required={gapSessions.length > 0}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              helperText={t("meetingFairness.forced.reasonHelp")}
              fullWidth
              multiline
              minRows={2}
              sx={{ mt: 2 }}
              slotProps={{ htmlInput: { maxLength: CALIBRATION_LIMITS.commentMax, "data-testid": "admin-close-reason" } }}
            />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setConfirm(null)} disabled={busy}>
              {t("calibrationSetup.admin.cancel")}
            </MuiButton>
            <MuiButton
              color="error"
              variant="contained"
              disabled={busy}
              data-testid="admin-close-confirm"
              onClick={() => confirm && submit({ intent: confirm, reason }, { method: "post" })}
            >
              {t(CLOSE_TEXT[confirm ?? "close_all"].button)}
            </MuiButton>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}

function UnassignedSection({ participants }: { participants: HrPartnerParticipantJson[] }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="admin-unassigned-heading">
      <Typography variant="h6" component="h2" id="admin-unassigned-heading">
        {t("calibrationSetup.admin.unassigned")}
      </Typography>
      <Typography color="text.secondary" className={css.note} data-testid="admin-unassigned-count">
        {participants.length === 0 ? t("calibrationSetup.admin.allAssigned") : t("calibrationSetup.admin.unassignedCount", { count: participants.length })}
      </Typography>
      {participants.length > 0 && (
        <PoolTable rows={participants} sessionId={null} testId="admin-unassigned-grid" ariaLabel={t("calibrationSetup.admin.unassigned")} showSession={false} />
      )}
    </Box>
  );
}
