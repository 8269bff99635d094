/**
 * The calls of the authorization matrix (ADR 0042): the route manifest of the production build, the URL of a
 * route for a binding (the caller's own objects or someone else's), the request a role sends, how its answer is
 * read, and the state fingerprint that tells whether a refused write changed anything.
 */
import type { ServerBuild } from "@remix-run/node";
import { getDb } from "~/platform/db.server";
import type { Access, Principal } from "~/platform/security/route-policy-types";
import { RELATIONS, type Binding, type Caller, type RoleName, type World } from "./authz-world";

export type ManifestRoute = { id: string; fullPath: string; index: boolean; page: boolean; hasLoader: boolean; hasAction: boolean };

/** Every route of the build's manifest with its full path (parents' paths joined). */
export function manifestRoutes(build: ServerBuild): ManifestRoute[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const r = routes[id]!;
    const own = r.path ?? "";
    const parent = r.parentId ? fullPath(r.parentId) : "";
    return [parent, own].filter(Boolean).join("/").replace(/\/+/g, "/");
  };
  return Object.values(routes).map((r) => {
    const mod = r.module as { loader?: unknown; action?: unknown; default?: unknown };
    return { id: r.id, fullPath: `/${fullPath(r.id)}`.replace(/\/+/g, "/"), index: Boolean(r.index), page: Boolean(mod.default), hasLoader: Boolean(mod.loader), hasAction: Boolean(mod.action) };
  });
}

/** The value of a dynamic segment for a binding (`prev` is the static segment before it). */
function segmentValue(name: string, prev: string, route: ManifestRoute, b: Binding, w: World, caller: Caller, own: boolean): string {
  const promo = /promotion|promotions/.test(route.id);
  switch (name) {
    case "cycle_id":
    case "cycleId":
      return String(b.cycle);
    case "id":
      if (prev === "cycles") return String(b.cycle);
      // A person's attribute values are about the person an HR partner looks after (A), not the caller.
      if (prev === "users") return String(own && route.id === "routes/api.v1.admin.users.$id.attributes" ? w.own("employee").userId : b.userId);
      // The employee's own token (self); everyone else gets someone else's.
      if (prev === "api_tokens") return String(own && caller.role === "employee" && caller.spareToken ? caller.spareToken : w.otherTokenId);
      if (prev === "realtime_feedbacks") return String(b.realtimeFeedback);
      if (prev === "notifications") return String(b.notification);
      // A SCIM token id (someone else's objects do not apply: only super admins may call).
      if (prev === "scim_tokens") return String(w.otherTokenId);
      if (prev === "sessions" || prev === "calibration-sessions") return String(promo ? b.promotionSession : b.session);
      // A people attribute: the built-in "gender" row of the migration (only super admins may call; DELETE is a 409).
      if (prev === "attributes") return "1";
      throw new Error(`No value for :id after ${prev} in ${route.id}`);
    case "session_id":
      return String(route.id.includes("promotion_calibration_sessions") ? b.promotionSession : b.session);
    case "sessionId":
      return String(b.session);
    case "target_session_id":
      // Another session than the one the path names.
      return String(b.session === w.other.session ? w.own("sessionAdmin").session : w.other.session);
    case "participant_id":
    case "participantId":
      return String(b.sessionParticipantId);
    case "email":
    case "participant_email":
      return b.email;
    case "reviewer_email":
    case "reviewerEmail":
      return b.reviewerEmail;
    case "peer_email":
      return b.peerEmail;
    case "nomination_id":
      return String(b.nomination);
    case "endorser_id":
      return String(b.endorserId);
    case "endorsement_id":
    case "endorsementId":
      return String(b.endorsement);
    case "peer_id":
      return String(b.peerRequest);
    case "decision":
      return "accept";
    case "transition":
      // Not a move the cycle (in calibration) can make: a super admin's call changes nothing.
      return "start";
    case "jobId":
      return String(w.jobId);
    case "scheduleId":
      return String(w.scheduleId);
    case "userId":
      return String(b.userId);
    default:
      throw new Error(`No value for :${name} in ${route.id}`);
  }
}

