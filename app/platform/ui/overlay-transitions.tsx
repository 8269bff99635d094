import { Fade, Grow, type FadeProps, type GrowProps } from "@mui/material";
import { forwardRef, useCallback, useEffect, useRef, type ComponentType, type ForwardRefExoticComponent, type RefAttributes } from "react";

/**
 * The transitions of every dialog and menu (ADR 0056), set once in the theme (MuiDialog, MuiPopover: Menu and
 * Select use Popover): MUI's Fade and Grow with an exit that always reports its end.
 *
 * Why: MUI's Modal (under Dialog, Popover, Menu, Select) keeps its root — a full-window box above the page that
 * takes every click, and whose backdrop click and Escape only ask an already closed dialog to close — until its
 * transition calls `onExited`. react-transition-group's Transition calls it through a chain of callbacks (a
 * setState callback, a timer, another setState callback) that is cancelled, and never re-armed, when the
 * Transition is unmounted or mounted again while it exits (its componentWillUnmount cancels the pending callback;
 * mounted with in=false it starts "exited" and reports nothing). The page then looks closed while an invisible
 * layer covers it until a reload. Here the end of every exit is also reported by our own timer, started whenever
 * `in` is false (also on a mount with in=false) and fired once after the exit's own duration, unless the
 * transition reported it first or entered again.
 */

/** Time after the exit's own duration before the guard reports its end (the transition normally wins). */
const GRACE_MS = 150;
/** Grow's "auto" exit lasts at most about 400 ms for a tall menu. */
const AUTO_EXIT_MS = 600;

type Timeout = FadeProps["timeout"] | GrowProps["timeout"];

/** How long the exit lasts (ms) for a transition's `timeout` prop. */
export function exitDuration(timeout: Timeout, fallback: number): number {
  if (timeout === "auto") return AUTO_EXIT_MS;
  if (typeof timeout === "number") return timeout;
  if (timeout && typeof timeout === "object" && typeof timeout.exit === "number") return timeout.exit;
  return fallback;
}

type Base<P> = ComponentType<P> & { muiSupportAuto?: boolean };

function guardedExit<P extends FadeProps | GrowProps>(BaseTransition: Base<P>, fallbackExitMs: number, name: string) {
  const Guarded = forwardRef<unknown, P>(function Guarded(props, ref) {
    const { in: inProp, onEnter, onExited, timeout } = props;
    const nodeRef = useRef<HTMLElement | null>(null);
    /** An exit started and its end not reported yet. */
    const pending = useRef(false);
    const onExitedRef = useRef(onExited);
    onExitedRef.current = onExited;
    const report = (node: HTMLElement | null) => {
      if (!pending.current) return;
      pending.current = false;
      onExitedRef.current?.(node as HTMLElement);
    };
    const exitMs = exitDuration(timeout, fallbackExitMs);
    useEffect(() => {
      if (inProp) return;
      pending.current = true;
      const timer = window.setTimeout(() => report(nodeRef.current), exitMs + GRACE_MS);
      return () => window.clearTimeout(timer);
      // Started when `in` turns false (or the component mounts closed); not again for a new duration.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [inProp]);
    const handleRef = useCallback(
      (el: unknown) => {
        nodeRef.current = el instanceof HTMLElement ? el : null;
        if (typeof ref === "function") ref(el);
        else if (ref) ref.current = el;
      },
      [ref],
    );
    const Component = BaseTransition as ComponentType<FadeProps & GrowProps & RefAttributes<unknown>>;
    return (
      <Component
        {...(props as FadeProps & GrowProps)}
        ref={handleRef}
        onEnter={(node: HTMLElement, appearing: boolean) => {
          pending.current = false;
          onEnter?.(node, appearing);
        }}
        onExited={(node: HTMLElement) => report(node)}
      />
    );
  }) as ForwardRefExoticComponent<P & RefAttributes<unknown>> & { muiSupportAuto?: boolean };
  Guarded.displayName = name;
  // Popover lets "auto" through only to a transition that says it supports it (Grow does).
  if (BaseTransition.muiSupportAuto) Guarded.muiSupportAuto = true;
  return Guarded;
}

/** Dialogs' transition: Fade whose exit always ends (theme: MuiDialog). */
export const DialogFade = guardedExit<FadeProps>(Fade as Base<FadeProps>, 195, "DialogFade");
/** Menus', selects' and popovers' transition: Grow whose exit always ends (theme: MuiPopover). */
export const MenuGrow = guardedExit<GrowProps>(Grow as Base<GrowProps>, AUTO_EXIT_MS, "MenuGrow");
