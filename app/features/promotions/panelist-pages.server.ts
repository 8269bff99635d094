import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/platform/db.server";
import { ApiError } from "~/platform/api.server";
import { isSpoofing, requireUser, type CurrentUser } from "~/platform/auth.server";
import { intentOf, notFoundPage, pageIdParam, pageRead } from "~/platform/page-errors.server";
import type { SessionRole } from "~/features/calibration/rules";
import { promotionCycles } from "~/features/promotions/sessions.server";
import { readPromotionSessions } from "~/features/promotions/session-reads.server";
import { requireCycle } from "~/features/cycles/context.server";
import { addNominationComment, castVote } from "~/features/promotions/meeting.server";
import { readPromotionMeeting, type OpenNominationRead } from "~/features/promotions/meeting-reads.server";
import { formText } from "~/features/promotions/page-helpers.server";
import { keyedAction } from "~/platform/keyed-action.server";
import { MEETING_FIELD_KEYS, meetingIssues, meetingRefusal } from "~/features/promotions/meeting-messages";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import type { PromotionSessionJson } from "~/features/promotions/types";
import { VOTE_SAVED_KEYS } from "~/features/promotions/meeting-keys";

/**
 * The promotion panelist's pages (/app/promotions/calibration-panelist/sessions and /{id}?cycle_id=), and
 * what they share with the promotion sign-off party's pages (sign-off-pages.server.ts): the list of my
 * sessions per cycle, the session of a page, the nomination opened with ?nomination= (its comment thread
 * and, for panelists, the nominee's feedback summary), and the actions' runner (the platform's pageAction,
 * whose answer calibration's forms and dialogs read).
 */

export type PromotionPageRole = Extract<SessionRole, "panelist" | "sign_off">;

type CycleOption = { id: number; name: string };
export type PromotionListPageData = { role: PromotionPageRole; cycles: CycleOption[] } & (
  | { kind: "selected"; cycleId: number; sessions: PromotionSessionJson[] }
  | { kind: "none" | "invalid"; message: string }
);

/**
 * …/sessions?cycle_id=: my promotion sessions (as `role`) in the cycle; without cycle_id, the latest cycle I have one in.
 * Reads: my cycles, then the sessions in one statement (and, for a cycle I have none in, whether it exists): <= 3.
 */
export async function loadPromotionListPage(request: Request, role: PromotionPageRole): Promise<PromotionListPageData> {
  const current = await requireUser(request);
  const cycles = (await promotionCycles(current, role)).map((c) => ({ id: c.id, name: c.name }));
  const url = new URL(request.url);
  const raw = url.searchParams.get("cycle_id");
  if (raw === null || raw === "") {
    if (!cycles[0]) return { role, cycles, kind: "none", message: "You are not in any promotion calibration session yet" };
    url.searchParams.set("cycle_id", String(cycles[0].id));
    throw redirect(url.pathname + url.search);
  }
  if (!/^\d+$/.test(raw)) return { role, cycles, kind: "invalid", message: "Invalid Cycle ID" };
  try {
    const cycleId = Number(raw);
    if (!cycles.some((c) => c.id === cycleId)) await requireCycle(await getDb(), cycleId);
    const sessions = await readPromotionSessions(cycleId, { role: role === "panelist" ? "PANELIST" : "SIGN_OFF", userId: current.user.id });
    return { role, cycles, kind: "selected", cycleId, sessions };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { role, cycles, kind: "invalid", message: "Invalid Cycle ID" };
    throw err;
  }
}

export type PromotionRef = { current: CurrentUser; cycleId: number; sessionId: number; nominationId: number | null };

/**
 * The promotion session of a page (params.id, ?cycle_id=) and the nomination it has open (?nomination=).
 * Without cycle_id the page goes to the address with the session's cycle written in (the services then check
 * the role); a malformed id is the 404 page.
 */