/** The URL path of a route for a binding. */
export function urlFor(route: ManifestRoute, b: Binding, w: World, caller: Caller, own: boolean): string {
  const parts = route.fullPath.split("/");
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const seg = parts[i]!;
    if (seg === "*") out.push("no/such/page");
    else if (seg.startsWith(":")) out.push(encodeURIComponent(segmentValue(seg.slice(1).replace(/\?$/, ""), parts[i - 1] ?? "", route, b, w, caller, own)));
    else out.push(seg);
  }
  let url = out.join("/") || "/";
  // The live-session stream names the member's role; a promotion session's move names its event.
  if (route.id === "routes/app.calibration-sessions.$sessionId.events") url += `?role=${EVENT_ROLE[caller.role] ?? "panelist"}`;
  if (route.id.endsWith("promotion_calibration_sessions.$session_id.transition")) url += `?event=${PROMOTION_EVENT[caller.role] ?? "progress_to_review"}`;
  return url;
}

/** The move each member of a promotion session may make (the creator activates, the sign-off party closes). */
const PROMOTION_EVENT: Partial<Record<RoleName, string>> = { hrPartner: "activate", promotionSignOff: "progress_to_close", superAdmin: "close" };
const EVENT_ROLE: Partial<Record<RoleName, string>> = { sessionAdmin: "session_admin", panelist: "panelist", signOff: "sign_off", hrPartner: "hr_partner", superAdmin: "admin" };

/** Whether the route's path names anything but the cycle (so that own and someone else's objects differ). */
export function namesObjects(route: ManifestRoute): boolean {
  return route.fullPath.split("/").some((s) => s.startsWith(":") && s !== ":cycle_id" && s !== ":cycleId" && s !== ":transition" && s !== ":decision" && s !== ":jobId" && s !== ":scheduleId");
}

/** The principals a caller holds for a binding. */
export function principalsOf(role: RoleName, own: boolean): Set<Principal> {
  const held = new Set<Principal>(["anonymous"]);
  if (role === "anonymous") return held;
  held.add("signedIn");
  if (role === "superAdmin") held.add("superAdmin");
  if (role === "hrOps") held.add("hrOps");
  if (own) for (const r of RELATIONS[role]) held.add(r);
  return held;
}

/** What the table says about a call. */
export function expectedAllowed(access: Access, method: string, role: RoleName, own: boolean): boolean {
  if (access.allow.includes("anonymous")) return true;
  const held = principalsOf(role, own);
  const allowed = access.allow.some((p) => held.has(p));
  if (role === "spoofing" && method !== "GET" && access.spoof !== "asUser") return false;
  if (role === "spoofing" && method === "GET" && access.spoof === "refused") return false;
  return allowed;
}

export type Answer = { status: number; location: string | null; body: string };

