/**
 * Analytics events (spec §3: fields category, action, label, cycleId, cycleState, viewerType; tracked as Clicked or
 * Viewed; the user id is the real user's while spoofing). PURE: no imports from the browser or the server; the
 * client component (analytics.tsx) sends what these build, and only when GA_GTAG_ID is set (ADR 0035).
 *
 * Privacy: nothing a person wrote and no one's name or email leaves the app: labels are route templates and
 * test ids with emails and numbers replaced.
 */

export type AnalyticsKind = "Clicked" | "Viewed";

export type AnalyticsEvent = {
  category: string;
  action: string;
  label: string;
  cycleId: number | null;
  cycleState: string | null;
  viewerType: string;
};

/**
 * Every email replaced by ":email", percent-encoded ones too (the app puts emails in paths with
 * encodeURIComponent): the whole token around an "@" goes, so no part of an address is left.
 */
export function scrubEmails(text: string): string {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    decoded = text.replace(/%40/gi, "@");
  }
  return decoded.replace(/[^\s/?&=#"'<>]*@[^\s/?&=#"'<>]*/g, ":email");
}

/** Emails, then numbers, replaced: what may name or identify a person never reaches analytics. */
export function redact(text: string): string {
  return scrubEmails(text)
    .replace(/\b\d+\b/g, ":id")
    .slice(0, 100);
}

/**
 * What gtag may know of the page (it would otherwise send the full address, with its query, and the title, which
 * can hold names): the redacted path without the query, the page's area as its title, no referrer.
 */
export function gtagPage(url: URL): { page_location: string; page_title: string; page_referrer: string } {
  return { page_location: `${url.origin}${redact(url.pathname)}`, page_title: pageCategory(url.pathname), page_referrer: "" };
}

/** The area of the app a path belongs to (e.g. "performance/spu-feedback", "admin/cycles", "home"). */
export function pageCategory(pathname: string): string {
  const parts = scrubEmails(pathname).replace(/^\/app\/?/, "").split("/").filter(Boolean);
  if (parts.length === 0) return "home";
  const named = parts.filter((p) => !/^\d+$/.test(p) && p !== ":email");
  return named.slice(0, 2).join("/") || "home";
}

/** Who the viewer is on this page: their relation to what the page shows, by the route's namespace. */
export function viewerTypeOf(pathname: string, role: string | null, spoofing: boolean): string {
  const p = pathname.replace(/^\/app\/?/, "");
  let type = "self";
  if (p.startsWith("admin")) type = "admin";
  else if (p.startsWith("my-reportees")) type = "manager";
  else if (/^(ratings|promotions)\/hr-partners/.test(p)) type = "hr_partner";
  else if (p.startsWith("session-admin")) type = "session_admin";
  else if (/calibration-panelist/.test(p)) type = "panelist";
  else if (/sign-off-party/.test(p)) type = "sign_off_party";
  else if (p.startsWith("promotions/endorsements")) type = "endorser";
  else if (!role) type = "anonymous";
  return spoofing ? `${type} (spoofing)` : type;
}

type KnownCycle = { id: number; state: string };

function asCycle(value: unknown): KnownCycle | null {
  const c = value as { id?: unknown; stage?: unknown; state?: unknown } | null | undefined;
  if (!c || typeof c !== "object" || typeof c.id !== "number") return null;
  const state = typeof c.stage === "string" ? c.stage : typeof c.state === "string" ? c.state : null;
  return state === null ? null : { id: c.id, state };
}

/**
 * The cycle a page's loader data names, with its stage: its `cycle`, or else the `cycle` of one of its top-level
 * values (e.g. the home page's `home.cycle`, the profile's `info.cycle`); null when none has an id and a stage.
 */
export function cycleInData(data: unknown): KnownCycle | null {
  if (!data || typeof data !== "object") return null;
  const own = asCycle((data as { cycle?: unknown }).cycle);
  if (own) return own;
  for (const value of Object.values(data)) {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const nested = asCycle((value as { cycle?: unknown }).cycle);
      if (nested) return nested;
    }
  }
  return null;
}

/** The cycle a page is about: ?cycle_id= or /cycles/{id}/ in the path, with its state when a loader gave it. */
export function cycleOf(url: URL, known: { id: number; state: string } | null): { cycleId: number | null; cycleState: string | null } {
  const fromQuery = url.searchParams.get("cycle_id");
  const fromPath = /\/cycles\/(\d+)(\/|$)/.exec(url.pathname)?.[1];
  const raw = fromQuery && /^\d+$/.test(fromQuery) ? fromQuery : fromPath;
  const cycleId = raw ? Number(raw) : (known?.id ?? null);
  return { cycleId, cycleState: known && known.id === cycleId ? known.state : null };
}

/** A page view. */
export function viewEvent(url: URL, role: string | null, spoofing: boolean, cycle: { id: number; state: string } | null): AnalyticsEvent {
  return {
    category: pageCategory(url.pathname),
    action: "page",
    label: redact(url.pathname),
    ...cycleOf(url, cycle),
    viewerType: viewerTypeOf(url.pathname, role, spoofing),
  };
}

/** A click on a button or link: its kind and its test id (or its route, for a link) as the label. */
export function clickEvent(
  url: URL,
  control: { kind: "button" | "link"; testId: string | null; href: string | null },
  role: string | null,
  spoofing: boolean,
  cycle: { id: number; state: string } | null,
): AnalyticsEvent {
  const label = control.testId ?? (control.href ? control.href.split("?")[0]! : "");
  return {
    category: pageCategory(url.pathname),
    action: control.kind,
    label: redact(label),
    ...cycleOf(url, cycle),
    viewerType: viewerTypeOf(url.pathname, role, spoofing),
  };
}

/** The analytics user id: the real user's while spoofing (spec §3). */
export function analyticsUserId(user: { id: number } | null, realUser: { id: number } | null): string | null {
  const who = realUser ?? user;
  return who ? String(who.id) : null;
}

/** The gtag parameters of an event. */
export function gtagParams(e: AnalyticsEvent): Record<string, string | number> {
  const out: Record<string, string | number> = { category: e.category, action: e.action, label: e.label, viewerType: e.viewerType };
  if (e.cycleId !== null) out.cycleId = e.cycleId;
  if (e.cycleState !== null) out.cycleState = e.cycleState;
  return out;
}