export async function requirePromotionRef(request: Request, params: LoaderFunctionArgs["params"]): Promise<PromotionRef> {
  const current = await requireUser(request);
  const sessionId = pageIdParam(params.id);
  const url = new URL(request.url);
  const raw = url.searchParams.get("cycle_id");
  if (raw === null || raw === "") {
    const row = await (await getDb()).calibrationSession.findFirst({ where: { id: sessionId, kind: "PROMOTION" }, select: { cycleId: true } });
    if (!row) throw notFoundPage();
    url.searchParams.set("cycle_id", String(row.cycleId));
    throw redirect(url.pathname + url.search);
  }
  if (!/^\d+$/.test(raw)) throw notFoundPage();
  const nomination = url.searchParams.get("nomination");
  return { current, cycleId: Number(raw), sessionId, nominationId: nomination && /^\d+$/.test(nomination) ? Number(nomination) : null };
}

/** The nomination opened with ?nomination= (one of the session's), its comment thread and, with `summary`, the nominee's feedback summary. */
export type OpenNomination = OpenNominationRead;

/**
 * What a promotion page shows of a session: the detail as `role` reads it, the session comments, the open nomination
 * (for panelists with the nominee's feedback summary). Reads: one statement, and the summary's (meeting-reads.server.ts).
 */
export async function loadPromotionSessionPage(request: Request, params: LoaderFunctionArgs["params"], role: PromotionPageRole) {
  const ref = await requirePromotionRef(request, params);
  const { current, cycleId, sessionId, nominationId } = ref;
  const { detail, sessionComments, open } = await pageRead(() => readPromotionMeeting(current, role, cycleId, sessionId, nominationId, role === "panelist"));
  return { role, cycleId, spoofing: isSpoofing(current), myId: current.user.id, detail, sessionComments, open };
}

// ---------------------------------------------------------------------------------------------
// Actions

/** A failure the form shows under `field`: `key` says it (meeting-messages.ts reads it back as the page's message). */
export function fieldError(field: string, key: (typeof MEETING_FIELD_KEYS)[keyof typeof MEETING_FIELD_KEYS]): z.ZodError {
  return new z.ZodError([{ code: "custom", path: [field], message: key, input: undefined }]);
}

/**
 * Run a promotion meeting page action: its toast and its refusals reach the page as keys with values (issue 28,
 * meeting-messages.ts; the services keep their English for the API). A service's refusal that names a form field (the
 * comment a send back needs) is shown under that field.
 */
export async function promotionAction<I extends string>(intent: I | null, fn: () => Promise<PageMessage>) {
  return keyedAction(pageMessage("promotions.couldNotSave"), intent, fn, (err) => (err instanceof z.ZodError ? meetingIssues(err.issues) : meetingRefusal(err)));
}

/** The nomination a comment is about: the one the page has open (?nomination=). */
export function openNominationId(ref: PromotionRef): number {
  if (ref.nominationId === null) throw fieldError("body", MEETING_FIELD_KEYS.openNomination);
  return ref.nominationId;
}

/** intent=vote (nomination_id, vote, note) or intent=comment (body, on the nomination of ?nomination=). */
export async function panelistSessionAction(request: Request, params: LoaderFunctionArgs["params"]) {
  const ref = await requirePromotionRef(request, params);
  const { current, cycleId, sessionId } = ref;
  const form = await request.formData();
  const intent = intentOf(form, ["vote", "comment"] as const);
  return promotionAction(intent, async () => {
    if (intent === "vote") {
      const raw = formText(form, "nomination_id");
      if (!/^\d+$/.test(raw)) throw fieldError("nomination_id", MEETING_FIELD_KEYS.pickNomination);
      const vote = formText(form, "vote");
      if (!vote) throw fieldError("vote", MEETING_FIELD_KEYS.chooseVote);
      const saved = await castVote(current, cycleId, sessionId, Number(raw), { vote, note: formText(form, "note") });
      return pageMessage(VOTE_SAVED_KEYS[saved.vote]);
    }
    await addNominationComment(current, "panelist", cycleId, sessionId, openNominationId(ref), { body: formText(form, "body") });
    return pageMessage("promotionsMeeting.result.commentAdded");
  });
}