/** Send one call as a role; pages' loaders alone through single fetch (`.data?_routes=`), like the client can. */
export async function send(base: string, route: ManifestRoute, method: string, path: string, caller: Caller, body: { json: unknown; form: Record<string, string> }, cycleId: number): Promise<Answer> {
  const headers: Record<string, string> = { Origin: base, "Sec-Fetch-Site": "same-origin" };
  let url: string;
  let payload: string | undefined;
  if (route.page) {
    if (caller.cookie) headers.Cookie = caller.cookie;
    const query = new URLSearchParams({ cycle_id: String(cycleId) });
    if (method === "GET") query.set("_routes", route.id);
    else if (route.index) query.set("index", "");
    url = `${base}${path === "/" ? "/_root" : path}.data?${query}`;
    if (method !== "GET") {
      payload = new URLSearchParams(body.form).toString();
      headers["Content-Type"] = "application/x-www-form-urlencoded";
    }
  } else {
    if (route.id.startsWith("routes/api.v1")) {
      if (caller.token) headers.Authorization = `Bearer ${caller.token}`;
    } else if (caller.cookie) headers.Cookie = caller.cookie;
    const sep = path.includes("?") ? "&" : "?";
    url = `${base}${path}${route.id.startsWith("routes/app.") ? `${sep}cycle_id=${cycleId}` : ""}`;
    if (method !== "GET") {
      payload = JSON.stringify(body.json);
      headers["Content-Type"] = "application/json";
    }
  }
  const controller = new AbortController();
  const res = await fetch(url, { method, headers, body: payload, redirect: "manual", signal: controller.signal });
  let text = "";
  if ((res.headers.get("content-type") ?? "").includes("text/event-stream")) controller.abort();
  else text = await res.text();
  let location = res.headers.get("location");
  if (route.page && res.status === 202) location = /"(\/[^"]*)"/.exec(text)?.[1] ?? "?";
  return { status: res.status, location, body: text };
}

/** Refused as the table wants: 401/403/404, or sent to sign in. */
export function isRefusal(a: Answer): boolean {
  if ([401, 403, 404].includes(a.status)) return true;
  return (a.status === 302 || a.status === 202) && (a.location ?? "").startsWith("/app/login");
}

/** Data given to a refused caller: a 2xx that is not a redirect. */
export function givesData(a: Answer): boolean {
  return a.status >= 200 && a.status < 300 && !(a.status === 202 && a.location);
}

/**
 * A fingerprint of the whole database: per table its row count and, where rows carry `updatedAt`, the latest; the
 * columns a write sets on tables without it (read marks, revocations, answers); tokens and sessions by their
 * revocations and ends only (every call touches their last-use times); not the idempotency log.
 */
export async function fingerprint(): Promise<string> {
  const db = await getDb();
  const columns = await db.$queryRawUnsafe<Array<{ t: string; c: string }>>(
    `SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = current_schema() AND table_name NOT LIKE '\\_%'`,
  );
  const byTable = new Map<string, Set<string>>();
  for (const { t, c } of columns) byTable.set(t, (byTable.get(t) ?? new Set()).add(c));
  const EXTRA: Record<string, string> = {
    ApiToken: `count("revokedAt")::text`,
    UserSession: `count(*)::text`,
    Notification: `count("readAt")::text`,
    RealtimeFeedback: `count(*) FILTER (WHERE "hasBeenViewedByReviewee")::text`,
    Coachmark: `md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), ''))`,
    CalibrationSessionMember: `md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), ''))`,
    NudgeSchedule: `count("cancelledAt")::text`,
  };
  // The idempotency log records every write, refused or not: it is not the state a leak changes.
  byTable.delete("IdempotentRequest");
  const parts = [...byTable.entries()].map(([t, cols]) => {
    const latest = cols.has("updatedAt") ? `coalesce(max(x."updatedAt")::text, '')` : `''`;
    const count = t === "ApiToken" || t === "UserSession" ? `''` : `count(*)::text`;
    return `SELECT '${t}' AS t, ${count} || '/' || ${latest} || '/' || ${EXTRA[t] ?? "''"} AS h FROM "${t}" x`;
  });
  const rows = await db.$queryRawUnsafe<Array<{ t: string; h: string }>>(parts.join(" UNION ALL "));
  return rows
    .sort((a, b) => a.t.localeCompare(b.t))
    .map((r) => `${r.t}=${r.h}`)
    .join(";");
}

/** Which tables two fingerprints differ in. */
export function changedTables(before: string, after: string): string[] {
  const a = new Map(before.split(";").map((p) => p.split("=") as [string, string]));
  return after
    .split(";")
    .map((p) => p.split("=") as [string, string])
    .filter(([t, h]) => a.get(t) !== h)
    .map(([t]) => t);
}

/** Run tasks with at most `n` at a time. */
export async function pool<T>(items: T[], n: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}
