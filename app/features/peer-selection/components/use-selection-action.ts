import { useLocation } from "@remix-run/react";
import { useSnackbar } from "notistack";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { messageText } from "~/platform/i18n/page-message";
import { peerMessage } from "~/features/peer-selection/messages";
import type { SelectionActionResult, SelectionText } from "~/features/peer-selection/types";

/** The hooks the peer selection forms share: toasts for an action's result, and the page's own action URL. */

/**
 * Toasts for a fetcher's result (success and advisory warnings; errors too unless shown inline), in the reader's
 * language (the action answers keys with values). Fired as soon as the action answered (the row holding the button
 * may disappear with the revalidated data).
 */
export function useResultToasts(result: SelectionActionResult | undefined, showErrors: boolean) {
  const { enqueueSnackbar } = useSnackbar();
  const seen = useRef<SelectionActionResult | undefined>(undefined);
  const { t } = useTranslation();
  useEffect(() => {
    if (!result || seen.current === result) return;
    seen.current = result;
    if (result.ok) enqueueSnackbar(textOf(t, result.message), { variant: "success" });
    else if (showErrors) enqueueSnackbar(textOf(t, result.message), { variant: "error" });
    if (result.warning) enqueueSnackbar(textOf(t, result.warning), { variant: "warning" });
  }, [result, showErrors, enqueueSnackbar, t]);
}

/** A text of an action (a key with values; the admin page's English: see SelectionText) in the reader's language. */
function textOf(t: TFunction, text: SelectionText): string {
  return messageText(t, typeof text === "string" ? peerMessage(text) : text);
}

/** A key with values (an action's result, a refusal, a warning) in the reader's language. */
export function useSayMessage(): (message: SelectionText) => string {
  const { t } = useTranslation();
  return useCallback((message: SelectionText) => textOf(t, message), [t]);
}

/**
 * A server sentence in the reader's language (./messages.ts). Only the super admin's panel page
 * (app.admin.cycles.$cycleId.participants.$email.panel.tsx) still reads the API's English `edit_blocked_reason`;
 * the peer selection pages get keys (useSayMessage).
 */
export function useSay(): (message: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      const m = peerMessage(message);
      return t(m.key, m.values);
    },
    [t]
  );
}

export function useActionUrl() {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}
