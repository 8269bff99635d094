import { Form } from "@remix-run/react";
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useSnackbar } from "notistack";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { SessionState } from "~/features/calibration/rules";
import type { PersonJson, SessionJson } from "~/features/calibration/types";
import { deadlineFor, type SetupActionResult } from "~/features/calibration/session-setup";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { useReader } from "~/platform/i18n/reader-context";
import { Button, ButtonLink, Chip, Stack, TableCell, type ChipProps } from "~/platform/ui/static";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";

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

/** A session state's name (calibrationSetup.state). */
export const SESSION_STATE_KEYS: Record<SessionState, TranslationKey> = {
  draft: "calibrationSetup.state.draft",
  active: "calibrationSetup.state.active",
  in_review: "calibrationSetup.state.in_review",
  revision_requested: "calibrationSetup.state.revision_requested",
  closed: "calibrationSetup.state.closed",
};

export function SessionStateChip({ state, testId }: { state: SessionState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(SESSION_STATE_KEYS[state])}
      color={STATE_COLORS[state]}
      variant={state === "draft" ? "outlined" : "filled"}
      wrap
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

/**
 * A deadline for the reader (their language and zone, the zone named; ADR 0086), or "No deadline":
 * `const deadline = useDeadlineText(); deadline(session.deadline)`.
 */
export function useDeadlineText(): (iso: string | null) => string {
  const { t } = useTranslation();
  const reader = useReader();
  return useCallback((iso: string | null) => deadlineFor(iso, reader) ?? t("calibrationSetup.noDeadline"), [reader, t]);
}

/** A message of a setup action (a key and values, or a plain text from a page not moved to keys yet) in the reader's language. */
export function setupText(t: TFunction, message: PageMessage | string): string {
  return typeof message === "string" ? message : messageText(t, message);
}

/** A success toast for the action's result (a change made on another page comes with ?done=: the shell's AddressToasts). */
export function useSetupToasts(result: SetupActionResult | undefined) {
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  useEffect(() => {
    if (result?.ok) enqueueSnackbar(messageText(t, result.message), { variant: "success" });
    // The toast is for this result; a change of language does not show it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, enqueueSnackbar]);
}

/** The setup pages' error boundary: the app's one mapping (spec §8: 'Not found', "You don't have access to this page"). */
export { RouteErrorBoundary as SetupErrorBoundary } from "~/platform/ui/error-view";

/**
 * What activating a session does, for its confirmation (issue 26 §4; the promotion sessions' page asks the same):
 * who can then act, and who is reminded.
 */
export function activationText(
  t: TFunction,
  deadline: (iso: string | null) => string,
  session: Pick<SessionJson, "participant_count" | "panelists" | "sign_off_parties" | "session_admin" | "deadline">,
): string[] {
  const panelists = session.panelists.length;
  const admin = session.session_admin?.name;
  // One whole sentence for each number of panelists (one / more) and with or without a named session admin.
  const key: TranslationKey = admin
    ? panelists === 1
      ? "calibrationSetup.activate.byOne"
      : "calibrationSetup.activate.byMany"
    : panelists === 1
      ? "calibrationSetup.activate.byOneNoAdmin"
      : "calibrationSetup.activate.byManyNoAdmin";
  const signOff = session.sign_off_parties.length;
  return [
    t(key, { count: session.participant_count, panelists, admin: admin ?? "" }),
    session.deadline
      ? t("calibrationSetup.activate.reminded", { count: signOff, deadline: deadline(session.deadline) })
      : t("calibrationSetup.activate.noReminders", { count: signOff }),
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
  const { t } = useTranslation();
  const deadline = useDeadlineText();
  if (!mounted) return null;
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <DialogTitle id={`${testId}-title`}>{t("calibrationSetup.activate.title", { name: session.name })}</DialogTitle>
      <DialogContent>
        {activationText(t, deadline, session).map((line) => (
          <DialogContentText key={line} sx={{ mb: 1, textAlign: "left" }}>
            {line}
          </DialogContentText>
        ))}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={busy} data-testid={`${testId}-cancel`}>
          {t("calibrationSetup.activate.cancel")}
        </MuiButton>
        <Form method="post" onSubmit={onClose}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <MuiButton type="submit" variant="contained" disabled={busy} data-testid={`${testId}-confirm`}>
            {t("calibrationSetup.activate.confirm")}
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
  /** The Edit button's accessible name with the session's name (the admin's list). */
  editLabel?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const { t } = useTranslation();
  return (
    <TableCell align="right" data-label={t("calibrationSetup.columns.actions")}>
      {/* The buttons wrap rather than widen the table (a longer language, a stacked row on a phone). */}
      <Stack direction="row" spacing={1} justifyContent="flex-end" flexWrap>
        {session.state !== "closed" && (
          <ButtonLink size="small" to={editPath} data-testid={`${testIdPrefix}-session-edit-${session.id}`} aria-label={editLabel ? t("calibrationSetup.row.editNamed", { name: session.name }) : undefined}>
            {t("calibrationSetup.row.edit")}
          </ButtonLink>
        )}
        {session.state === "draft" && (
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            data-testid={`${testIdPrefix}-session-activate-${session.id}`}
            aria-label={t("calibrationSetup.row.activateNamed", { name: session.name })}
            onClick={() => setConfirming(true)}
          >
            {t("calibrationSetup.row.activate")}
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
