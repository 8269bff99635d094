import { Form } from "@remix-run/react";
import { Alert, Button, Stack } from "@mui/material";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * The parts the token pages share (the user's API tokens at /app/api-tokens, SCIM tokens at /app/admin/scim-tokens):
 * the time format of their tables, the answers of their actions, and the form that makes a token.
 */

/** Timestamps as UTC text, the same on the server and in the browser. */
export function tokenTime(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : "Never";
}

/** What a token page's action answers: a refusal, or a message (revoked) or a token just made. */
type TokenActionResult = { ok: false; error: string } | { ok: true; message: string | null };

/**
 * The action's answer: the refusal (`{prefix}-error`), the message (`{prefix}-message`) and, when a token was just
 * made, `created` in its own alert (`{prefix}-created`).
 */
export function TokenActionAlerts({ result, testIdPrefix, created }: { result: TokenActionResult | undefined; testIdPrefix: string; created: ReactNode }) {
  return (
    <>
      {result && !result.ok && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={`${testIdPrefix}-error`}>
          {result.error}
        </Alert>
      )}
      {result?.ok && result.message && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid={`${testIdPrefix}-message`}>
          {result.message}
        </Alert>
      )}
      {created && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid={`${testIdPrefix}-created`}>
          {created}
        </Alert>
      )}
    </>
  );
}

/**
 * The form that makes a token (`intent=create_token`, its fields the children, a "Make token" button with
 * `submitTestId`), emptied once a token has been made.
 */
export function TokenCreateForm({ created, busy, submitTestId, children }: { created: unknown; busy: boolean; submitTestId: string; children: ReactNode }) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (created) form.current?.reset();
  }, [created]);
  return (
    <Form method="post" ref={form}>
      <input type="hidden" name="intent" value="create_token" />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 3, alignItems: { sm: "flex-start" } }}>
        {children}
        <Button type="submit" variant="contained" disabled={busy} data-testid={submitTestId}>
          Make token
        </Button>
      </Stack>
    </Form>
  );
}
