import { useLocation } from "@remix-run/react";
import { useSnackbar } from "notistack";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { peerMessage } from "~/features/peer-selection/messages";
import type { SelectionActionResult } from "~/features/peer-selection/types";

/** The hooks the peer selection forms share: toasts for an action's result, and the page's own action URL. */

/**
 * Toasts for a fetcher's result (success and advisory warnings; errors too unless shown inline). Fired as
 * soon as the action answered (the row holding the button may disappear with the revalidated data).
 */
export function useResultToasts(result: SelectionActionResult | undefined, showErrors: boolean) {
  const { enqueueSnackbar } = useSnackbar();
  const seen = useRef<SelectionActionResult | undefined>(undefined);
  const say = useSay();
  useEffect(() => {
    if (!result || seen.current === result) return;
    seen.current = result;
    if (result.ok) enqueueSnackbar(say(result.message), { variant: "success" });
    else if (showErrors) enqueueSnackbar(say(result.message), { variant: "error" });
    if (result.warning) enqueueSnackbar(say(result.warning), { variant: "warning" });
  }, [result, showErrors, enqueueSnackbar, say]);
}

/** A server sentence (a result, refusal or warning) in the reader's language (./messages.ts). */
export function useSay(): (message: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      const m = peerMessage(message);
      return t(m.key, m.values);
    },
    [t],
  );
}

export function useActionUrl() {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}
