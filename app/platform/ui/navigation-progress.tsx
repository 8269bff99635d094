import { useNavigation } from "@remix-run/react";
import { LinearProgress } from "@mui/material";
import { useEffect, useState } from "react";

/**
 * Spec §2: "Screens load on demand and a loading indicator shows meanwhile". A thin bar at the top of the window
 * while the next screen (or a form's result) loads; shown after 150 ms, so quick navigations do not flash it.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), 150);
    return () => window.clearTimeout(timer);
  }, [busy]);
  if (!shown) return null;
  return (
    <LinearProgress
      aria-label="Loading"
      data-testid="page-loading"
      sx={{ position: "fixed", top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.tooltip + 1, height: 3 }}
    />
  );
}
