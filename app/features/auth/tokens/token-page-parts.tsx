import { Form } from "@remix-run/react";
import { Alert, Button, Stack } from "~/platform/ui/static";
import css from "~/features/auth/tokens/tokens.module.css";
import { useCallback, useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/platform/i18n/reader-context";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";

/**
 * The parts the token pages share (the user's API tokens at /app/api-tokens, SCIM tokens at /app/admin/scim-tokens):
 * the time format of their tables, the answers of their actions, and the form that makes a token.
 */

/** A token's times in the reader's language and zone, the zone named (ADR 0077); "Never" for none. */
export function useTokenTime(): (iso: string | null) => string {
  const { t } = useTranslation();
  const format = useFormat();
  return useCallback((iso: string | null) => (iso ? format.dateTime(iso) : t("tokens.never")), [format, t]);
}

/** What a token page's action answers: a refusal, or a message (revoked) or a token just made. */
type TokenActionResult = { ok: false; error: PageMessage } | { ok: true; message: PageMessage | null };

/**
 * The action's answer: the refusal (`{prefix}-error`), the message (`{prefix}-message`) and, when a token was just
 * made, `created` in its own alert (`{prefix}-created`).
 */
export function TokenActionAlerts({ result, testIdPrefix, created }: { result: TokenActionResult | undefined; testIdPrefix: string; created: ReactNode }) {
  const { t } = useTranslation();
  // The action answers keys (ADR 0125), said in the reader's language.
  const say = (message: PageMessage) => messageText(t, message);
  return (
    <>
      {result && !result.ok && (
        <Alert severity="error" className={css.alert} data-testid={`${testIdPrefix}-error`}>
          {say(result.error)}
        </Alert>
      )}
      {result?.ok && result.message && (
        <Alert severity="success" className={css.alert} data-testid={`${testIdPrefix}-message`}>
          {say(result.message)}
        </Alert>
      )}
      {created && (
        <Alert severity="success" className={css.alert} data-testid={`${testIdPrefix}-created`}>
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
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (created) form.current?.reset();
  }, [created]);
  return (
    <Form method="post" ref={form}>
      <input type="hidden" name="intent" value="create_token" />
      <Stack spacing={2} className={css.form}>
        {children}
        <Button type="submit" variant="contained" disabled={busy} data-testid={submitTestId}>
          {t("tokens.make")}
        </Button>
      </Stack>
    </Form>
  );
}
