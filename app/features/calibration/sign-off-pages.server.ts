import type { ActionFunctionArgs } from "@remix-run/node";
import { addComment, signOff } from "~/features/calibration/meeting.server";
import { intentOf } from "~/platform/page-errors.server";
import { pageMessage } from "~/platform/i18n/page-message";
import { meetingAction } from "~/features/calibration/meeting-action.server";
import { formText, requireSessionRef } from "~/features/calibration/meeting-pages.server";

/**
 * The sign-off party's page (/app/sign-off-party/calibration-sessions/{id}?cycle_id=): close the session
 * (optional comment), request a revision (comment required), or comment on the session.
 */
export async function signOffAction({ request, params }: ActionFunctionArgs) {
  const { current, cycleId, sessionId } = await requireSessionRef(request, params);
  const form = await request.formData();
  const intent = intentOf(form, ["close", "revision", "comment"] as const);
  const comment = formText(form, "comment");
  return meetingAction(intent, async () => {
    if (intent === "close") {
      await signOff(current, cycleId, sessionId, "close", comment.trim() ? { comment } : {});
      return pageMessage("calibrationMeeting.done.closed");
    }
    if (intent === "revision") {
      await signOff(current, cycleId, sessionId, "revision", { comment });
      return pageMessage("calibrationMeeting.done.revisionRequested");
    }
    await addComment(current, "sign_off", cycleId, sessionId, null, { body: formText(form, "body") });
    return pageMessage("calibrationMeeting.done.commentAdded");
  });
}
