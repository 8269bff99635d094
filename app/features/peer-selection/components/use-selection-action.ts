import { useLocation } from "@remix-run/react";
import { useSnackbar } from "notistack";
import { useEffect, useRef } from "react";
import type { SelectionActionResult } from "~/features/peer-selection/types";

/** The hooks the peer selection forms share: toasts for an action's result, and the page's own action URL. */

/**
 * Toasts for a fetcher's result (success and advisory warnings; errors too unless shown inline). Fired as
 * soon as the action answered (the row holding the button may disappear with the revalidated data).
 */
export function useResultToasts(result: SelectionActionResult | undefined, showErrors: boolean) {
  const { enqueueSnackbar } = useSnackbar();
  const seen = useRef<SelectionActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || seen.current === result) return;
    seen.current = result;
    if (result.ok) enqueueSnackbar(result.message, { variant: "success" });
    else if (showErrors) enqueueSnackbar(result.message, { variant: "error" });
    if (result.warning) enqueueSnackbar(result.warning, { variant: "warning" });
  }, [result, showErrors, enqueueSnackbar]);
}

export function useActionUrl() {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}
