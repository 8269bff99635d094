import { useEffect, useRef, useState } from "react";

/** True once the page has hydrated (false in the server render and the first browser render, which must match). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
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
