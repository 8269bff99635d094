import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db.server";
import { ApiError } from "~/platform/api.server";
import { isSpoofing, requireUser, type CurrentUser } from "~/platform/auth.server";
import { notFoundPage, pageIdParam, pageRead } from "~/platform/page-errors.server";
import { cyclesForRole, listSessions } from "~/features/calibration/sessions.server";
import { readSessionPage } from "~/features/calibration/meeting-reads.server";
import type { MeetingRole, SessionListPageData, SessionPageData } from "~/features/calibration/meeting-page-types";

/**
 * Server side shared by the meeting pages of the session admin, the panelists and the sign-off party
 * (issue 13): the list of my sessions per cycle, one session as my role reads it, and reading posted forms
 * (page reads, the action runner and intentOf are the platform's: app/platform/page-errors.server.ts).
 * The role-specific actions are in panelist-pages, session-admin-pages and sign-off-pages.server.ts.
 */

/** /…/calibration-sessions?cycle_id=: my sessions (as `role`) in the cycle; without cycle_id, the latest cycle I am in. */
export async function loadSessionListPage(request: Request, role: MeetingRole): Promise<SessionListPageData> {
  const current = await requireUser(request);
  const cycles = (await cyclesForRole(current, role)).map((c) => ({ id: c.id, name: c.name }));
  const url = new URL(request.url);
  const raw = url.searchParams.get("cycle_id");
  if (raw === null || raw === "") {
    if (!cycles[0]) return { role, cycles, kind: "none", message: "You are not in any calibration session yet" };
    url.searchParams.set("cycle_id", String(cycles[0].id));
    throw redirect(url.pathname + url.search);
  }
  if (!/^\d+$/.test(raw)) return { role, cycles, kind: "invalid", message: "Invalid Cycle ID" };
  try {
    return { role, cycles, kind: "selected", cycleId: Number(raw), sessions: await listSessions(current, role, Number(raw)) };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { role, cycles, kind: "invalid", message: "Invalid Cycle ID" };
    throw err;
  }
}

export type SessionRef = { current: CurrentUser; cycleId: number; sessionId: number };

/**
 * The session of a page: `params[param]` and ?cycle_id=. Without cycle_id the page goes to the address with
 * the session's cycle written in (the services then check the role); a malformed id is the 404 page.
 */
export async function requireSessionRef(request: Request, params: LoaderFunctionArgs["params"], param = "id"): Promise<SessionRef> {
  const current = await requireUser(request);
  const sessionId = pageIdParam(params[param]);
  const url = new URL(request.url);
  const raw = url.searchParams.get("cycle_id");
  if (raw === null || raw === "") {
    const db = await getDb();
    const row = await db.calibrationSession.findFirst({ where: { id: sessionId, kind: "RATING" }, select: { cycleId: true } });
    if (!row) throw notFoundPage();
    url.searchParams.set("cycle_id", String(row.cycleId));
    throw redirect(url.pathname + url.search);
  }
  if (!/^\d+$/.test(raw)) throw notFoundPage();
  return { current, cycleId: Number(raw), sessionId };
}

/** /…/calibration-sessions/{id}?cycle_id=: the session as `role` reads it (every participant; two statements, meeting-reads.server.ts). */
export async function loadSessionPage(request: Request, params: LoaderFunctionArgs["params"], role: MeetingRole, param = "id"): Promise<SessionPageData> {
  const { current, cycleId, sessionId } = await requireSessionRef(request, params, param);
  const { detail } = await pageRead(() => readSessionPage(current, role, cycleId, sessionId, null));
  return { role, cycleId, spoofing: isSpoofing(current), detail };
}

/** A form field as a positive whole number, or undefined when absent or empty (the schemas then say what is wrong). */
export function formNumber(form: FormData, name: string): number | undefined {
  const raw = form.get(name);
  if (typeof raw !== "string" || raw.trim() === "") return undefined;
  return Number(raw);
}

/** A form field as text ("" when absent). */
export function formText(form: FormData, name: string): string {
  const raw = form.get(name);
  return typeof raw === "string" ? raw : "";
}
