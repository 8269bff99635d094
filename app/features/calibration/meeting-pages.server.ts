import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db.server";
import { isSpoofing, requireUser, type CurrentUser } from "~/platform/auth.server";
import { notFoundPage, pageIdParam, pageRead } from "~/platform/page-errors.server";
import { readSessionPage } from "~/features/calibration/meeting-reads.server";
import { readSessionList } from "~/features/calibration/list-reads.server";
import { PARTICIPANT_PAGE_SIZE, parsePageParam } from "~/features/calibration/participant-page";
import type { MeetingRole, SessionListPageData, SessionPageData } from "~/features/calibration/meeting-page-types";
import { requestPreferences } from "~/platform/i18n/request-preferences.server";

/**
 * Server side shared by the meeting pages of the session admin, the panelists and the sign-off party
 * (issue 13): the list of my sessions per cycle, one session as my role reads it, and reading posted forms
 * (page reads, the action runner and intentOf are the platform's: app/platform/page-errors.server.ts).
 * The role-specific actions are in panelist-pages, session-admin-pages and sign-off-pages.server.ts.
 */

/**
 * /…/calibration-sessions?cycle_id=: my sessions (as `role`) in the cycle; without cycle_id, the latest cycle I am in.
 * Two statements sent together (list-reads.server.ts); a cycle that does not exist is "Invalid Cycle ID".
 */
export async function loadSessionListPage(request: Request, role: MeetingRole): Promise<SessionListPageData> {
  const current = await requireUser(request);
  const url = new URL(request.url);
  const raw = url.searchParams.get("cycle_id");
  const asked = raw !== null && /^\d+$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
  const { cycles, cycleFound, sessions } = await readSessionList(current, role, asked);
  if (raw === null || raw === "") {
    if (!cycles[0]) return { role, cycles, kind: "none", message: "You are not in any calibration session yet" };
    url.searchParams.set("cycle_id", String(cycles[0].id));
    throw redirect(url.pathname + url.search);
  }
  if (asked === null || !cycleFound) return { role, cycles, kind: "invalid", message: "Invalid Cycle ID" };
  return { role, cycles, kind: "selected", cycleId: asked, sessions };
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

/**
 * ?page= and ?history= of a session page (participant-page.ts): the participants' page and how many pages of the
 * history; a malformed one is the 404 page.
 */
export function sessionPageParams(request: Request): { page: number; history: number } {
  const search = new URL(request.url).searchParams;
  const page = parsePageParam(search.get("page"));
  const history = parsePageParam(search.get("history"));
  if (page === null || history === null) throw notFoundPage();
  return { page, history };
}

/**
 * /…/calibration-sessions/{id}?cycle_id=&page=&history=: the session as `role` reads it, one page of its participants
 * and the latest changes of its history (two statements, meeting-reads.server.ts; ADR 0091).
 */
export async function loadSessionPage(request: Request, params: LoaderFunctionArgs["params"], role: MeetingRole, param = "id"): Promise<SessionPageData> {
  const { page, history } = sessionPageParams(request);
  const { current, cycleId, sessionId } = await requireSessionRef(request, params, param);
  const { language } = await requestPreferences(request);
  const read = await pageRead(() => readSessionPage(current, role, cycleId, sessionId, { page, pageSize: PARTICIPANT_PAGE_SIZE, history, language }));
  return { role, cycleId, spoofing: isSpoofing(current), detail: read.detail, participant_page: read.participant_page, history_page: read.history_page };
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
