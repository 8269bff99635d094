import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db.server";
import { ZodError } from "zod";
import { ApiError, badRequest } from "~/platform/api.server";
import { pageMessage } from "~/platform/i18n/page-message";
import { isSpoofing, requireUser } from "~/platform/auth.server";
import { forbiddenPage, intentOf, notFoundPage, pageIdParam, pageRead } from "~/platform/page-errors.server";
import { rolesIn, stateOf } from "~/features/calibration/model.server";
import { promotionAllowed, runnerRole } from "~/features/promotions/model.server";
import { transitionPromotionSession } from "~/features/promotions/sessions.server";
import { requestEndorsements } from "~/features/promotions/endorsements.server";
import { addNominationComment, decideNomination } from "~/features/promotions/meeting.server";
import { readPromotionSession } from "~/features/promotions/hr-reads.server";
import { readSessionNominations } from "~/features/promotions/session-detail-reads.server";
import { keyedAction } from "~/platform/keyed-action.server";
import { sessionPageIssues, sessionPageRefusal } from "~/features/promotions/hr-messages";
import { CALIBRATION_FAILURE } from "../../../workflows/calibration-session-contract";
import { formId, formIds, formText } from "~/features/promotions/page-helpers.server";
import type { HrSessionPageData } from "~/features/promotions/hr-page-types";
import { mayOpenSessionInsights } from "~/features/insights/session-access.server";

/**
 * /app/promotions/hr-partners/sessions/{id}?cycle_id= (spec §2, issue 14): the HR partner who created the
 * promotion session, or its session admin, runs it: the transitions `allowed` permits now (activate, progress to
 * review), endorsement requests per nomination, the decision with a reason, and comments. Each intent calls the
 * promotion services, which check the role and the state again (403/409 come back as the page's message). The
 * page's reads (issue 27): the session, then its nominations with comments — 2 prepared statements.
 */

/** The session of the page: params.id and ?cycle_id= (without it, a redirect to the address with the session's cycle). */
async function sessionRef(request: Request, params: LoaderFunctionArgs["params"]) {
  const current = await requireUser(request);
  const sessionId = pageIdParam(params.id);
  const url = new URL(request.url);
  const raw = url.searchParams.get("cycle_id");
  if (raw === null || raw === "") {
    const read = await pageRead(() => readPromotionSession(sessionId, null));
    if (!read) throw notFoundPage();
    url.searchParams.set("cycle_id", String(read.cycle.id));
    throw redirect(url.pathname + url.search);
  }
  if (!/^\d+$/.test(raw)) throw notFoundPage();
  return { current, cycleId: Number(raw), sessionId };
}

export async function loadHrSessionPage(request: Request, params: LoaderFunctionArgs["params"]): Promise<HrSessionPageData> {
  const { current, cycleId, sessionId } = await sessionRef(request, params);
  const read = await pageRead(() => readPromotionSession(sessionId, cycleId));
  if (!read) throw notFoundPage();
  // Whoever runs it (runnerRole): the HR partner who created it, else its session admin; anyone else gets the 403 page.
  const roles = rolesIn(read.row, current);
  const role = roles.includes("hr_partner") ? "hr_partner" : roles.includes("session_admin") ? "session_admin" : null;
  if (!role) throw forbiddenPage();
  const [{ nominations, comments }, insightsLink] = await Promise.all([
    pageRead(() => readSessionNominations(sessionId, current.user.id)),
    mayOpenSessionInsights(current, { id: sessionId, createdById: read.row.createdById }),
  ]);
  return {
    cycleId,
    cycle: read.cycle,
    role,
    spoofing: isSpoofing(current),
    myId: current.user.id,
    detail: { session: read.json, my_roles: roles, allowed: promotionAllowed(roles, stateOf(read.row)), nominations },
    comments,
    insightsLink,
  };
}

const EVENTS = { activate: "promotionsHr.result.activated", progress_to_review: "promotionsHr.result.sentForReview" } as const;

function nominationOf(form: FormData): number {
  const id = formId(form, "nomination_id");
  if (id === null) throw badRequest("Pick a nomination");
  return id;
}

/**
 * intent transition (event activate | progress_to_review), request_endorsers, decide or comment. Its toast and its
 * refusals reach the page as keys with values (issue 28; hr-messages.ts): the services keep their English for the API.
 */
export async function hrSessionAction({ request, params }: ActionFunctionArgs) {
  const { current, cycleId, sessionId } = await sessionRef(request, params);
  const form = await request.formData();
  const intent = intentOf(form, ["transition", "request_endorsers", "decide", "comment"] as const);
  const deadline = formText(form, "deadline");
  // Who is still undecided, for the refusal to send a session with undecided nominations for review (read on that failure only).
  let undecided: string[] = [];
  const explain = (err: ApiError | ZodError) =>
    err instanceof ZodError ? sessionPageIssues(err.issues) : sessionPageRefusal(err, { undecided, deadlinePassed: deadline !== "" && !(new Date(deadline).getTime() > Date.now()) });
  return keyedAction(
    pageMessage("promotions.couldNotSave"),
    intent,
    async () => {
      switch (intent) {
        case "transition": {
          const event = formText(form, "event");
          try {
            await transitionPromotionSession(current, "member", cycleId, sessionId, event, {});
          } catch (err) {
            if (err instanceof ApiError && (err.details as { reason?: unknown } | null)?.reason === CALIBRATION_FAILURE.undecided) {
              const { nominations } = await readSessionNominations(sessionId, current.user.id);
              undecided = nominations.filter((n) => !n.terminated && !n.decision).map((n) => n.nominee.name);
            }
            throw err;
          }
          return pageMessage(EVENTS[event as keyof typeof EVENTS] ?? "promotionsHr.result.updated");
        }
        case "request_endorsers": {
          const asked = await requestEndorsements(current, cycleId, sessionId, nominationOf(form), { endorser_ids: formIds(form, "endorser_id"), ...(deadline ? { deadline } : {}) });
          return asked.length === 0 ? pageMessage("promotionsHr.result.alreadyAsked") : pageMessage("promotionsHr.result.asked", { count: asked.length });
        }
        case "decide": {
          const decision = formText(form, "decision");
          const { changed } = await decideNomination(current, cycleId, sessionId, nominationOf(form), { decision: decision || undefined, reason: formText(form, "reason") });
          return pageMessage(changed ? "promotionsHr.result.decisionSaved" : "promotionsHr.result.nothingChanged");
        }
        default: {
          const db = await getDb();
          const role = await runnerRole(db, current, cycleId, sessionId);
          await addNominationComment(current, role, cycleId, sessionId, nominationOf(form), { body: formText(form, "body") });
          return pageMessage("promotionsHr.result.commentAdded");
        }
      }
    },
    explain,
  );
}
