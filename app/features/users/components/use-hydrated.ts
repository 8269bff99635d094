import { useEffect, useState } from "react";

let hydratedOnce = false;

/**
 * True once the page has hydrated, like the platform's useHydrated, but a component mounted later (a form re-keyed after
 * a save) starts hydrated, so its MUI widgets do not fall back to the static ones for a frame.
 */
export function useHydratedOnce(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
