import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * True while the page is rendered on the server and while the browser hydrates it (so both render the same
 * markup), false from the render right after hydration on, and at once on client-side navigations. Long
 * lists use it to server-render a first part and draw the rest in the browser.
 */
export function useServerRender(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}
