import type { LoaderFunctionArgs } from "@remix-run/node";
import { transitionPromotionSession } from "~/features/promotions/sessions.server";
import { addNominationComment } from "~/features/promotions/meeting.server";
import { intentOf } from "~/platform/page-errors.server";
import { pageMessage } from "~/platform/i18n/page-message";
import { formText } from "~/features/promotions/page-helpers.server";
import { openNominationId, promotionAction, requirePromotionRef } from "~/features/promotions/panelist-pages.server";

/**
 * The promotion sign-off party's session page (/app/promotions/sign-off-party/sessions/{id}?cycle_id=; the
 * loader is panelist-pages.server.ts loadPromotionSessionPage with role "sign_off"): approve the outcome
 * (event progress_to_close, optional comment), send it back (event progress_to_revision_requested, comment
 * required), or comment on the nomination the page has open (?nomination=). The service answers 409 when the
 * session is not in review any more and 400 without the comment; the page shows the message.
 */
export async function signOffSessionAction(request: Request, params: LoaderFunctionArgs["params"]) {
  const ref = await requirePromotionRef(request, params);
  const { current, cycleId, sessionId } = ref;
  const form = await request.formData();
  const intent = intentOf(form, ["close", "revision", "comment"] as const);
  const comment = formText(form, "comment");
  return promotionAction(intent, async () => {
    if (intent === "close") {
      await transitionPromotionSession(current, "member", cycleId, sessionId, "progress_to_close", comment ? { comment } : {});
      return pageMessage("promotionsMeeting.result.approved");
    }
    if (intent === "revision") {
      await transitionPromotionSession(current, "member", cycleId, sessionId, "progress_to_revision_requested", comment ? { comment } : {});
      return pageMessage("promotionsMeeting.result.sentBack");
    }
    await addNominationComment(current, "sign_off", cycleId, sessionId, openNominationId(ref), { body: formText(form, "body") });
    return pageMessage("promotionsMeeting.result.commentAdded");
  });
}
