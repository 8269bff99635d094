import { useFetcher } from "@remix-run/react";
import { useSnackbar } from "notistack";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MeetingActionResult } from "~/features/calibration/meeting-page-types";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";

/**
 * What an action may answer: its texts as keys with values (`pageMessage`, said in the reader's language here) or,
 * from an action not moved to keys yet, as they are. `failure` below always holds the texts to show.
 */
type ActionText = string | PageMessage;
type WireResult =
  | { ok: true; intent: string; message: ActionText }
  | { ok: false; intent: string | null; message: ActionText; fieldErrors: Record<string, ActionText> };

/**
 * One form of a meeting page, posted with its own fetcher to the page's action: a success toast and
 * `onDone` (e.g. close the dialog) on success; `failure` (shown in the form) otherwise, until `clear`.
 */
export function useMeetingAction(onDone?: () => void) {
  const fetcher = useFetcher<WireResult>();
  const { t } = useTranslation();
  const say = useCallback((text: ActionText) => (typeof text === "string" ? text : messageText(t, text)), [t]);
  const { enqueueSnackbar } = useSnackbar();
  const handled = useRef<WireResult | null>(null);
  const done = useRef(onDone);
  done.current = onDone;
  const [cleared, setCleared] = useState<WireResult | null>(null);
  const result = fetcher.state === "idle" ? (fetcher.data ?? null) : null;

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      enqueueSnackbar(say(result.message), { variant: "success" });
      done.current?.();
    }
  }, [result, enqueueSnackbar, say]);

  const clear = useCallback(() => setCleared(fetcher.data ?? null), [fetcher.data]);
  const failed = result && !result.ok && result !== cleared ? result : null;
  const failure = useMemo<Extract<MeetingActionResult, { ok: false }> | null>(
    () =>
      failed && {
        ok: false,
        intent: failed.intent as Extract<MeetingActionResult, { ok: false }>["intent"],
        message: say(failed.message),
        fieldErrors: Object.fromEntries(Object.entries(failed.fieldErrors).map(([field, text]) => [field, say(text)])),
      },
    [failed, say],
  );
  return { fetcher, busy: fetcher.state !== "idle", failure, clear, okCount: useSuccessCount(result) };
}

/** How many successes the fetcher has had (a key that resets a form after each one). */
function useSuccessCount(result: WireResult | null): number {
  const [count, setCount] = useState(0);
  const last = useRef<WireResult | null>(null);
  useEffect(() => {
    if (result?.ok && last.current !== result) {
      last.current = result;
      setCount((n) => n + 1);
    }
  }, [result]);
  return count;
}
