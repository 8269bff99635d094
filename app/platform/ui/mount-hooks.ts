import { useRef, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * True once the page has hydrated: false in the server render and in the browser's hydration of that markup (which
 * must match it; React then renders again with true), true at once for a component mounted later (a dialog opened,
 * a form re-keyed after a save), so its interactive widgets do not fall back to the static ones for a frame.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * True from the first time `open` is true on: a MUI dialog, popover or popper mounted only then (a closed one still
 * costs a render and style work on every page), and kept mounted afterwards so that it can fade out.
 */
export function useOpenedOnce(open: boolean): boolean {
  const opened = useRef(open);
  if (open) opened.current = true;
  return opened.current;
}
