import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "@remix-run/react";
import { useTheme } from "@mui/material/styles";
import { useSnackbar } from "notistack";
import { EVENTS, Joyride, STATUS, type EventData, type Step } from "react-joyride";
import { callApi } from "~/platform/api-client";
import { FINAL_ASSESSMENT_PATH } from "~/features/shell/user-feedback/user-feedback-dialog";
import { TourTooltip } from "~/features/tours/components/tour-tooltip";
import { useTranslation } from "react-i18next";
import { pickTour, TOUR_Z_INDEX, type TourState, type TourStep, type TourType } from "~/features/tours/rules";

/** Whether the tour may point at `selector`: its first match exists, takes up space and is not hidden. */
function isTargetVisible(selector: string): boolean {
  const el = document.querySelector<HTMLElement>(selector);
  if (!el || el.getClientRects().length === 0) return false;
  return getComputedStyle(el).visibility !== "hidden";
}

function toJoyrideSteps(type: TourType, steps: TourStep[]): Step[] {
  return steps.map((s, i) => ({ id: `${type}-${i}`, target: s.target, title: s.title, content: s.content, placement: s.placement ?? "auto" }));
}

type Running = { type: TourType; pathname: string; steps: Step[] };

/**
 * The guided tours (ADR 0031): at most one at a time, the navigation tour first, then the tour of the page's own
 * coachmark type. Finishing (Dismiss on the last step) or skipping stores the dismissal through POST
 * /api/v1/coachmarks, so the tour never comes back. Overlay clicks and Esc do not close it; layer 2000.
 * Nothing renders on the server: the visible targets decide which tour runs.
 */
export function GuidedTours({
  navGroupIds,
  tours,
  spoofing,
  userFeedback,
}: {
  navGroupIds: string[];
  tours: TourState;
  spoofing: boolean;
  /** The feedback dialog's coachmark and whether the user gave feedback: while it opens by itself, no tour. */
  userFeedback: { hasCoachmark: boolean; hasGivenFeedback: boolean };
}) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const theme = useTheme();
  const { enqueueSnackbar } = useSnackbar();
  // Dismissed while this page lives (the layout data catches up on the next load) and, per address, the tours
  // whose targets all vanished before a step showed (offered again on another page).
  const [ended, setEnded] = useState<TourType[]>([]);
  const [notShown, setNotShown] = useState<{ pathname: string; types: TourType[] }>({ pathname, types: [] });
  const [running, setRunning] = useState<Running | null>(null);
  const stepShown = useRef(false);
  const groupKey = navGroupIds.join(",");
  const feedbackDialogPending = pathname === FINAL_ASSESSMENT_PATH && !userFeedback.hasCoachmark && !userFeedback.hasGivenFeedback;

  // A tour belongs to the address it started on: leaving it ends the tour without storing anything.
  const current = running && running.pathname === pathname ? running : null;

  useEffect(() => {
    if (current) return;
    // One tick later: the layout settles after hydration (on a small screen the drawer turns into a hidden one).
    const timer = window.setTimeout(() => {
      const skippedHere = notShown.pathname === pathname ? notShown.types : [];
      const next = pickTour(
        { pathname, dismissed: [...tours.dismissed, ...ended, ...skippedHere], activeCycles: tours.activeCycles, spoofing, feedbackDialogPending },
        groupKey === "" ? [] : groupKey.split(","),
        isTargetVisible,
      );
      stepShown.current = false;
      setRunning(next ? { type: next.type, pathname, steps: toJoyrideSteps(next.type, next.steps) } : null);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [pathname, current, tours, ended, notShown, spoofing, feedbackDialogPending, groupKey]);

  const onEvent = useCallback(
    (data: EventData) => {
      if (!running || running.pathname !== pathname) return;
      if (data.type === EVENTS.TOOLTIP) stepShown.current = true;
      if (data.type !== EVENTS.TOUR_END) return;
      const { type } = running;
      if (stepShown.current && (data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED)) {
        setEnded((e) => [...e, type]);
        void callApi("POST", "/api/v1/coachmarks", { coachmark_type: type, is_dismissed: true }).then((res) => {
          if (!res.ok) enqueueSnackbar(res.message, { variant: "error" });
        });
      } else {
        setNotShown((n) => ({ pathname, types: n.pathname === pathname ? [...n.types, type] : [type] }));
      }
      setRunning(null);
    },
    [running, pathname, enqueueSnackbar],
  );

  const locale = useMemo(() => ({ back: t("tours.back"), next: t("tours.next"), last: t("tours.last"), skip: t("tours.skip"), close: t("tours.close") }), [t]);
  if (!current) return null;
  return (
    <Joyride
      key={`${current.type}:${current.pathname}`}
      run
      continuous
      scrollToFirstStep
      steps={current.steps}
      tooltipComponent={TourTooltip}
      loaderComponent={null}
      locale={locale}
      options={{
        zIndex: TOUR_Z_INDEX,
        overlayClickAction: false,
        dismissKeyAction: false,
        buttons: ["back", "skip", "primary"],
        skipBeacon: true,
        blockTargetInteraction: true,
        // A target that is gone or hidden when its step comes is skipped at once (no dimmed wait).
        targetWaitTimeout: 0,
        primaryColor: theme.palette.primary.main,
      }}
      onEvent={onEvent}
    />
  );
}
