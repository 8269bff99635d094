import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isSpoofing } from "~/platform/auth.server";
import { intentOf, pageIdParam, pageRead } from "~/platform/page-errors.server";
import { pageMessage } from "~/platform/i18n/page-message";
import { meetingAction } from "~/features/calibration/meeting-action.server";
import { addComment, proposeRating } from "~/features/calibration/meeting.server";
import { readParticipantPage } from "~/features/calibration/meeting-reads.server";
import { formNumber, formText, requireSessionRef } from "~/features/calibration/meeting-pages.server";
import type { ParticipantPageData } from "~/features/calibration/meeting-page-types";

/**
 * The panelist's participant page (/app/ratings/calibration-panelist/sessions/{sessionId}/participants/
 * {participantId}/calibration-rating?cycle_id=; {participantId} is the session participant's id): the feedback
 * summary, the nomination, the proposals, the thread and the history; proposing a rating and commenting.
 */

async function participantRef(request: Request, params: LoaderFunctionArgs["params"]) {
  const ref = await requireSessionRef(request, params, "sessionId");
  return { ...ref, spId: pageIdParam(params.participantId) };
}

export async function loadParticipantPage(request: Request, params: LoaderFunctionArgs["params"]): Promise<ParticipantPageData> {
  const { current, cycleId, sessionId, spId } = await participantRef(request, params);
  const detail = await pageRead(() => readParticipantPage(current, "panelist", cycleId, sessionId, spId));
  return { cycleId, spoofing: isSpoofing(current), myId: current.user.id, detail };
}

/** intent=propose (rating, justification: required) or intent=comment (body). */
export async function participantPageAction({ request, params }: ActionFunctionArgs) {
  const { current, cycleId, sessionId, spId } = await participantRef(request, params);
  const form = await request.formData();
  const intent = intentOf(form, ["propose", "comment"] as const);
  return meetingAction(intent, async () => {
    if (intent === "propose") {
      await proposeRating(current, cycleId, sessionId, spId, { rating: formNumber(form, "rating"), justification: formText(form, "justification") });
      return pageMessage("calibrationMeeting.done.proposed");
    }
    await addComment(current, "panelist", cycleId, sessionId, spId, { body: formText(form, "body") });
    return pageMessage("calibrationMeeting.done.commentAdded");
  });
}
