import { Form, Link as RemixLink } from "@remix-run/react";
import { Button, Chip, Stack, TableCell, type ChipProps } from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect } from "react";
import { SESSION_STATE_LABELS, type SessionState } from "~/features/calibration/rules";
import type { PersonJson } from "~/features/calibration/types";
import type { SetupActionResult } from "~/features/calibration/session-setup";

/** Small pieces the session setup pages share: the state chip, the toasts, the people text, the error boundary. */

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

/** The Edit and Activate buttons of a session's row (HR partner and admin lists; `testIdPrefix` "hr" or "admin"). */
export function SessionRowActions({
  session,
  editPath,
  testIdPrefix,
  busy,
  editLabel,
}: {
  session: { id: number; name: string; state: SessionState };
  editPath: string;
  testIdPrefix: string;
  busy: boolean;
  editLabel?: string;
}) {
  return (
    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
        {session.state !== "closed" && (
          <Button size="small" component={RemixLink} to={editPath} data-testid={`${testIdPrefix}-session-edit-${session.id}`} aria-label={editLabel}>
            Edit
          </Button>
        )}
        {session.state === "draft" && (
          <Form method="post">
            <input type="hidden" name="intent" value="activate" />
            <input type="hidden" name="session_id" value={session.id} />
            <Button type="submit" size="small" variant="outlined" disabled={busy} data-testid={`${testIdPrefix}-session-activate-${session.id}`} aria-label={`Activate ${session.name}`}>
              Activate
            </Button>
          </Form>
        )}
      </Stack>
    </TableCell>
  );
}
