import { Form } from "@remix-run/react";
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { SESSION_STATE_LABELS, type SessionState } from "~/features/calibration/rules";
import type { PersonJson, SessionJson } from "~/features/calibration/types";
import { deadlineText, type SetupActionResult } from "~/features/calibration/session-setup";
import { Button, ButtonLink, Chip, Stack, TableCell, type ChipProps } from "~/platform/ui/static";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import css from "~/features/calibration/components/session-pool.module.css";

/**
 * Small pieces the session setup pages share: the state chip, the toasts, the people text, the error boundary.
 * Static markup (issue 27); the activation dialog is MUI's, mounted when it first opens (ADR 0062).
 */

/** One colour per state (issue 26 §6: Active and Closed were the same green; the theme's primary is green): Closed grey. */
const STATE_COLORS: Record<SessionState, ChipProps["color"]> = {
  draft: "default",
  active: "primary",
  in_review: "secondary",
  revision_requested: "warning",
  closed: "default",
};

export function SessionStateChip({ state, testId }: { state: SessionState; testId?: string }) {
  return (
    <Chip
      size="small"
      label={SESSION_STATE_LABELS[state]}
      color={STATE_COLORS[state]}
      variant={state === "draft" ? "outlined" : "filled"}
      className={css.chip}
      data-testid={testId}
      data-state={state}
    />
  );
}

/** Names of people, comma-separated ('—' for none). */
export function peopleText(people: ReadonlyArray<PersonJson | null>): string {
  const names = people.filter((p): p is PersonJson => p !== null).map((p) => p.name);
  return names.length ? names.join(", ") : "—";
}

/** A success toast for the action's result (a change made on another page comes with ?done=: the shell's AddressToasts). */
export function useSetupToasts(result: SetupActionResult | undefined) {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    if (result?.ok) enqueueSnackbar(result.message, { variant: "success" });
  }, [result, enqueueSnackbar]);
}

/** The setup pages' error boundary: the app's one mapping (spec §8: 'Not found', "You don't have access to this page"). */
export { RouteErrorBoundary as SetupErrorBoundary } from "~/platform/ui/error-view";

/**
 * What activating a session does, for its confirmation (issue 26 §4; the promotion sessions' page asks the same):
 * who can then act, and who is reminded.
 */
export function activationText(session: Pick<SessionJson, "participant_count" | "panelists" | "sign_off_parties" | "session_admin" | "deadline">): string[] {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return [
    `${n(session.participant_count, "participant's", "participants'")} ratings can then be calibrated: ${n(
      session.panelists.length,
      "panelist proposes",
      "panelists propose"
    )}, and ${session.session_admin ? session.session_admin.name : "the session admin"} sets the ratings in the meeting.`,
    session.deadline
      ? `Before the deadline (${deadlineText(session.deadline)}), whoever must act next is reminded by email and in-app notification; ${n(
          session.sign_off_parties.length,
          "sign-off party signs",
          "sign-off parties sign"
        )} off at the end.`
      : `Nobody is emailed now (the session has no deadline, so no reminders); ${n(
          session.sign_off_parties.length,
          "sign-off party signs",
          "sign-off parties sign"
        )} off at the end.`,
  ];
}

type ActivatableSession = Pick<SessionJson, "id" | "name" | "participant_count" | "panelists" | "sign_off_parties" | "session_admin" | "deadline">;

/**
 * The confirmation every Activate button of a rating calibration session asks (the lists' rows and the edit page):
 * what activation does, then the form that activates (`fields`: its hidden inputs).
 */
export function ActivateSessionDialog({
  session,
  open,
  busy,
  onClose,
  fields,
  testId,
}: {
  session: ActivatableSession;
  open: boolean;
  busy: boolean;
  onClose: () => void;
  fields: Record<string, string>;
  testId: string;
}) {
  const mounted = useOpenedOnce(open);
  if (!mounted) return null;
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <DialogTitle id={`${testId}-title`}>Activate “{session.name}”?</DialogTitle>
      <DialogContent>
        {activationText(session).map((line) => (
          <DialogContentText key={line} sx={{ mb: 1, textAlign: "left" }}>
            {line}
          </DialogContentText>
        ))}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={busy} data-testid={`${testId}-cancel`}>
          Cancel
        </MuiButton>
        <Form method="post" onSubmit={onClose}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <MuiButton type="submit" variant="contained" disabled={busy} data-testid={`${testId}-confirm`}>
            Activate
          </MuiButton>
        </Form>
      </DialogActions>
    </Dialog>
  );
}

/** The Edit and Activate buttons of a session's row (HR partner and admin lists; `testIdPrefix` "hr" or "admin"). */
export function SessionRowActions({
  session,
  editPath,
  testIdPrefix,
  busy,
  editLabel,
}: {
  session: ActivatableSession & { state: SessionState };
  editPath: string;
  testIdPrefix: string;
  busy: boolean;
  editLabel?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <TableCell align="right" data-label="Actions" style={{ whiteSpace: "nowrap" }}>
      <Stack direction="row" spacing={1} justifyContent="flex-end">
        {session.state !== "closed" && (
          <ButtonLink size="small" to={editPath} data-testid={`${testIdPrefix}-session-edit-${session.id}`} aria-label={editLabel}>
            Edit
          </ButtonLink>
        )}
        {session.state === "draft" && (
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            data-testid={`${testIdPrefix}-session-activate-${session.id}`}
            aria-label={`Activate ${session.name}`}
            onClick={() => setConfirming(true)}
          >
            Activate
          </Button>
        )}
      </Stack>
      <ActivateSessionDialog
        session={session}
        open={confirming}
        busy={busy}
        onClose={() => setConfirming(false)}
        fields={{ intent: "activate", session_id: String(session.id) }}
        testId={`${testIdPrefix}-activate-dialog-${session.id}`}
      />
    </TableCell>
  );
}
