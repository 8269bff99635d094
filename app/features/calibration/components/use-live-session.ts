import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

/**
 * Live updates of an open session page (ADR 0026): listens on the session's server-sent-events stream
 * (`url`, meetingPaths.events) and revalidates the page's loaders when the stream's version is newer than
 * the one the loader returned (`version`; versions only grow). It waits until no navigation, fetcher or revalidation is under
 * way (the page's own action revalidates anyway), and asks once per version it hears of.
 */
export function useLiveSession(url: string, version: number) {
  const [heard, setHeard] = useState(version);
  const asked = useRef<number | null>(null);
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = revalidator.state !== "idle" || navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(url);
    const onVersion = (e: MessageEvent<string>) => {
      const v = Number(e.data);
      if (Number.isInteger(v)) setHeard(v);
    };
    source.addEventListener("version", onVersion);
    return () => {
      source.removeEventListener("version", onVersion);
      source.close();
    };
  }, [url]);

  useEffect(() => {
    if (heard <= version || busy || asked.current === heard) return;
    asked.current = heard;
    revalidator.revalidate();
  }, [heard, version, busy, revalidator]);
}
