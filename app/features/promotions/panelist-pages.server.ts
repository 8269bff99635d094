import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/platform/db.server";
import { ApiError } from "~/platform/api.server";
import { isSpoofing, requireUser, type CurrentUser } from "~/platform/auth.server";
import { forPage, notFoundPage, pageIdParam } from "~/platform/page-errors.server";
import type { SessionRole } from "~/features/calibration/rules";
import type { CommentJson } from "~/features/calibration/types";
import { listComments } from "~/features/calibration/views.server";
import type { FeedbackSummary } from "~/features/summaries/rules";
import { listPromotionSessions, promotionCycles } from "~/features/promotions/sessions.server";
import {
  addNominationComment,
  castVote,
  getPromotionSessionDetail,
  listNominationComments,
  nomineeFeedbackSummary,
} from "~/features/promotions/meeting.server";
import type { PromotionSessionDetailJson, PromotionSessionJson } from "~/features/promotions/types";

/**
 * The promotion panelist's pages (/app/promotions/calibration-panelist/sessions and /{id}?cycle_id=), and
 * what they share with the promotion sign-off party's pages (sign-off-pages.server.ts): the list of my
 * sessions per cycle, the session of a page, the nomination opened with ?nomination= (its comment thread
 * and, for panelists, the nominee's feedback summary), and how an action's result reaches the page (the
 * shape of calibration's MeetingActionResult, so calibration's forms and dialogs post here).
 */

export type PromotionPageRole = Extract<SessionRole, "panelist" | "sign_off">;

/** A page read: the service's 404 and 403 become the spec's error pages ('Not found', "You don't have access to this page"). */
export async function promotionPageRead<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await forPage(fn);
  } catch (err) {
    if (err instanceof Response && err.status === 404) throw notFoundPage();
    if (err instanceof Response && err.status === 403)
      throw new Response("You don't have access to this page", {
        status: 403,
        statusText: "Forbidden",
      });
    throw err;
  }
}

type CycleOption = { id: number; name: string };
export type PromotionListPageData = {
  role: PromotionPageRole;
  cycles: CycleOption[];
} & ({ kind: "selected"; cycleId: number; sessions: PromotionSessionJson[] } | { kind: "none" | "invalid"; message: string });

/** …/sessions?cycle_id=: my promotion sessions (as `role`) in the cycle; without cycle_id, the latest cycle I have one in. */
export async function loadPromotionListPage(request: Request, role: PromotionPageRole): Promise<PromotionListPageData> {
  const current = await requireUser(request);
  const cycles = (await promotionCycles(current, role)).map((c) => ({
    id: c.id,
    name: c.name,
  }));
  const url = new URL(request.url);
  const raw = url.searchParams.get("cycle_id");
  if (raw === null || raw === "") {
    if (!cycles[0])
      return {
        role,
        cycles,
        kind: "none",
        message: "You are not in any promotion calibration session yet",
      };
    url.searchParams.set("cycle_id", String(cycles[0].id));
    throw redirect(url.pathname + url.search);
  }
  if (!/^\d+$/.test(raw)) return { role, cycles, kind: "invalid", message: "Invalid Cycle ID" };
  try {
    return {
      role,
      cycles,
      kind: "selected",
      cycleId: Number(raw),
      sessions: await listPromotionSessions(current, role, Number(raw)),
    };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { role, cycles, kind: "invalid", message: "Invalid Cycle ID" };
    throw err;
  }
}

export type PromotionRef = {
  current: CurrentUser;
  cycleId: number;
  sessionId: number;
  nominationId: number | null;
};

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
    const row = await (
      await getDb()
    ).calibrationSession.findFirst({
      where: { id: sessionId, kind: "PROMOTION" },
      select: { cycleId: true },
    });
    if (!row) throw notFoundPage();
    url.searchParams.set("cycle_id", String(row.cycleId));
    throw redirect(url.pathname + url.search);
  }
  if (!/^\d+$/.test(raw)) throw notFoundPage();
  const nomination = url.searchParams.get("nomination");
  return {
    current,
    cycleId: Number(raw),
    sessionId,
    nominationId: nomination && /^\d+$/.test(nomination) ? Number(nomination) : null,
  };
}

/** The nomination opened with ?nomination= (one of the session's), its comment thread and, with `summary`, the nominee's feedback summary. */
export type OpenNomination = {
  nomination_id: number;
  comments: CommentJson[];
  summary: FeedbackSummary | null;
};

