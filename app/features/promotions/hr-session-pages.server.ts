import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db.server";
import { badRequest } from "~/platform/api.server";
import { isSpoofing, requireUser } from "~/platform/auth.server";
import { intentOf, notFoundPage, pageAction, pageIdParam, pageRead } from "~/platform/page-errors.server";
import { getCycle } from "~/features/cycles/service.server";
import { runnerRole } from "~/features/promotions/model.server";
import { transitionPromotionSession } from "~/features/promotions/sessions.server";
import { requestEndorsements } from "~/features/promotions/endorsements.server";
import { addNominationComment, decideNomination, getPromotionSessionDetail, listNominationComments } from "~/features/promotions/meeting.server";
import { formId, formIds, formText } from "~/features/promotions/page-helpers.server";
import type { HrSessionPageData } from "~/features/promotions/hr-page-types";

/**
 * /app/promotions/hr-partners/sessions/{id}?cycle_id= (spec §2, issue 14): the HR partner who created the
 * promotion session, or its session admin, runs it: the transitions `allowed` permits now (activate, progress to
 * review), endorsement requests per nomination, the decision with a reason, and comments. Each intent calls the
 * promotion services, which check the role and the state again (403/409 come back as the page's message).
 */

/** The session of the page: params.id and ?cycle_id= (without it, a redirect to the address with the session's cycle). */
async function sessionRef(request: Request, params: LoaderFunctionArgs["params"]) {
  const current = await requireUser(request);
  const sessionId = pageIdParam(params.id);
  const url = new URL(request.url);
  const raw = url.searchParams.get("cycle_id");
  if (raw === null || raw === "") {
    const db = await getDb();
    const row = await db.calibrationSession.findFirst({ where: { id: sessionId, kind: "PROMOTION" }, select: { cycleId: true } });
    if (!row) throw notFoundPage();
    url.searchParams.set("cycle_id", String(row.cycleId));
    throw redirect(url.pathname + url.search);
  }
  if (!/^\d+$/.test(raw)) throw notFoundPage();
  return { current, cycleId: Number(raw), sessionId };
}

export async function loadHrSessionPage(request: Request, params: LoaderFunctionArgs["params"]): Promise<HrSessionPageData> {
  const { current, cycleId, sessionId } = await sessionRef(request, params);
  const db = await getDb();
  const role = await pageRead(() => runnerRole(db, current, cycleId, sessionId));
  const [detail, cycle] = await Promise.all([pageRead(() => getPromotionSessionDetail(current, role, cycleId, sessionId)), pageRead(() => getCycle(cycleId))]);
  const threads = await Promise.all(detail.nominations.map(async (n) => [n.nomination_id, await pageRead(() => listNominationComments(current, role, cycleId, sessionId, n.nomination_id))] as const));
  return {
    cycleId,
    cycle: { id: cycle.id, name: cycle.name, state: cycle.state, stage_label: cycle.stage_label },
    role,
    spoofing: isSpoofing(current),
    myId: current.user.id,
    detail,
    comments: Object.fromEntries(threads),
  };
}

const EVENTS = { activate: "Session activated", progress_to_review: "Session sent for review" } as const;

function nominationOf(form: FormData): number {
  const id = formId(form, "nomination_id");
  if (id === null) throw badRequest("Pick a nomination");
  return id;
}

/** intent transition (event activate | progress_to_review), request_endorsers, decide or comment. */
export async function hrSessionAction({ request, params }: ActionFunctionArgs) {
  const { current, cycleId, sessionId } = await sessionRef(request, params);
  const form = await request.formData();
  const intent = intentOf(form, ["transition", "request_endorsers", "decide", "comment"] as const);
  return pageAction(intent, async () => {
    switch (intent) {
      case "transition": {
        const event = formText(form, "event");
        await transitionPromotionSession(current, "member", cycleId, sessionId, event, {});
        return EVENTS[event as keyof typeof EVENTS] ?? "Session updated";
      }
      case "request_endorsers": {
        const deadline = formText(form, "deadline");
        const asked = await requestEndorsements(current, cycleId, sessionId, nominationOf(form), { endorser_ids: formIds(form, "endorser_id"), ...(deadline ? { deadline } : {}) });
        return asked.length === 0 ? "Those endorsers were already asked" : `Asked ${asked.length} ${asked.length === 1 ? "endorser" : "endorsers"}`;
      }
      case "decide": {
        const decision = formText(form, "decision");
        const { changed } = await decideNomination(current, cycleId, sessionId, nominationOf(form), { decision: decision || undefined, reason: formText(form, "reason") });
        return changed ? "Decision saved" : "Nothing changed";
      }
      default: {
        const db = await getDb();
        const role = await runnerRole(db, current, cycleId, sessionId);
        await addNominationComment(current, role, cycleId, sessionId, nominationOf(form), { body: formText(form, "body") });
        return "Comment added";
      }
    }
  });
}
