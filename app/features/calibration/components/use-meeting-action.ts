import { useFetcher } from "@remix-run/react";
import { useSnackbar } from "notistack";
import { useCallback, useEffect, useRef, useState } from "react";
import type { MeetingActionResult } from "~/features/calibration/meeting-page-types";

/**
 * One form of a meeting page, posted with its own fetcher to the page's action: a success toast and
 * `onDone` (e.g. close the dialog) on success; `failure` (shown in the form) otherwise, until `clear`.
 */
export function useMeetingAction(onDone?: () => void) {
  const fetcher = useFetcher<MeetingActionResult>();
  const { enqueueSnackbar } = useSnackbar();
  const handled = useRef<MeetingActionResult | null>(null);
  const done = useRef(onDone);
  done.current = onDone;
  const [cleared, setCleared] = useState<MeetingActionResult | null>(null);
  const result = fetcher.state === "idle" ? (fetcher.data ?? null) : null;

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      enqueueSnackbar(result.message, { variant: "success" });
      done.current?.();
    }
  }, [result, enqueueSnackbar]);

  const clear = useCallback(() => setCleared(fetcher.data ?? null), [fetcher.data]);
  const failure = result && !result.ok && result !== cleared ? result : null;
  return { fetcher, busy: fetcher.state !== "idle", failure, clear, okCount: useSuccessCount(result) };
}

/** How many successes the fetcher has had (a key that resets a form after each one). */
function useSuccessCount(result: MeetingActionResult | null): number {
  const [count, setCount] = useState(0);
  const last = useRef<MeetingActionResult | null>(null);
  useEffect(() => {
    if (result?.ok && last.current !== result) {
      last.current = result;
      setCount((n) => n + 1);
    }
  }, [result]);
  return count;
}