export async function loadOpenNomination(
  ref: PromotionRef,
  role: PromotionPageRole,
  detail: PromotionSessionDetailJson,
  withSummary: boolean
): Promise<OpenNomination | null> {
  const { current, cycleId, sessionId, nominationId } = ref;
  if (nominationId === null || !detail.nominations.some((n) => n.nomination_id === nominationId)) return null;
  const [comments, summary] = await Promise.all([
    promotionPageRead(() => listNominationComments(current, role, cycleId, sessionId, nominationId)),
    withSummary ? promotionPageRead(() => nomineeFeedbackSummary(current, role, cycleId, sessionId, nominationId)) : Promise.resolve(null),
  ]);
  return { nomination_id: nominationId, comments, summary };
}

/** What a promotion page shows of a session: the detail as `role` reads it, the session comments, the open nomination. */
export async function loadPromotionSessionPage(request: Request, params: LoaderFunctionArgs["params"], role: PromotionPageRole) {
  const ref = await requirePromotionRef(request, params);
  const { current, cycleId, sessionId } = ref;
  const detail = await promotionPageRead(() => getPromotionSessionDetail(current, role, cycleId, sessionId));
  const [sessionComments, open] = await Promise.all([
    promotionPageRead(() => listComments(current, role, cycleId, sessionId, null, "PROMOTION")),
    loadOpenNomination(ref, role, detail, role === "panelist"),
  ]);
  return {
    role,
    cycleId,
    spoofing: isSpoofing(current),
    myId: current.user.id,
    detail,
    sessionComments,
    open,
  };
}

// ---------------------------------------------------------------------------------------------
// Actions

export type PromotionActionResult =
  | { ok: true; intent: string; message: string }
  | {
      ok: false;
      intent: string | null;
      message: string;
      fieldErrors: Record<string, string>;
    };

/** A form field as text ("" when absent). */
export function formText(form: FormData, name: string): string {
  const raw = form.get(name);
  return typeof raw === "string" ? raw : "";
}

/** The intent of a posted form, when it is one of `allowed`. */
export function intentOf<T extends string>(form: FormData, allowed: readonly T[]): T | null {
  const raw = form.get("intent");
  return typeof raw === "string" && (allowed as readonly string[]).includes(raw) ? (raw as T) : null;
}

/** A failure the form shows: `field` gets the message, e.g. a missing choice. */
export class FormFieldError extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
}

/**
 * Run a page action: success → 200 { ok, intent, message } (the page toasts it); invalid input (zod, or a
 * FormFieldError) → 400 with a message per field; an ApiError → its status (403/404/409/503) and message
 * (a 400 naming a field in its details is that field's message).
 */
export async function promotionAction(intent: string | null, fn: () => Promise<string>) {
  try {
    if (intent === null) return data<PromotionActionResult>({ ok: false, intent, message: "Unknown action", fieldErrors: {} }, { status: 400 });
    return data<PromotionActionResult>({
      ok: true,
      intent,
      message: await fn(),
    });
  } catch (err) {
    if (err instanceof FormFieldError)
      return data<PromotionActionResult>(
        {
          ok: false,
          intent,
          message: err.message,
          fieldErrors: { [err.field]: err.message },
        },
        { status: 400 }
      );
    if (err instanceof z.ZodError) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of err.issues) {
        const key = String(issue.path[0] ?? "form");
        if (!(key in fieldErrors)) fieldErrors[key] = issue.message;
      }
      return data<PromotionActionResult>(
        {
          ok: false,
          intent,
          message: err.issues[0]?.message ?? "Invalid input",
          fieldErrors,
        },
        { status: 400 }
      );
    }
    if (err instanceof ApiError) {
      const details = err.details && typeof err.details === "object" ? (err.details as Record<string, unknown>) : {};
      const fieldErrors = err.status === 400 ? Object.fromEntries(Object.keys(details).map((k) => [k, err.message])) : {};
      return data<PromotionActionResult>({ ok: false, intent, message: err.message, fieldErrors }, { status: err.status });
    }
    throw err;
  }
}

/** The nomination a comment is about: the one the page has open (?nomination=). */
export function openNominationId(ref: PromotionRef): number {
  if (ref.nominationId === null) throw new FormFieldError("body", "Open a nomination to comment on it");
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
      if (!/^\d+$/.test(raw)) throw new FormFieldError("nomination_id", "Pick a nomination to vote on");
      const vote = formText(form, "vote");
      if (!vote) throw new FormFieldError("vote", "Choose Promote, Do not promote or Defer");
      const saved = await castVote(current, cycleId, sessionId, Number(raw), {
        vote,
        note: formText(form, "note"),
      });
      return `Vote saved: ${saved.vote_label}`;
    }
    await addNominationComment(current, "panelist", cycleId, sessionId, openNominationId(ref), { body: formText(form, "body") });
    return "Comment added";
  });
}
