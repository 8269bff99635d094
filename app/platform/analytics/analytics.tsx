import { useLocation, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { analyticsUserId, clickEvent, cycleInData, gtagPage, gtagParams, viewEvent, type AnalyticsEvent, type AnalyticsKind } from "~/platform/analytics/events";

/**
 * Google Analytics (gtag) for the spec's Clicked and Viewed events (ADR 0035). Rendered by the root only when
 * GA_GTAG_ID is set: then it loads gtag with the analytics user id (the real user's while spoofing), sends a
 * Viewed event per page and a Clicked event per button or link click. Without GA_GTAG_ID nothing is loaded or sent.
 */

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

type ShellData = { user?: { id: number; role: string } | null; realUser?: { id: number } | null } | undefined;
type CycleLike = { id: number; state: string } | null;

/** The cycle the page's loaders gave (the deepest route first), with its stage, for the events' cycleState. */
function useKnownCycle(): CycleLike {
  const matches = useMatches();
  for (const m of [...matches].reverse()) {
    const cycle = cycleInData(m.data);
    if (cycle) return cycle;
  }
  return null;
}

function send(kind: AnalyticsKind, event: AnalyticsEvent) {
  window.gtag?.("event", kind, gtagParams(event));
}

export function Analytics({ gaId }: { gaId: string }) {
  const location = useLocation();
  const shell = useRouteLoaderData("routes/app") as ShellData;
  const cycle = useKnownCycle();
  const role = shell?.user?.role ?? null;
  const spoofing = !!shell?.realUser;
  const userId = analyticsUserId(shell?.user ?? null, shell?.realUser ?? null);
  const state = useRef({ role, spoofing, cycle });
  state.current = { role, spoofing, cycle };

  // Load gtag once; (re)configure when the user changes.
  useEffect(() => {
    if (!window.gtag) {
      window.dataLayer = window.dataLayer ?? [];
      window.gtag = function gtag() {
        // gtag reads the arguments object itself.
        // eslint-disable-next-line prefer-rest-params
        window.dataLayer!.push(arguments);
      };
      window.gtag("js", new Date());
      const script = document.createElement("script");
      script.async = true;
      script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaId)}`;
      document.head.appendChild(script);
    }
    window.gtag("config", gaId, {
      send_page_view: false,
      allow_google_signals: false,
      allow_ad_personalization_signals: false,
      ...gtagPage(new URL(window.location.href)),
      ...(userId ? { user_id: userId } : {}),
    });
  }, [gaId, userId]);

  useEffect(() => {
    const s = state.current;
    const url = new URL(window.location.href);
    // gtag attaches the page to every event: only the redacted path, never the query or the title.
    window.gtag?.("set", gtagPage(url));
    send("Viewed", viewEvent(url, s.role, s.spoofing, s.cycle));
  }, [location.pathname, location.search]);

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const el = (e.target as Element | null)?.closest?.("button, a, [role='button']");
      if (!el) return;
      const s = state.current;
      const kind = el.tagName === "A" ? "link" : "button";
      send("Clicked", clickEvent(new URL(window.location.href), { kind, testId: el.getAttribute("data-testid"), href: el.getAttribute("href") }, s.role, s.spoofing, s.cycle));
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  return null;
}
